import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Wallet } from "lucide-react";
import { formatMoney } from "@/lib/money";
import { DATE_FORMATS } from "@/lib/date-format";
import { serverFormatter } from "@/components/i18n/request-intl";
import { getServices } from "@/server/services";
import { getTranslator, languageAlternates } from "../../i18n";
import { loadSessionUser } from "../../session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("rewards.credit");
  return { title: t("title"), alternates: languageAlternates("/account/credit"), robots: { index: false } };
}

/** The shopper's store credit: the balance refunds put there, how to use it at checkout, and its history. */
export default async function AccountCreditPage() {
  const user = await loadSessionUser();
  if (!user) redirect("/auth/login?redirect=/account/credit");
  const [t, credit] = await Promise.all([getTranslator("rewards.credit"), (await getServices()).refunds.storeCredit(user.id)]);
  const format = serverFormatter();
  const date = (iso: string) => format.dateTime(new Date(iso), DATE_FORMATS.date);
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-3 py-4 sm:px-4">
      <div>
        <p className="text-sm">
          <Link href="/account" className="text-brand hover:underline">
            {t("toAccount")}
          </Link>
        </p>
        <h1 className="text-xl font-bold">{t("title")}</h1>
      </div>
      <section aria-labelledby="credit-balance-heading" className="flex items-center gap-4 rounded-xl border border-[var(--border)] p-4">
        <Wallet className="h-10 w-10 shrink-0 text-emerald-600" aria-hidden />
        <div>
          <h2 id="credit-balance-heading" className="text-sm text-[var(--muted-fg)]">
            {t("balance")}
          </h2>
          <p className="text-2xl font-bold" data-testid="store-credit-balance">
            {formatMoney(credit.balance, "TZS")}
          </p>
          <p className="text-sm text-[var(--muted-fg)]">{t("howToUse")}</p>
        </div>
      </section>
      <section aria-labelledby="credit-history-heading">
        <h2 id="credit-history-heading" className="mb-2 text-lg font-semibold">
          {t("history")}
        </h2>
        {credit.entries.length === 0 ? (
          <p className="text-sm text-[var(--muted-fg)]">{t("noHistory")}</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="border-b border-[var(--border)] text-xs text-[var(--muted-fg)] uppercase">
              <tr>
                <th className="py-2 pr-2">{t("date")}</th>
                <th className="py-2 pr-2">{t("what")}</th>
                <th className="py-2 text-right">{t("change")}</th>
              </tr>
            </thead>
            <tbody>
              {credit.entries.map((e) => (
                <tr key={e.id} className="border-b border-[var(--border)]" data-testid="store-credit-entry">
                  <td className="py-1.5 pr-2 align-top whitespace-nowrap">{date(e.createdAt)}</td>
                  <td className="py-1.5 pr-2">
                    {t(`reasons.${e.reason}`)}
                    {e.orderNumber && (
                      <Link href={`/account/orders/${encodeURIComponent(e.orderNumber)}`} className="block text-xs text-brand underline">
                        {t("order", { number: e.orderNumber })}
                      </Link>
                    )}
                  </td>
                  <td className={`py-1.5 text-right align-top font-semibold ${e.delta > 0 ? "text-emerald-700 dark:text-emerald-300" : ""}`}>
                    {e.delta > 0 ? "+" : "−"}
                    {formatMoney(Math.abs(e.delta), "TZS")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
