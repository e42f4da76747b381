import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Coins } from "lucide-react";
import { formatMoney } from "@/lib/money";
import { DATE_FORMATS } from "@/lib/date-format";
import { serverFormatter } from "@/components/i18n/request-intl";
import { getServices } from "@/server/services";
import { StoreCreditLink } from "../credit/store-credit-link";
import { getTranslator, languageAlternates } from "../../i18n";
import { loadSessionUser } from "../../session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("rewards.meta");
  return { title: t("coins"), description: t("coinsDescription"), alternates: languageAlternates("/account/coins"), robots: { index: false } };
}

/** The shopper's loyalty coins: balance and its value, the rule (from the settings) and the history. */
export default async function AccountCoinsPage() {
  const user = await loadSessionUser();
  if (!user) redirect("/auth/login?redirect=/account/coins");
  const [t, rules, coins] = await Promise.all([getTranslator("rewards.account"), getTranslator("rewards.rule"), (await getServices()).rewards.coins(user.id)]);
  const format = serverFormatter();
  const money = (n: number) => formatMoney(n, "TZS");
  const date = (iso: string) => format.dateTime(new Date(iso), DATE_FORMATS.date);
  const { rule } = coins;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-3 py-4 sm:px-4">
      <div>
        <p className="text-sm">
          <Link href="/account" className="text-brand hover:underline">
            {t("toAccount")}
          </Link>
        </p>
        <h1 className="text-xl font-bold">{t("coinsTitle")}</h1>
      </div>
      <StoreCreditLink userId={user.id} />
      <section aria-labelledby="balance-heading" className="flex items-center gap-4 rounded-xl border border-[var(--border)] p-4">
        <Coins className="h-10 w-10 shrink-0 text-amber-500" aria-hidden />
        <div>
          <h2 id="balance-heading" className="text-sm text-[var(--muted-fg)]">
            {t("balance")}
          </h2>
          <p className="text-2xl font-bold" data-testid="coin-balance">
            {t("balanceValue", { count: coins.balance, value: money(coins.value) })}
          </p>
          {coins.nextExpiry && (
            <p className="text-sm text-[var(--muted-fg)]">{t("nextExpiry", { count: coins.nextExpiry.coins, date: date(coins.nextExpiry.at) })}</p>
          )}
        </div>
      </section>
      <section aria-labelledby="rules-heading">
        <h2 id="rules-heading" className="mb-2 text-lg font-semibold">
          {t("rules")}
        </h2>
        {rule.enabled ? (
          <ul className="list-disc space-y-1 pl-5 text-sm">
            <li>{rules("earn", { coins: rule.coinsPerStep, amount: money(rule.shillingsPerStep) })}</li>
            <li>{rules("value", { value: money(rule.coinValue), percent: rule.maxSharePercent })}</li>
            <li>{rules("expiry", { months: rule.expiryMonths })}</li>
            <li>{rules("when")}</li>
          </ul>
        ) : (
          <p className="text-sm">{rules("off")}</p>
        )}
      </section>
      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="mb-2 text-lg font-semibold">
          {t("history")}
        </h2>
        {coins.history.length === 0 ? (
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
              {coins.history.map((e, i) => (
                <tr key={`${e.at}-${i}`} className="border-b border-[var(--border)]" data-testid="coin-entry">
                  <td className="py-1.5 pr-2 align-top whitespace-nowrap">{date(e.at)}</td>
                  <td className="py-1.5 pr-2">
                    {t(`reasons.${e.reason}`)}
                    {e.orderNumber && (
                      <Link href={`/account/orders/${encodeURIComponent(e.orderNumber)}`} className="block text-xs text-brand underline">
                        {t("order", { number: e.orderNumber })}
                      </Link>
                    )}
                  </td>
                  <td className={`py-1.5 text-right align-top font-semibold ${e.delta > 0 ? "text-emerald-700 dark:text-emerald-300" : ""}`}>
                    {format.number(e.delta, { signDisplay: "always" })}
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
