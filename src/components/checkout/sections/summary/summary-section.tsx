"use client";

import Link from "next/link";
import type { RefObject } from "react";
import { useTranslations } from "use-intl";
import type { DeliveryMethod, PaymentMethod } from "@/lib/checkout";
import type { DepositSplit } from "@/lib/back-orders";
import { formatMoney } from "@/lib/money";
import { SubmitButton } from "../../../ui/submit-button";
import type { CheckoutLine } from "../../checkout-types";
import type { CheckoutQuoteState } from "../../use-checkout-quote";
import type { Notice } from "../../use-place-order";
import { useOrderSummary } from "./use-order-summary";

/** The order's lines and totals, what went wrong with the last try, and the button that places it. */
export function SummarySection({
  lines,
  quote,
  method,
  notice,
  anyError,
  noticeRef,
  busy,
  canPay,
  payment,
  deposit = null,
  guest = false,
}: {
  lines: CheckoutLine[];
  quote: Pick<CheckoutQuoteState, "serverQuote" | "shown" | "total" | "rewardsKey">;
  method: DeliveryMethod | null;
  notice: Notice | null;
  anyError: boolean;
  noticeRef: RefObject<HTMLDivElement | null>;
  busy: boolean;
  /** false when the shop offers no payment method */
  canPay: boolean;
  /** the payment method the order goes with (a pay-on-delivery refusal is shown while it is chosen) */
  payment: PaymentMethod | null;
  /** the deposit chosen for the waiting goods: what is paid now, and the balance paid when they arrive */
  deposit?: DepositSplit | null;
  guest?: boolean;
}) {
  const t = useTranslations("checkout");
  const to = useTranslations("orders");
  const tr = useTranslations("rewards");
  const money = (n: number) => formatMoney(n, "TZS");
  const { serverQuote, shown, total } = quote;
  const { shownNotice, rows } = useOrderSummary({ lines, notice, anyError, rewardsKey: quote.rewardsKey, payment });

  return (
    <aside aria-labelledby="summary-heading" className="space-y-3 rounded-xl border border-[var(--border)] p-4 text-sm lg:sticky lg:top-28">
      <h2 id="summary-heading" className="text-base font-semibold">
        {t("summary.title")}
      </h2>
      <ul className="divide-y divide-[var(--border)]" aria-label={t("summary.lines")}>
        {rows.map(({ line: l, key, attributes }) => (
          <li key={key} className="flex justify-between gap-3 py-2" data-testid="checkout-line">
            <span className="min-w-0">
              <span className="line-clamp-2">{t("summary.line", { name: l.name, quantity: l.quantity })}</span>
              {attributes && <span className="block text-xs text-[var(--muted-fg)]">{attributes}</span>}
            </span>
            <span className="shrink-0">{money(l.unitPrice * l.quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="space-y-1.5 border-t border-[var(--border)] pt-2">
        <div className="flex justify-between">
          <dt>{t("summary.subtotal")}</dt>
          <dd data-testid="checkout-subtotal">{money(shown.subtotal)}</dd>
        </div>
        {serverQuote && serverQuote.discount > 0 && (
          <div className="flex justify-between text-emerald-800 dark:text-emerald-300">
            <dt>{tr("summary.discount", { code: serverQuote.coupon?.code ?? "" })}</dt>
            <dd data-testid="checkout-discount">{tr("summary.minus", { amount: money(serverQuote.discount) })}</dd>
          </div>
        )}
        {serverQuote && serverQuote.coins.value > 0 && (
          <div className="flex justify-between text-emerald-800 dark:text-emerald-300">
            <dt>{tr("summary.coins", { count: serverQuote.coins.spent })}</dt>
            <dd data-testid="checkout-coins">{tr("summary.minus", { amount: money(serverQuote.coins.value) })}</dd>
          </div>
        )}
        <div className="flex justify-between">
          <dt>{method ? t("summary.deliveryBy", { method: to(`deliveryMethod.${method}`) }) : t("summary.delivery")}</dt>
          <dd data-testid="checkout-delivery">{method ? (shown.deliveryFee === 0 ? t("free") : money(shown.deliveryFee)) : "—"}</dd>
        </div>
        <div className="flex justify-between text-[var(--muted-fg)]">
          <dt>{t("summary.vat", { rate: shown.rate })}</dt>
          <dd data-testid="checkout-vat">{money(shown.vatTotal)}</dd>
        </div>
        <div className="flex justify-between border-t border-[var(--border)] pt-2 text-base font-semibold">
          <dt>{t("summary.total")}</dt>
          <dd data-testid="checkout-total" aria-live="polite">
            {money(total)}
          </dd>
        </div>
        {deposit && (
          <>
            <div className="flex justify-between font-semibold">
              <dt>{t("summary.payNow")}</dt>
              <dd data-testid="checkout-pay-now">{money(deposit.deposit)}</dd>
            </div>
            <div className="flex justify-between text-[var(--muted-fg)]">
              <dt>{t("summary.balanceLater")}</dt>
              <dd data-testid="checkout-balance">{money(deposit.balance)}</dd>
            </div>
          </>
        )}
      </dl>

      <div ref={noticeRef}>
        {shownNotice && (
          <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200">
            {shownNotice.kind === "fields" && <p>{t("errors.summary")}</p>}
            {shownNotice.kind === "text" && <p>{shownNotice.text}</p>}
            {shownNotice.kind === "cart-empty" && (
              <p>
                {t("errors.cartEmpty")}{" "}
                <Link href="/products" className="font-semibold underline">
                  {t("empty.browse")}
                </Link>
              </p>
            )}
            {shownNotice.kind === "on-delivery" && <OnDeliveryRefused notice={shownNotice} guest={guest} />}
            {shownNotice.kind === "out-of-stock" && (
              <>
                <p>{t("errors.outOfStock")}</p>
                <ul className="mt-1 list-disc pl-5">
                  {shownNotice.lines.map((l) => (
                    <li key={`${l.productId}-${l.variantId}`}>{t("errors.outOfStockLine", { name: l.name, count: l.available })}</li>
                  ))}
                </ul>
                <Link href="/cart" className="mt-1 inline-block font-semibold underline">
                  {t("errors.reviewCart")}
                </Link>
              </>
            )}
          </div>
        )}
      </div>

      <SubmitButton size="lg" block busy={busy} busyText={t("summary.placing")} disabled={!canPay}>
        {payment === "on_delivery"
          ? t("summary.placeOrderOnDelivery", { total: money(total) })
          : t("summary.placeOrder", { total: money(deposit ? deposit.deposit : total) })}
      </SubmitButton>
      <p className="text-xs text-[var(--muted-fg)]">
        {t.rich("summary.terms", {
          link: (chunks) => (
            <Link href="/services/terms-of-service" className="underline">
              {chunks}
            </Link>
          ),
        })}
      </p>
    </aside>
  );
}

/** Why this order may not be paid on delivery, in plain words, and what the shopper can do about it. */
function OnDeliveryRefused({ notice, guest }: { notice: Extract<Notice, { kind: "on-delivery" }>; guest: boolean }) {
  const t = useTranslations("checkout.onDeliveryRefused");
  switch (notice.reason) {
    case "phone-not-confirmed":
      return guest ? (
        <p data-testid="on-delivery-refused">{t("phoneGuest")}</p>
      ) : (
        <p data-testid="on-delivery-refused">
          {t("phone")}{" "}
          <Link href="/account/orders#claim-heading" className="font-semibold underline">
            {t("confirmPhone")}
          </Link>
        </p>
      );
    case "units-cap":
      return (
        <div data-testid="on-delivery-refused">
          <p>{t("unitsCap")}</p>
          <ul className="mt-1 list-disc pl-5">
            {notice.lines.map((l) => (
              <li key={l.productId}>{t("unitsCapLine", { name: l.name, count: l.available })}</li>
            ))}
          </ul>
        </div>
      );
    default:
      return <p data-testid="on-delivery-refused">{t(notice.reason)}</p>;
  }
}
