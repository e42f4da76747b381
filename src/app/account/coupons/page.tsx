import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { TicketPercent } from "lucide-react";
import { formatMoney } from "@/lib/money";
import { DATE_FORMATS } from "@/lib/date-format";
import { serverFormatter } from "@/components/i18n/request-intl";
import { getServices } from "@/server/services";
import { getTranslator, languageAlternates } from "../../i18n";
import { loadSessionUser } from "../../session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("rewards.meta");
  return { title: t("coupons"), description: t("couponsDescription"), alternates: languageAlternates("/account/coupons"), robots: { index: false } };
}

/** The shopper's coupons: the public ones on offer now, and the ones they used (with the order). */
export default async function AccountCouponsPage() {
  const user = await loadSessionUser();
  if (!user) redirect("/auth/login?redirect=/account/coupons");
  const [t, { available, used }] = await Promise.all([getTranslator("rewards.account"), (await getServices()).rewards.shopperCoupons(user.id)]);
  const format = serverFormatter();
  const money = (n: number) => formatMoney(n, "TZS");
  const day = (iso: string) => format.dateTime(new Date(`${iso}T12:00:00Z`), DATE_FORMATS.date);
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-3 py-4 sm:px-4">
      <div>
        <p className="text-sm">
          <Link href="/account" className="text-brand hover:underline">
            {t("toAccount")}
          </Link>
        </p>
        <h1 className="text-xl font-bold">{t("couponsTitle")}</h1>
        <p className="mt-1 text-sm text-[var(--muted-fg)]">{t("couponsIntro")}</p>
      </div>
      <section aria-labelledby="available-heading">
        <h2 id="available-heading" className="mb-2 text-lg font-semibold">
          {t("available")}
        </h2>
        {available.length === 0 ? (
          <p className="text-sm text-[var(--muted-fg)]">{t("noneAvailable")}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {available.map((c) => (
              <li key={c.code} className="flex gap-3 rounded-xl border border-dashed border-brand p-3 text-sm" data-testid="coupon-card">
                <TicketPercent className="h-6 w-6 shrink-0 text-brand" aria-hidden />
                <div className="min-w-0 space-y-0.5">
                  <p className="font-semibold">{c.kind === "percent" ? t("percentOff", { value: c.value }) : t("fixedOff", { amount: money(c.value) })}</p>
                  <p>
                    <span className="text-[var(--muted-fg)]">{t("code")}: </span>
                    <code className="rounded bg-[var(--surface)] px-1.5 py-0.5 font-mono font-semibold select-all">{c.code}</code>
                  </p>
                  {c.description && <p>{c.description}</p>}
                  {c.minSubtotal > 0 && <p className="text-[var(--muted-fg)]">{t("minimum", { amount: money(c.minSubtotal) })}</p>}
                  {c.validFrom && <p className="text-[var(--muted-fg)]">{t("from", { date: day(c.validFrom) })}</p>}
                  {c.validUntil && <p className="text-[var(--muted-fg)]">{t("until", { date: day(c.validUntil) })}</p>}
                  {c.firstOrderOnly && <p className="text-[var(--muted-fg)]">{t("firstOrder")}</p>}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="used-heading">
        <h2 id="used-heading" className="mb-2 text-lg font-semibold">
          {t("used")}
        </h2>
        {used.length === 0 ? (
          <p className="text-sm text-[var(--muted-fg)]">{t("noneUsed")}</p>
        ) : (
          <ul className="divide-y divide-[var(--border)] rounded-xl border border-[var(--border)] text-sm">
            {used.map((u) => (
              <li key={u.orderNumber} className="p-3">
                <p className="font-mono font-semibold">{u.code}</p>
                <p>
                  {t.rich("usedOn", {
                    number: u.orderNumber,
                    date: format.dateTime(new Date(u.usedAt), DATE_FORMATS.date),
                    amount: money(u.discount),
                    link: (chunks) => (
                      <Link href={`/account/orders/${encodeURIComponent(u.orderNumber)}`} className="text-brand underline">
                        {chunks}
                      </Link>
                    ),
                  })}
                </p>
                {u.released && <p className="text-xs text-[var(--muted-fg)]">{t("released")}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
