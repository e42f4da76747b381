import { Clock } from "lucide-react";
import { groupBusinessHours, isOpenAt } from "@/lib/business-hours";
import { SHOP_TIME_ZONE } from "@/lib/locale";
import type { SiteSettings } from "@/lib/site-settings";
import { serverTranslator } from "../i18n/request-intl";

/**
 * The shop's hours from the settings, consecutive days with the same hours on one line, and whether
 * it is open at this moment in Dar es Salaam (the page is rendered per request, so "now" is now).
 */
export function BusinessHours({ settings, now = new Date() }: { settings: SiteSettings; now?: Date }) {
  const t = serverTranslator("pages.common");
  const f = serverTranslator("common.footer");
  const day = (d: string) => f(`days.${d as "monday"}`);
  const open = isOpenAt(settings.businessHours, now, SHOP_TIME_ZONE);
  return (
    <section aria-labelledby="hours-title" className="mb-4 rounded-lg border border-[var(--border)] p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="hours-title" className="!m-0 flex items-center gap-2">
          <Clock className="h-5 w-5 text-brand" aria-hidden />
          {t("hoursTitle")}
        </h2>
        <span
          data-testid="open-now"
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${open ? "bg-green-100 text-green-800" : "bg-[var(--surface)] text-[var(--muted-fg)]"}`}
        >
          {open ? t("openNow") : t("closedNow")}
        </span>
      </div>
      <ul className="mt-2 space-y-0.5">
        {groupBusinessHours(settings.businessHours).map((g) => {
          const days = g.from === g.to ? day(g.from) : f("dayRange", { from: day(g.from), to: day(g.to) });
          return <li key={g.from}>{g.closed ? f("closedOn", { days }) : f("openOn", { days, open: g.open, close: g.close })}</li>;
        })}
      </ul>
      <p className="!mt-2 !mb-0 text-sm text-[var(--muted-fg)]">{t("shopTime")}</p>
    </section>
  );
}
