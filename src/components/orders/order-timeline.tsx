"use client";

import { CheckCircle2, Circle, XCircle } from "lucide-react";
import { useFormatter, useTranslations } from "use-intl";
import type { OrderStatus } from "@/lib/checkout";
import { DATE_FORMATS } from "@/lib/date-format";

/** Notes the shop writes on an event, as codes; anything else (an admin's own words) shows only to admins. */
const NOTE_CODES = [
  "cancelled-by-shopper",
  "cancelled-by-shop",
  "not-paid-in-time",
  "bank-transfer-received",
  "payment-after-cancel",
  "taken-by-staff",
] as const;
type NoteCode = (typeof NOTE_CODES)[number];
const isNoteCode = (note: string | null | undefined): note is NoteCode => (NOTE_CODES as readonly (string | null | undefined)[]).includes(note);

export interface TimelineEvent {
  at: string;
  status: OrderStatus;
  note?: string | null;
}

/** What happened to an order and when, oldest first, in Tanzania's time. */
export function OrderTimeline({ events, showFreeNotes = false }: { events: TimelineEvent[]; showFreeNotes?: boolean }) {
  const t = useTranslations("orders");
  const format = useFormatter();
  return (
    <ol className="space-y-3" aria-label={t("timeline.label")} data-testid="order-timeline">
      {events.map((e, i) => {
        const last = i === events.length - 1;
        const stopped = e.status === "cancelled" || e.status === "refunded" || e.status === "refused";
        const Icon = stopped ? XCircle : last ? CheckCircle2 : Circle;
        const note = isNoteCode(e.note) ? t(`eventNote.${e.note}`) : showFreeNotes && e.note ? e.note : null;
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
