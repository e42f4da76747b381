import type { Metadata } from "next";
import Link from "next/link";
import { Package } from "lucide-react";
import { formatMoney } from "@/lib/money";
import { DATE_FORMATS } from "@/lib/date-format";
import { OrderStatusBadge } from "@/components/orders/status-badge";
import { TestOrderBadge } from "@/components/orders/test-order-badge";
import { SignInPrompt } from "@/components/orders/sign-in-prompt";
import { serverFormatter } from "@/components/i18n/request-intl";
import { getServices } from "@/server/services";
import { getTranslator } from "../../i18n";
import { loadSessionUser } from "../../session";
import { PhoneClaim } from "@/components/account/phone-claim";
import { ButtonLink } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("orders.meta");
  return { title: t("list"), robots: { index: false } };
}

/** The shopper's orders, newest first. */
export default async function OrdersPage() {
  const [user, t, tc] = await Promise.all([loadSessionUser(), getTranslator("orders.list"), getTranslator("account.phoneClaim")]);
  const heading = <h1 className="mb-4 text-xl font-bold">{t("title")}</h1>;
  if (!user)
    return (
      <div className="mx-auto max-w-3xl px-3 py-4 sm:px-4">
        {heading}
        <SignInPrompt redirect="/account/orders" />
      </div>
    );
  const orders = await (await getServices()).orders.list(user.id);
  const format = serverFormatter();
  return (
    <div className="mx-auto max-w-3xl px-3 py-4 sm:px-4">
      {heading}
      {orders.length === 0 ? (
        <div className="py-10 text-center">
          <Package className="mx-auto h-12 w-12 text-[var(--muted-fg)]" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold">{t("empty.title")}</h2>
          <p className="mt-1 text-sm text-[var(--muted-fg)]">{t("empty.text")}</p>
          <ButtonLink href="/products" className="mt-4">
            {t("empty.browse")}
          </ButtonLink>
        </div>
      ) : (
        <ul className="divide-y divide-[var(--border)] rounded-xl border border-[var(--border)]" aria-label={t("label")}>
          {orders.map((o) => (
            <li key={o.number} data-testid="order-row">
              <Link
                href={`/account/orders/${encodeURIComponent(o.number)}`}
                className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 p-3 text-sm hover:bg-[var(--surface)]"
              >
                <span className="font-semibold">{o.number}</span>
                <span className="text-right font-semibold">{formatMoney(o.total, "TZS")}</span>
                <span className="text-[var(--muted-fg)]">
                  <time dateTime={o.createdAt}>{format.dateTime(new Date(o.createdAt), DATE_FORMATS.date)}</time>
                  {" · "}
                  {t("items", { count: o.itemCount })}
                </span>
                <span className="flex flex-wrap items-center justify-end gap-1 text-right">
                  {o.test && <TestOrderBadge />}
                  <OrderStatusBadge status={o.status} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {/* orders bought as a guest join the account once its number is confirmed by a code */}
      <section aria-labelledby="claim-heading" className="mt-6 rounded-xl border border-[var(--border)] p-4" data-testid="phone-claim">
        <h2 id="claim-heading" className="mb-1 text-base font-semibold">
          {tc("title")}
        </h2>
        <PhoneClaim initialPhone={user.profile.phone ?? ""} />
      </section>
    </div>
  );
}
