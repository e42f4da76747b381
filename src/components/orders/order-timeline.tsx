"use client";

import { CheckCircle2, Circle, XCircle } from "lucide-react";
import { useFormatter, useLocale, useTranslations } from "use-intl";
import type { OrderStatus } from "@/lib/checkout";
import { DATE_FORMATS } from "@/lib/date-format";
import { formatDateRange } from "@/lib/delivery-estimate";
import { readOrderNote, shopperSeesNote, type OrderNote } from "@/lib/order-notes";

export interface TimelineEvent {
  at: string;
  status: OrderStatus;
  note?: string | null;
}

/**
 * What happened to an order and when, oldest first, in Tanzania's time, with the shop's notes in
 * the page's language (readOrderNote); staff's own words (a refusal's reason, an admin's note)
 * show only where `showFreeNotes` (the admin's page).
 */
export function OrderTimeline({ events, showFreeNotes = false }: { events: TimelineEvent[]; showFreeNotes?: boolean }) {
  const t = useTranslations("orders");
  const format = useFormatter();
  const locale = useLocale();
  const noteText = (note: OrderNote): string => {
    switch (note.kind) {
      case "plain":
        return t(`eventNote.${note.code}`);
      case "paid-in-person":
        return note.transactionId ? t("eventNote.paidTill", { transactionId: note.transactionId }) : t("eventNote.paidCash");
      case "rider":
        return t("eventNote.rider", { name: note.name });
      case "refused":
        return t("eventNote.refused", { reason: note.reason });
      case "payment-reversed":
        return t("eventNote.paymentReversed", { reason: note.reason });
      case "refund":
        return t("eventNote.refund", { step: note.step, number: note.number });
      case "promise-slipped":
        return t("eventNote.promiseSlipped", { dates: formatDateRange(note.from, note.to, locale === "sw" ? "sw" : "en") });
      case "free":
        return note.text;
    }
  };
  return (
    <ol className="space-y-3" aria-label={t("timeline.label")} data-testid="order-timeline">
      {events.map((e, i) => {
        const last = i === events.length - 1;
        const stopped = e.status === "cancelled" || e.status === "refunded" || e.status === "refused";
        const Icon = stopped ? XCircle : last ? CheckCircle2 : Circle;
        const read = e.note ? readOrderNote(e.note) : null;
        // the shop's codes in the page's language; staff's own words to admins only
        const note = read && (showFreeNotes || shopperSeesNote(read)) ? noteText(read) : null;
        return (
          <li key={`${e.at}-${i}`} className="flex gap-3" data-status={e.status}>
            <Icon className={`mt-0.5 h-5 w-5 shrink-0 ${stopped ? "text-red-700" : "text-brand"}`} aria-hidden />
            <div className="text-sm">
              <p className={last ? "font-semibold" : undefined}>{t(`status.${e.status}`)}</p>
              <p className="text-xs text-[var(--muted-fg)]">
                <time dateTime={e.at}>{format.dateTime(new Date(e.at), DATE_FORMATS.dateTime)}</time>
              </p>
              {note && <p className="text-xs text-[var(--muted-fg)]">{note}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
