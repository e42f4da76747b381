import type { ReactNode } from "react";
import { formatMoney } from "@/lib/money";
import type { OrderView } from "@/lib/orders";
import { formatTanzanianPhone } from "@/lib/phone";
import { textIn, type SiteSettings } from "@/lib/site-settings";
import { regionName } from "@/lib/tanzania-regions";
import { DATE_FORMATS } from "@/lib/date-format";
import { serverFormatter, serverLocale, serverTranslator } from "../i18n/request-intl";
import { OrderPromise } from "../delivery/order-promise";

const money = (n: number) => formatMoney(n, "TZS");
const phone = (e164: string | null) => (e164 ? formatTanzanianPhone(e164) : "");

export function DetailCard({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-[var(--border)] p-4 text-sm">
      <h2 id={id} className="mb-2 text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * An order's lines with their VAT, its delivery, payment and contact: the shopper's order page and
 * the admin's show the same, on the server (no script).
 */
export function OrderDetails({ order, shop }: { order: OrderView; shop: Pick<SiteSettings, "address" | "bankTransfer"> }) {
  const t = serverTranslator("orders.order");
  const names = serverTranslator("orders");
  const rewards = serverTranslator("rewards.summary");
  const format = serverFormatter();
  const locale = serverLocale();
  const rate = (order.lines[0]?.vatRateBp ?? 0) / 100;
  const net = order.total - order.vatTotal;
  const d = order.delivery;
  const address = [d.street, d.landmark, d.ward, d.district, d.region ? regionName(d.region, locale) : null].filter(Boolean).join(", ");
  const due = order.holdUntil ? format.dateTime(new Date(order.holdUntil), DATE_FORMATS.dateTime) : null;

  return (
    <div className="space-y-4">
      <DetailCard id="lines-heading" title={t("items")}>
        <ul className="divide-y divide-[var(--border)]">
          {order.lines.map((l) => {
            const attrs = Object.entries(l.attributes)
              .map(([name, value]) => `${name}: ${value}`)
              .join(", ");
            return (
              <li key={`${l.productId}-${l.variantId}`} className="flex justify-between gap-3 py-2" data-testid="order-line">
                <span className="min-w-0">
                  <span className="block">{l.name}</span>
                  {attrs && <span className="block text-xs text-[var(--muted-fg)]">{attrs}</span>}
                  <span className="block text-xs text-[var(--muted-fg)]">{t("quantityTimes", { quantity: l.quantity, price: money(l.unitPrice) })}</span>
                </span>
                {/* before the order's discount, which shows once below (the line's VAT is on what is left of it) */}
                <span className="shrink-0">{money(l.unitPrice * l.quantity)}</span>
              </li>
            );
          })}
        </ul>
        <dl className="mt-2 space-y-1 border-t border-[var(--border)] pt-2">
          <Row label={t("subtotal")} value={money(order.subtotal)} />
          {order.discount > 0 && (
            <Row
              label={rewards("discount", { code: order.couponCode ?? "" })}
              value={rewards("minus", { amount: money(order.discount) })}
              testId="order-discount"
            />
          )}
          {order.coinsValue > 0 && (
            <Row label={rewards("coins", { count: order.coinsSpent })} value={rewards("minus", { amount: money(order.coinsValue) })} testId="order-coins" />
          )}
          <Row label={names(`deliveryMethod.${d.method}`)} value={order.deliveryFee === 0 ? t("free") : money(order.deliveryFee)} />
          <Row label={t("total")} value={money(order.total)} strong testId="order-total" />
          {(order.storeCreditSpent ?? 0) > 0 && (
            <Row label={rewards("storeCredit")} value={rewards("minus", { amount: money(order.storeCreditSpent ?? 0) })} testId="order-store-credit" />
          )}
          <Row label={t("net")} value={money(net)} muted />
          <Row label={t("vat", { rate })} value={money(order.vatTotal)} muted />
        </dl>
        <p className="mt-2 text-xs text-[var(--muted-fg)]">{order.vatZone === "zanzibar" ? t("vatZanzibar") : t("vatMainland")}</p>
      </DetailCard>

      <div className="grid gap-4 md:grid-cols-2">
        <DetailCard id="delivery-heading" title={t("delivery")}>
          <p className="font-medium">{names(`deliveryMethod.${d.method}`)}</p>
          <OrderPromise order={order} />
          {d.method === "pickup" ? <p>{t("pickupAt", { address: textIn(shop.address, locale) })}</p> : <p>{address}</p>}
          {d.parcelOffice && <p>{t("parcelOffice", { office: d.parcelOffice })}</p>}
          {d.notes && <p className="text-[var(--muted-fg)]">{t("notes", { notes: d.notes })}</p>}
          {order.carrier && (
            <p className="mt-2" data-testid="order-shipment">
              {t("shipment", { carrier: order.carrier, tracking: order.trackingNumber?.trim() || "none" })}
            </p>
          )}
          <p className="mt-2 break-words text-[var(--muted-fg)]">{[order.fullName, phone(order.phone), order.email].filter(Boolean).join(" · ")}</p>
        </DetailCard>

        <DetailCard id="payment-heading" title={t("payment")}>
          <p className="font-medium">
            {names(`paymentMethod.${order.paymentMethod}`)}
            {order.wallet && ` · ${order.wallet}`}
          </p>
          {order.paymentPhone && <p>{t("paidFrom", { phone: phone(order.paymentPhone) })}</p>}
          {order.paidInPerson ? (
            <p data-testid="order-paid-in-person">
              {order.paidInPerson.method === "cash"
                ? t("paidCash", { date: format.dateTime(new Date(order.paidInPerson.at), DATE_FORMATS.dateTime) })
                : t("paidTill", {
                    date: format.dateTime(new Date(order.paidInPerson.at), DATE_FORMATS.dateTime),
                    id: order.paidInPerson.transactionId ?? "none",
                  })}
            </p>
          ) : (
            order.paidAt && <p>{t("paidAt", { date: format.dateTime(new Date(order.paidAt), DATE_FORMATS.dateTime) })}</p>
          )}
          {order.paymentMethod === "card" && <p className="text-[var(--muted-fg)]">{t("cardUsd")}</p>}
          {order.paymentMethod === "bank_transfer" && order.status === "awaiting_payment" && (
            <div className="mt-2 rounded-lg bg-[var(--surface)] p-3">
              <p>{due ? t("bankDue", { date: due, number: order.number }) : t("bankReference", { number: order.number })}</p>
              {shop.bankTransfer.accountNumber && (
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
                  <dt className="text-[var(--muted-fg)]">{t("bank.bank")}</dt>
                  <dd>{shop.bankTransfer.bankName}</dd>
                  <dt className="text-[var(--muted-fg)]">{t("bank.accountName")}</dt>
                  <dd>{shop.bankTransfer.accountName}</dd>
                  <dt className="text-[var(--muted-fg)]">{t("bank.accountNumber")}</dt>
                  <dd className="font-mono">{shop.bankTransfer.accountNumber}</dd>
                  {shop.bankTransfer.branch && (
                    <>
                      <dt className="text-[var(--muted-fg)]">{t("bank.branch")}</dt>
                      <dd>{shop.bankTransfer.branch}</dd>
                    </>
                  )}
                  {shop.bankTransfer.swift && (
                    <>
                      <dt className="text-[var(--muted-fg)]">{t("bank.swift")}</dt>
                      <dd className="font-mono">{shop.bankTransfer.swift}</dd>
                    </>
                  )}
                </dl>
              )}
            </div>
          )}
          {order.buyerTin && <p className="mt-2">{t("buyerTin", { tin: order.buyerTin })}</p>}
          {order.receipts.map((receipt) => (
            <p key={receipt.kind} className="mt-2 text-[var(--muted-fg)]">
              {receipt.kind === "sale" ? t("receiptNumber", { number: receipt.number }) : t(`${receipt.kind}ReceiptNumber`, { number: receipt.number })}
            </p>
          ))}
        </DetailCard>
      </div>
    </div>
  );
}

function Row({ label, value, strong, muted, testId }: { label: string; value: string; strong?: boolean; muted?: boolean; testId?: string }) {
  return (
    <div
      className={`flex justify-between gap-3 ${strong ? "border-t border-[var(--border)] pt-1 text-base font-semibold" : ""} ${muted ? "text-[var(--muted-fg)]" : ""}`}
    >
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
