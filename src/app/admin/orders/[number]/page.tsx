import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { AdminOrderView } from "@/lib/api-contract";
import { AdminOrderActions } from "@/components/admin/orders-actions";
import { OrderShipments } from "@/components/admin/order-shipments";
import { RefundSection } from "@/components/admin/refund-section";
import { RecordedPayments, StaffPaymentActions } from "@/components/admin/staff-payment-actions";
import { IntlRoot } from "@/components/i18n/intl-root";
import { CATALOGUES } from "@/messages";
import { OrderDetails } from "@/components/orders/order-details";
import { OrderMessages } from "@/components/orders/order-messages";
import { OrderTimeline } from "@/components/orders/order-timeline";
import { OrderStatusBadge } from "@/components/orders/status-badge";
import { TestOrderBadge } from "@/components/orders/test-order-badge";
import { adminTimeFormat } from "@/components/admin/time-format";
import { refusalFeeDue } from "@/lib/pay-on-delivery";
import { isDomainError } from "@/server/errors";
import { getServices } from "@/server/services";
import { requireAdmin } from "../../../admin-guard";
import { getIntl, getTranslator } from "../../../i18n";
import { loadSiteSettings } from "../../../site-settings";

type Params = { params: Promise<{ number: string }> };

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const [{ number }, t] = await Promise.all([params, getTranslator("orders.meta")]);
  return { title: t("order", { number: decoded(number) }), robots: { index: false } };
}

async function loadOrder(number: string): Promise<AdminOrderView | null> {
  try {
    return await (await getServices()).orders.adminGet(number);
  } catch (error) {
    if (isDomainError(error) && error.code === "not-found") return null;
    throw error;
  }
}

/** One order for the admin: what the shopper sees, the full timeline with notes, and the actions its state allows. */
export default async function AdminOrderPage({ params }: Params) {
  const number = decoded((await params).number);
  await requireAdmin(`/admin/orders/${encodeURIComponent(number)}`);
  const [order, settings, t, { locale }] = await Promise.all([loadOrder(number), loadSiteSettings(), getTranslator("orders.admin"), getIntl()]);
  if (!order) notFound();
  const services = await getServices();
  const [messages, recordedPayments, staffT] = await Promise.all([
    services.textMessages.forAdminOrder(order.number),
    services.staffOrders.recorded(order.number),
    getTranslator("admin.staffOrders"),
  ]);
  const td = await getTranslator("delivery");
  // the rider a pay-on-delivery order is with
  const { rider } = order;
  const refusalFee =
    order.paymentMethod === "on_delivery"
      ? refusalFeeDue(settings.payOnDelivery.refusalFee, { deliveryFee: order.deliveryFee, deliveryMethod: order.delivery.method })
      : 0;
  const unpaid = order.status === "awaiting_payment";
  // WhatsApp carries the link only to a number that chose it
  const whatsapp = unpaid ? ((await services.notify.preferences(order.phone))?.whatsapp ?? false) : false;
  return (
    <div className="mx-auto max-w-6xl space-y-4 px-4 py-6">
      <p className="text-sm">
        <Link href="/admin/orders" className="text-brand hover:underline">
          {t("backToList")}
        </Link>
      </p>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h1 className="text-xl font-bold">{t("orderTitle", { number: order.number })}</h1>
          <p className="text-sm text-[var(--muted-fg)]">{adminTimeFormat(locale).format(new Date(order.createdAt))}</p>
        </div>
        <span className="flex flex-wrap items-center gap-2">
          {order.test && <TestOrderBadge className="text-sm" />}
          <OrderStatusBadge status={order.status} className="text-sm" />
        </span>
      </div>
      {rider && (
        <p className="text-sm" data-testid="order-rider">
          {td("assign.current", { name: rider.name })}
        </p>
      )}
      <section aria-labelledby="actions-heading" className="rounded-xl border-2 border-brand p-4">
        <h2 id="actions-heading" className="mb-3 text-base font-semibold">
          {t("actions")}
        </h2>
        {order.test && (
          <p
            data-testid="test-order-note"
            className="mb-3 rounded-lg border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
          >
            {t("testNote")}
          </p>
        )}
        {/* the admin's texts stay off every shopper's page (orders.admin is server-only): this island gets them here */}
        <IntlRoot
          locale={locale}
          messages={{
            errors: CATALOGUES[locale].errors,
            orders: CATALOGUES[locale].orders,
            delivery: CATALOGUES[locale].delivery,
            common: CATALOGUES[locale].common,
          }}
        >
          <AdminOrderActions
            number={order.number}
            actions={order.actions}
            test={order.test}
            status={order.status}
            total={order.total}
            refusalFee={refusalFee}
            riderId={rider?.id ?? null}
          />
        </IntlRoot>
      </section>
      {unpaid && (
        <section aria-labelledby="staff-payment-heading" className="rounded-xl border border-[var(--border)] p-4">
          <h2 id="staff-payment-heading" className="mb-3 text-base font-semibold">
            {staffT("paymentTitle")}
          </h2>
          {/* a client island under the admin layout, which carries the admin's texts */}
          <StaffPaymentActions number={order.number} total={order.total} mobileMoney={order.paymentMethod === "mobile_money"} whatsapp={whatsapp} />
        </section>
      )}
      {recordedPayments.length > 0 && (
        <section aria-labelledby="recorded-heading" className="rounded-xl border border-[var(--border)] p-4">
          <h2 id="recorded-heading" className="mb-3 text-base font-semibold">
            {staffT("recordedTitle")}
          </h2>
          <RecordedPayments
            number={order.number}
            payments={recordedPayments}
            reversible={order.status === "paid" || order.status === "processing"}
            receiptIssued={order.receipt !== null && !order.receipt.test}
          />
        </section>
      )}
      {(order.paidAt !== null || order.status === "refunded" || order.status === "partly_refunded") && <RefundSection number={order.number} />}
      {order.paidAt !== null && <OrderShipments number={order.number} test={order.test} />}
      <div className="grid gap-4 lg:grid-cols-[1fr_18rem] lg:items-start">
        <OrderDetails order={order} shop={settings} />
        <div className="space-y-4">
          <section aria-labelledby="timeline-heading" className="rounded-xl border border-[var(--border)] p-4">
            <h2 id="timeline-heading" className="mb-3 text-base font-semibold">
              {t("timeline")}
            </h2>
            <OrderTimeline events={order.events} showFreeNotes />
          </section>
          <OrderMessages messages={messages} detail showEmpty />
        </div>
      </div>
    </div>
  );
}
