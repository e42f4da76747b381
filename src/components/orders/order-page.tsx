import Link from "next/link";
import { CheckCircle2, Clock, FileText, FlaskConical, XCircle } from "lucide-react";
import type { OrderView } from "@/lib/orders";
import type { OrderTextMessage } from "@/lib/contract/text-messages";
import { DATE_FORMATS } from "@/lib/date-format";
import { receiptPdfQuery } from "@/lib/order-documents";
import { formatTanzanianPhone } from "@/lib/phone";
import type { SiteSettings } from "@/lib/site-settings";
import { serverFormatter, serverTranslator } from "../i18n/request-intl";
import { CancelOrder } from "./cancel-order";
import { OrderDetails } from "./order-details";
import { OrderParts } from "./order-parts";
import { OrderMessages } from "./order-messages";
import { OrderReturns } from "./order-returns";
import { OrderReviews } from "../reviews/order-reviews";
import { OnDeliveryPanel } from "./on-delivery-panel";
import { OrderTimeline } from "./order-timeline";
import { PaymentPanel } from "./payment-panel";
import { OrderStatusBadge } from "./status-badge";
import { TestOrderBadge } from "./test-order-badge";

interface Props {
  order: OrderView;
  settings: SiteSettings;
  messages: OrderTextMessage[];
  /** the confirmation after checkout */
  placed: boolean;
  /** a guest's order: the signed link's token, which its calls and documents carry instead of a sign-in */
  token?: string;
}

/**
 * An order as its holder sees it (a signed-in shopper at /account/orders/<number>, a guest at the
 * signed link /o/<token>): the confirmation after checkout, its lines, VAT, delivery and payment,
 * the timeline and the text messages, the documents, and while it is unpaid the payment's progress
 * (or, paid on delivery, what to pay at the door) and a way to cancel.
 */
export function OrderPageView({ order, settings, messages, placed, token }: Props) {
  const t = serverTranslator("orders.order");
  const tt = serverTranslator("orders.test");
  const format = serverFormatter();
  const path = token ? `/api/guest-orders/${encodeURIComponent(token)}` : `/api/orders/${encodeURIComponent(order.number)}`;
  const awaiting = order.status === "awaiting_payment";
  const cancelled = order.status === "cancelled";
  // the deadline the order e-mail gives, here too while the order is unpaid (a bank transfer's, with
  // its reference, is in the payment details)
  const payBy = awaiting && order.holdUntil && order.paymentMethod !== "bank_transfer" ? new Date(order.holdUntil) : null;
  return (
    <div className="mx-auto max-w-5xl space-y-4 px-3 py-4 sm:px-4">
      {/* a cancelled order is not thanked for, even on the address the checkout sent the shopper to */}
      {cancelled && (
        <div role="status" className="flex gap-3 rounded-xl bg-red-50 p-4 text-red-900 dark:bg-red-950 dark:text-red-100" data-testid="order-cancelled">
          <XCircle className="h-6 w-6 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">{t("cancelled.title")}</p>
            <p className="text-sm">{t("cancelled.text", { paid: order.paidAt ? "yes" : "no" })}</p>
          </div>
        </div>
      )}
      {placed && !cancelled && (
        <div role="status" className="flex gap-3 rounded-xl bg-emerald-50 p-4 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          <CheckCircle2 className="h-6 w-6 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">{t("thanks.title")}</p>
            <p className="text-sm">
              {order.email
                ? t("thanks.text", { number: order.number, email: order.email })
                : t("thanks.textPhone", { number: order.number, phone: formatTanzanianPhone(order.phone) })}
            </p>
          </div>
        </div>
      )}
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h1 className="text-xl font-bold">{t("title", { number: order.number })}</h1>
          <p className="text-sm text-[var(--muted-fg)]">{t("placedOn", { date: format.dateTime(new Date(order.createdAt), DATE_FORMATS.longDateTime) })}</p>
        </div>
        <span className="flex flex-wrap items-center gap-2">
          {order.test && <TestOrderBadge className="text-sm" />}
          <OrderStatusBadge status={order.status} className="text-sm" />
        </span>
      </div>
      {order.test && (
        <p
          data-testid="test-order-note"
          className="flex gap-2 rounded-xl border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          <FlaskConical className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {tt("note", { paid: order.receipt ? "yes" : "no" })}
        </p>
      )}
      {payBy && (
        <p className="flex items-start gap-2 text-sm" data-testid="order-pay-by">
          <Clock className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden />
          <span>{t("payBy", { date: format.dateTime(payBy, DATE_FORMATS.dateTime) })}</span>
        </p>
      )}

      {order.paymentMethod === "on_delivery" && <OnDeliveryPanel order={order} settings={settings} />}

      {awaiting && (order.paymentMethod === "mobile_money" || order.paymentMethod === "card") && (
        <PaymentPanel
          key={`${order.status}|${order.payment?.reference}|${order.payment?.status}`}
          number={order.number}
          method={order.paymentMethod}
          status={order.status}
          total={order.total}
          wallet={order.wallet}
          paymentPhone={order.paymentPhone}
          payment={order.payment}
          wallets={settings.paymentSettings.mobileMoneyProviders}
          token={token}
        />
      )}

      <OrderParts
        number={order.number}
        token={token}
        depositPaid={order.paidAt !== null}
        payer={
          order.paymentMethod === "mobile_money" || order.paymentMethod === "card"
            ? { method: order.paymentMethod, wallet: order.wallet, phone: order.paymentPhone, wallets: settings.paymentSettings.mobileMoneyProviders }
            : null
        }
      />
      <div className="grid gap-4 lg:grid-cols-[1fr_18rem] lg:items-start">
        <OrderDetails order={order} shop={settings} />
        <div className="space-y-4">
          <section aria-labelledby="timeline-heading" className="rounded-xl border border-[var(--border)] p-4">
            <h2 id="timeline-heading" className="mb-3 text-base font-semibold">
              {t("timeline")}
            </h2>
            <OrderTimeline events={order.events} />
          </section>
          <OrderMessages messages={messages} />
          <OrderReturns number={order.number} token={token} conditions={settings.returns.conditions} />
          {/* a delivered order's buyer reviews what they bought (never for an order paid in the sandbox: no verified purchase) */}
          {order.status === "delivered" && !order.test && <OrderReviews lines={order.lines} token={token} moderation={settings.reviews.moderation} />}
          {(order.receipts.length > 0 || order.invoice || (order.creditNotes?.length ?? 0) > 0) && (
            <section aria-labelledby="documents-heading" className="rounded-xl border border-[var(--border)] p-4 text-sm">
              <h2 id="documents-heading" className="mb-2 text-base font-semibold">
                {t("documents")}
              </h2>
              <ul className="space-y-2">
                {/* each receipt it has: a deposit order's deposit and balance receipts by their kind */}
                {order.receipts.map((receipt) => (
                  <li key={receipt.kind}>
                    <a
                      href={token ? `${path}/receipt.pdf${receiptPdfQuery(receipt.kind)}` : receipt.pdfPath}
                      download
                      className="inline-flex items-center gap-2 font-semibold text-brand hover:underline"
                    >
                      <FileText className="h-4 w-4" aria-hidden />
                      {receipt.kind === "sale" ? t("receipt") : t(`${receipt.kind}Receipt`)}
                    </a>
                  </li>
                ))}
                {order.invoice && (
                  <li>
                    <a href={`${path}/invoice.pdf`} download className="inline-flex items-center gap-2 font-semibold text-brand hover:underline">
                      <FileText className="h-4 w-4" aria-hidden />
                      {order.invoice === "proforma" ? t("invoice") : t("finalInvoice")}
                    </a>
                  </li>
                )}
                {/* the credit notes of its refunds; a guest's by the signed link, as its receipt */}
                {order.creditNotes?.map((note) => (
                  <li key={note.number}>
                    <a
                      href={token ? `${path}/credit-notes/${encodeURIComponent(note.number)}.pdf` : note.pdfPath}
                      download
                      className="inline-flex items-center gap-2 font-semibold text-brand hover:underline"
                    >
                      <FileText className="h-4 w-4" aria-hidden />
                      {t("creditNote", { number: note.number, test: note.test ? "yes" : "no" })}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {order.canCancel && (
            <section aria-labelledby="cancel-heading" className="rounded-xl border border-[var(--border)] p-4 text-sm">
              <h2 id="cancel-heading" className="mb-1 text-base font-semibold">
                {t("cancelTitle")}
              </h2>
              <p className="mb-3 text-[var(--muted-fg)]">{t("cancelText")}</p>
              <CancelOrder number={order.number} token={token} />
            </section>
          )}
          {!token && (
            <Link href="/account/orders" className="inline-block text-sm font-semibold text-brand hover:underline">
              {t("allOrders")}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
