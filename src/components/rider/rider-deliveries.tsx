"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { MapPin, Phone, RefreshCw } from "lucide-react";
import { useLocale, useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import type { RiderDeliveriesResponse, RiderDelivery } from "@/lib/contract/on-delivery";
import { formatMoney } from "@/lib/money";
import type { Locale } from "@/lib/locale";
import { formatTanzanianPhone } from "@/lib/phone";
import { regionName } from "@/lib/tanzania-regions";
import { Button, buttonClass } from "../ui/button";
import { toast } from "../ui/toaster";
import { CollectDialog, RefuseDialog } from "./outcome-dialogs";

/** The rider's day: what they took so far, then each open delivery with its two outcomes. */
export function RiderDeliveries({ view }: { view: RiderDeliveriesResponse }) {
  const t = useTranslations("delivery.rider");
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const refresh = () => startRefresh(() => router.refresh());
  const { today, deliveries } = view;

  return (
    <div className="mt-3 space-y-4">
      <section aria-labelledby="rider-today" className="rounded-xl border border-[var(--border)] bg-[var(--surface)] p-4" data-testid="rider-today">
        <h2 id="rider-today" className="text-sm font-semibold text-[var(--muted-fg)]">
          {t("today")}
        </h2>
        <dl className="mt-2 grid grid-cols-2 gap-3">
          <div className="col-span-2">
            <dt className="text-sm">{t("cashToHand")}</dt>
            <dd className="text-3xl font-bold tabular-nums" data-testid="rider-cash">
              {formatMoney(today.cash, "TZS")}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-[var(--muted-fg)]">{t("till")}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid="rider-till">
              {formatMoney(today.till, "TZS")}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-[var(--muted-fg)]">{t("fees")}</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatMoney(today.fees, "TZS")}</dd>
          </div>
          <div>
            <dt className="text-xs text-[var(--muted-fg)]">{t("delivered")}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid="rider-delivered">
              {today.delivered}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-[var(--muted-fg)]">{t("refused")}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid="rider-refused">
              {today.refused}
            </dd>
          </div>
        </dl>
      </section>

      <div className="flex items-center justify-between gap-2">
        <h2 className="min-w-0 text-lg font-semibold" aria-live="polite">
          {t("open", { count: deliveries.length })}
        </h2>
        <Button variant="secondary" size="sm" className="shrink-0 whitespace-nowrap" onClick={refresh} busy={refreshing} busyText={t("refresh")}>
          <RefreshCw className="h-4 w-4" aria-hidden />
          {t("refresh")}
        </Button>
      </div>

      {deliveries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-[var(--border)] p-6 text-center text-sm text-[var(--muted-fg)]">{t("none")}</p>
      ) : (
        <ul className="space-y-4" aria-label={t("title")}>
          {deliveries.map((d) => (
            <DeliveryCard key={d.number} delivery={d} onDone={refresh} />
          ))}
        </ul>
      )}
    </div>
  );
}

function addressOf(d: RiderDelivery, locale: Locale): string {
  return [d.street, d.ward, d.district, d.region ? regionName(d.region, locale) : null]
    .filter((part): part is string => Boolean(part && part.trim()))
    .join(", ");
}

/** One delivery: the customer (a tap calls them), where, what to collect in big type, the goods, and Paid / Refused. */
function DeliveryCard({ delivery: d, onDone }: { delivery: RiderDelivery; onDone: () => void }) {
  const t = useTranslations("delivery");
  const tr = useTranslations("delivery.rider");
  const address = addressOf(d, useLocale() as Locale);
  const titleId = `delivery-${d.number}`;
  const done = (key: "collect.done" | "refuse.done") => {
    toast({ title: t(key, { number: d.number }) });
    onDone();
  };
  return (
    <li aria-labelledby={titleId} className="rounded-xl border border-[var(--border)] p-4" data-testid="rider-delivery" data-number={d.number}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id={titleId} className="text-lg font-bold break-words">
          {d.fullName}
        </h3>
        <span className="font-mono text-xs text-[var(--muted-fg)]">{d.number}</span>
      </div>
      <a
        href={`tel:${d.phone.replace(/\s+/g, "")}`}
        className="mt-2 inline-flex min-h-11 items-center gap-2 rounded-lg border border-[var(--border)] px-3 font-semibold text-brand hover:border-brand"
      >
        <Phone className="h-4 w-4" aria-hidden />
        {tr("call", { phone: formatTanzanianPhone(d.phone) })}
      </a>
      <div className="mt-3 space-y-1 text-sm">
        {d.deliveryMethod === "pickup" ? (
          <p>{tr("pickup")}</p>
        ) : (
          address && (
            <p className="flex items-start gap-2">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-[var(--muted-fg)]" aria-hidden />
              <span className="break-words">{address}</span>
            </p>
          )
        )}
        {d.landmark && (
          <p className="break-words">
            <span className="font-semibold">{tr("landmark")}:</span> {d.landmark}
          </p>
        )}
        {d.notes && (
          <p className="break-words">
            <span className="font-semibold">{tr("notes")}:</span> {d.notes}
          </p>
        )}
      </div>
      <p className="mt-3 rounded-lg bg-[var(--surface)] p-3">
        <span className="block text-sm text-[var(--muted-fg)]">{tr("collect")}</span>
        <span className="text-3xl font-bold tabular-nums" data-testid="delivery-total">
          {formatMoney(d.total, "TZS")}
        </span>
        <span className="mt-1 block text-xs text-[var(--muted-fg)]">
          {d.refusalFee > 0 ? tr("feeIfRefused", { fee: formatMoney(d.refusalFee, "TZS") }) : tr("noFee")}
        </span>
      </p>
      <h4 className="mt-3 text-sm font-semibold">{tr("items")}</h4>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
        {d.lines.map((line, i) => (
          <li key={i} className="break-words">
            <span className="font-semibold tabular-nums">{line.quantity} ×</span> {line.name}
          </li>
        ))}
      </ul>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <CollectDialog
          number={d.number}
          total={d.total}
          submit={(body) => api.rider.collect(d.number, body)}
          onDone={() => done("collect.done")}
          triggerLabel={t("collect.open")}
          triggerClassName={buttonClass({ size: "lg", block: true })}
        />
        <RefuseDialog
          number={d.number}
          fee={d.refusalFee}
          submit={(body) => api.rider.refuse(d.number, body)}
          onDone={() => done("refuse.done")}
          triggerLabel={t("refuse.open")}
          triggerClassName={buttonClass({ variant: "danger-outline", size: "lg", block: true })}
        />
      </div>
    </li>
  );
}
