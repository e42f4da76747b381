import { asc, eq } from "drizzle-orm";
import { formatDateRange } from "@/lib/delivery-estimate";
import { formatMoney } from "@/lib/money";
import { fitsOneSms, gsmFriendly } from "@/lib/sms/encoding";
import type { Database } from "../db";
import { orderLines, orders, shipmentLines, shipments } from "../db/schema";
import { translator } from "../i18n";
import type { MailService } from "../mail/outbox";
import type { NotifyService } from "../notify/outbox";
import type { SignedLinks } from "../notify/signed-links";
import { renderWhatsAppTemplate, whatsAppTemplateFor, whatsAppTemplateSpec } from "../notify/whatsapp-templates";
import { isTestOrder } from "../payments/test-orders";

/**
 * What the shopper is told of an order's parts, in the order's language, in the caller's
 * transaction: each shipment with its own carrier and tracking number (SMS, WhatsApp where they
 * chose it, e-mail where the order has an address), and the cancellation of a waiting part. Each
 * message once per shipment or cancellation and channel (dedupe keys).
 */
export interface ShipmentMessagesDeps {
  notify: NotifyService;
  mail: MailService;
  links: Pick<SignedLinks, "orderLink">;
  siteUrl: URL;
  /** the shop's name, read through the transaction the message is queued in */
  companyName: (tx: Database) => Promise<string>;
}

export type WaitingCancelledBy = "shopper" | "admin" | "late" | "balance";

/** The first text that fits one SMS once encoded (else the last, shortest one), TEST-marked for a sandbox order. */
function smsText(locale: "sw" | "en", candidates: string[], test: boolean): string {
  const t = translator(locale, "sms");
  const texts = candidates.map((text) => gsmFriendly(test ? t("test", { text }) : text));
  return texts.find(fitsOneSms) ?? texts[texts.length - 1]!;
}

export function createShipmentMessages(deps: ShipmentMessagesDeps) {
  const orderLink = (siteUrl: URL, number: string) => new URL(`/account/orders/${encodeURIComponent(number)}`, siteUrl).toString();

  async function orderOf(tx: Database, orderId: number) {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw new Error(`No order ${orderId}`);
    return order;
  }

  return {
    async shipmentSent(tx: Database, orderId: number, shipmentId: number): Promise<void> {
      const order = await orderOf(tx, orderId);
      const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId));
      if (!shipment) throw new Error(`No shipment ${shipmentId}`);
      const carried = await tx
        .select({ name: orderLines.name, quantity: shipmentLines.quantity })
        .from(shipmentLines)
        .innerJoin(orderLines, eq(orderLines.id, shipmentLines.orderLineId))
        .where(eq(shipmentLines.shipmentId, shipmentId))
        .orderBy(asc(orderLines.id));
      const test = await isTestOrder(tx, order.id);
      const rest = order.status === "partly_shipped" ? "yes" : "no";
      const t = translator(order.locale, "sms");
      const link = await deps.links.orderLink(order.id, tx);
      const values = { number: order.number, part: shipment.number, carrier: shipment.carrier, tracking: shipment.trackingNumber, rest, link };
      const sms = smsText(order.locale, [t("backOrder.shipment", values), t("backOrder.shipmentShort", values)], test);
      const base = { to: order.phone, event: "order-shipped" as const, orderId: order.id, userId: order.userId, locale: order.locale };
      const key = `shipment:${shipment.id}`;
      await deps.notify.enqueue({ ...base, channel: "sms", text: sms }, { dedupeKey: `${key}:sms`, tx });
      // WhatsApp's approved "order shipped" template, with this shipment's carrier and tracking (never for a test order: its text cannot say TEST)
      const spec = whatsAppTemplateSpec("order-shipped");
      if (!test && spec && (await deps.notify.preferences(order.phone, tx))?.whatsapp) {
        const template = whatsAppTemplateFor(spec.event, order.locale, {
          shopName: await deps.companyName(tx),
          orderNumber: order.number,
          total: formatMoney(order.total),
          link,
          carrier: shipment.carrier,
          reference: shipment.trackingNumber,
        });
        await deps.notify.enqueue({ ...base, channel: "whatsapp", text: renderWhatsAppTemplate(template), template }, { dedupeKey: `${key}:whatsapp`, tx });
      }
      if (order.email) {
        const m = translator(order.locale, "orderMail");
        const paragraphs = [
          m("greeting", { name: order.fullName }),
          m("shipment.intro", values),
          carried.map((c) => m("shipment.line", { quantity: c.quantity, name: c.name })).join("\n"),
          m("shipment.rest", { rest }),
          m("orderLink", { link: orderLink(deps.siteUrl, order.number) }),
          ...(test ? [m("shipment.test")] : []),
        ];
        await deps.mail.enqueue(
          { to: order.email, subject: m("shipment.subject", values), text: paragraphs.join("\n\n") },
          { kind: "order-shipped", dedupeKey: `${key}:mail`, quota: false, tx },
        );
      }
    },

    /** A deposit order's waiting goods are all in stock: the shopper is asked for the balance, by `dueBy` (a shop-time date), once. */
    async balanceDue(tx: Database, orderId: number, dueBy: string): Promise<void> {
      const order = await orderOf(tx, orderId);
      const test = await isTestOrder(tx, order.id);
      const t = translator(order.locale, "sms");
      const link = await deps.links.orderLink(order.id, tx);
      const date = formatDateRange(dueBy, dueBy, order.locale);
      const values = { number: order.number, balance: formatMoney(order.balanceDue), date, link };
      const sms = smsText(order.locale, [t("backOrder.balanceDue", values), t("backOrder.balanceDueShort", values)], test);
      const key = `balance-due:${order.number}`;
      const base = { to: order.phone, event: "order-balance-due" as const, orderId: order.id, userId: order.userId, locale: order.locale };
      await deps.notify.enqueue({ ...base, channel: "sms", text: sms }, { dedupeKey: `${key}:sms`, tx });
      if (order.email) {
        const m = translator(order.locale, "orderMail");
        await deps.mail.enqueue(
          {
            to: order.email,
            subject: m("balanceDue.subject", values),
            // a guest has no account page: the signed link opens the order
            text: [
              m("greeting", { name: order.fullName }),
              m("balanceDue.intro", values),
              m("orderLink", { link: order.userId === null ? link : orderLink(deps.siteUrl, order.number) }),
            ].join("\n\n"),
          },
          { kind: "order-balance-due", dedupeKey: `${key}:mail`, quota: false, tx },
        );
      }
    },

    /** A deposit order's balance came in (in its payment's transaction): the shopper is thanked, once per payment. */
    async balancePaid(tx: Database, orderId: number, payment: { amount: number; reference: string }): Promise<void> {
      const order = await orderOf(tx, orderId);
      const test = await isTestOrder(tx, order.id);
      const t = translator(order.locale, "sms");
      const link = await deps.links.orderLink(order.id, tx);
      const values = { number: order.number, amount: formatMoney(payment.amount), link };
      const sms = smsText(order.locale, [t("backOrder.balancePaid", values), t("backOrder.balancePaidShort", values)], test);
      const key = `balance-paid:${payment.reference}`;
      const base = { to: order.phone, event: "order-paid" as const, orderId: order.id, userId: order.userId, locale: order.locale };
      await deps.notify.enqueue({ ...base, channel: "sms", text: sms }, { dedupeKey: `${key}:sms`, tx });
      if (order.email) {
        const m = translator(order.locale, "orderMail");
        await deps.mail.enqueue(
          {
            to: order.email,
            subject: m("balancePaid.subject", values),
            text: [
              m("greeting", { name: order.fullName }),
              m("balancePaid.intro", values),
              m("orderLink", { link: order.userId === null ? link : orderLink(deps.siteUrl, order.number) }),
            ].join("\n\n"),
          },
          { kind: "order-paid", dedupeKey: `${key}:mail`, quota: false, tx },
        );
      }
    },

    /** `eventId`: the timeline event of the cancellation (its messages' dedupe key) */
    async waitingCancelled(tx: Database, orderId: number, by: WaitingCancelledBy, eventId: number): Promise<void> {
      const order = await orderOf(tx, orderId);
      const test = await isTestOrder(tx, order.id);
      const t = translator(order.locale, "sms");
      const link = await deps.links.orderLink(order.id, tx);
      const sms = smsText(
        order.locale,
        [t("backOrder.cancelled", { number: order.number, by, link }), t("backOrder.cancelledShort", { number: order.number, link })],
        test,
      );
      const key = `back-order-cancel:${eventId}`;
      await deps.notify.enqueue(
        { to: order.phone, event: "order-cancelled", orderId: order.id, userId: order.userId, locale: order.locale, channel: "sms", text: sms },
        { dedupeKey: `${key}:sms`, tx },
      );
      if (order.email) {
        const m = translator(order.locale, "orderMail");
        await deps.mail.enqueue(
          {
            to: order.email,
            subject: m("waitingCancelled.subject", { number: order.number }),
            text: [
              m("greeting", { name: order.fullName }),
              m("waitingCancelled.intro", { number: order.number, by }),
              m("orderLink", { link: orderLink(deps.siteUrl, order.number) }),
            ].join("\n\n"),
          },
          { kind: "order-cancelled", dedupeKey: `${key}:mail`, quota: false, tx },
        );
      }
    },
  };
}

export type ShipmentMessages = ReturnType<typeof createShipmentMessages>;
