"use client";

import { CheckCircle2, CircleAlert } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "use-intl";
import { FIRST_DAY_COOKIE, type FirstDayChecklist, type FirstDayItem } from "@/lib/first-day";

/**
 * A shop owner's first day on the dashboard: what a live shop needs, each item done or missing
 * with one line saying why and a link to where it is set. Open while something is missing; the
 * admin can close it, and it stays closed until something else goes missing.
 */
export function FirstDayChecklistPanel({ checklist, open }: { checklist: FirstDayChecklist; open: boolean }) {
  const t = useTranslations("admin.dashboard.firstDay");
  const missing = checklist.items.filter((i) => !i.done).map((i) => i.id);

  const remember = (event: React.SyntheticEvent<HTMLDetailsElement>) => {
    const closed = !event.currentTarget.open;
    document.cookie = closed
      ? `${FIRST_DAY_COOKIE}=${missing.join(".")}; path=/admin; max-age=31536000; samesite=lax`
      : `${FIRST_DAY_COOKIE}=; path=/admin; max-age=0; samesite=lax`;
  };

  const reason = (item: FirstDayItem): string => {
    const fields = (list: string[]) => list.map((f) => t(`fields.${f}` as "fields.tin")).join(", ");
    switch (item.id) {
      case "shopDetails":
        return item.done ? t("items.shopDetails.done") : t("items.shopDetails.missing", { fields: fields(item.missing) });
      case "taxNumbers":
        return item.done ? t("items.taxNumbers.done") : t("items.taxNumbers.missing", { fields: fields(item.missing) });
      case "categories":
        if (item.total === 0) return t("items.categories.none");
        if (item.withoutAttributes > 0)
          return t("items.categories.some", {
            count: item.withoutAttributes,
            names: item.examples.join(", ") + (item.withoutAttributes > item.examples.length ? ", …" : ""),
          });
        return t("items.categories.done", { count: item.total });
      case "catalogue":
        if (item.onSale === 0) return t("items.catalogue.none");
        return item.withoutPicture > 0
          ? t("items.catalogue.pictures", { onSale: item.onSale, missing: item.withoutPicture })
          : t("items.catalogue.done", { onSale: item.onSale });
      case "payments":
        return item.provider === "clickpesa" ? t("items.payments.live") : t("items.payments.sandbox");
      case "sms":
        return item.provider === "africastalking" ? t("items.sms.live") : t("items.sms.missing");
    }
  };

  return (
    <section aria-labelledby="first-day-title" className="mt-4 rounded-xl border-2 border-brand bg-[var(--surface)] p-4 text-sm" data-testid="first-day">
      <details open={open} onToggle={remember}>
        <summary className="cursor-pointer">
          <h2 id="first-day-title" className="inline text-base font-semibold">
            {t("title")}
          </h2>{" "}
          <span className="text-[var(--muted-fg)]" data-testid="first-day-progress">
            · {t("progress", { done: checklist.done, total: checklist.total })}
          </span>
        </summary>
        <p className="mt-1 text-[var(--muted-fg)]">{t("intro")}</p>
        <ul className="mt-3 divide-y divide-[var(--border)]">
          {checklist.items.map((item) => (
            <li key={item.id} className="flex items-start gap-3 py-2" data-item={item.id} data-done={item.done}>
              {item.done ? (
                <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden />
              ) : (
                <CircleAlert className="mt-0.5 h-5 w-5 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden />
              )}
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">
                  {t(`items.${item.id}.title`)} <span className="sr-only">({item.done ? t("done") : t("missing")})</span>
                </span>
                <span className="block break-words text-[var(--muted-fg)]">{reason(item)}</span>
              </span>
              {!item.done && (
                <Link href={item.href} className="shrink-0 font-semibold text-brand hover:underline">
                  {t("open")}
                  <span className="sr-only">: {t(`items.${item.id}.title`)}</span>
                </Link>
              )}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
