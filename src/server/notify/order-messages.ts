import type { DeliveryMethod, PaymentMethod } from "@/lib/checkout";
import type { Locale } from "@/lib/locale";
import { formatMoney } from "@/lib/money";
import { fitsOneSms, gsmFriendly } from "@/lib/sms/encoding";
import type { MessageEvent } from "@/lib/sms/events";
import { textIn } from "@/lib/site-settings";
import type { Database } from "../db";
import { DomainError } from "../errors";
import { translator } from "../i18n";
import { lastCancellation, readOrder, settingsIn } from "../documents/order-data";
import type { OrderMailKind } from "../documents/order-mail";
import { isTestOrder } from "../payments/test-orders";
import type { MessageEnqueueResult, NotifyService } from "./outbox";
import type { SignedLinks } from "./signed-links";

/** The text message of each order event the shopper is told of by SMS (transactional: no consent needed). */
export const ORDER_MESSAGE_EVENTS: Record<OrderMailKind, MessageEvent> = {
  "order-placed": "order-placed",
  "order-paid": "order-paid",
  "order-shipped": "order-shipped",
  "order-cancelled": "order-cancelled",
};

export type OrderCancelReason = "expired" | "payment" | "shopper" | "shop";

/** What an order's SMS says: the order as it stands, the shop's address and the link to the order. */
export interface OrderSmsInput {
  kind: OrderMailKind;
  locale: Locale;
  number: string;
  total: number;
  paymentMethod: PaymentMethod;
  deliveryMethod: DeliveryMethod;
  carrier?: string | null;
  trackingNumber?: string | null;
  parcelOffice?: string | null;
  /** the shop's address in the order's language (where a pick-up order is collected) */
  shopAddress: string;
  /** whether the order was paid, for a cancellation (a refund follows) */
  paid: boolean;
  reason?: OrderCancelReason;
  /** the payment went (or goes) to the sandbox: no money moves, the text says TEST */
  test: boolean;
  /** the order's page */
  link: string;
}

/**
 * One order event's SMS in the order's language, fitting one SMS once encoded: the richest wording
 * that fits (the shop's address, the carrier, the bus office), else a plainer one; each carries the
 * order number, what to do next and the link. Look-alike characters (the money format's no-break
 * space) become GSM-7, so a Kiswahili or English text keeps its 160 characters.
 */
export function orderSmsText(input: OrderSmsInput): string {
  const t = translator(input.locale, "sms");
  const number = input.number;
  const total = formatMoney(input.total);
  const link = input.link;
  let test = input.test;
  const none = (value: string | null | undefined) => (value && value.trim() ? value.trim() : "none");
  let candidates: string[];
  switch (input.kind) {
    case "order-placed": {
      // a bank transfer never goes through the payment sandbox: it is never a test
      test = test && input.paymentMethod !== "bank_transfer";
      const key =
        input.paymentMethod === "bank_transfer"
          ? "placed.bankTransfer"
          : test
            ? "placed.sandbox"
            : input.paymentMethod === "card"
              ? "placed.card"
              : "placed.mobileMoney";
      candidates = [t(key, { number, total, link })];
      break;
    }
    case "order-paid":
      candidates = [t("paid", { number, total, link, method: input.deliveryMethod }), t("paidShort", { number, total, link })];
      break;
    case "order-shipped": {
      const tracking = none(input.trackingNumber);
      if (input.deliveryMethod === "pickup")
        candidates = [t("shipped.pickup", { number, link, address: input.shopAddress }), t("shipped.pickupShort", { number, link })];
      else if (input.deliveryMethod === "parcel" && input.parcelOffice)
        candidates = [
          t("shipped.parcel", { number, link, office: input.parcelOffice, tracking }),
          t("shipped.parcelShort", { number, link, tracking }),
          t("shipped.parcelShort", { number, link, tracking: "none" }),
        ];
      else
        candidates = [
          t("shipped.courier", { number, link, carrier: none(input.carrier), tracking }),
          t("shipped.courier", { number, link, carrier: "none", tracking }),
          t("shipped.courierShort", { number, link }),
        ];
      break;
    }
    case "order-cancelled": {
      // a test order's payment moved no money: there is nothing to refund
      const refund = input.paid && !test ? "yes" : "no";
      candidates = [t("cancelled", { number, link, total, reason: input.reason ?? "shop", refund }), t("cancelledShort", { number, link, total, refund })];
      break;
    }
  }
  const texts = candidates.map((text) => gsmFriendly(test ? t("test", { text }) : text));
  return texts.find(fitsOneSms) ?? texts[texts.length - 1]!;
}

function cancelReason(actor: string | undefined): OrderCancelReason {
  if (actor === "system") return "expired";
  if (actor === "shopper") return "shopper";
  if (actor === "provider") return "payment";
  return "shop";
}

export interface OrderMessagesDeps {
  notify: NotifyService;
  links: Pick<SignedLinks, "orderLink">;
  /** whether new payments go to the payment sandbox: a placed order's SMS then says TEST */
  testPayments?: () => boolean;
}

/**
 * Queues an order event's SMS to the order's phone, in the caller's transaction (beside its
 * e-mail), in the order's language. Once per order and event (the dedupe key
 * `order:<number>:<kind>:sms`); a number over its quota, the day's budget spent or an opt-out
 * queue nothing, and the order goes on regardless.
 */
export async function queueOrderSms(tx: Database, deps: OrderMessagesDeps, kind: OrderMailKind, orderId: number): Promise<MessageEnqueueResult> {
  const data = await readOrder(tx, { id: orderId });
  if (!data) throw new DomainError("not-found", `No order ${orderId}`);
  const { order } = data;
  const shop = await settingsIn(tx, ["address"]);
  // a placed order has no payment attempt yet: the sandbox's being on says whether it will be a test
  const test = kind === "order-placed" ? order.paymentMethod !== "bank_transfer" && (deps.testPayments?.() ?? false) : await isTestOrder(tx, order.id);
  const reason = kind === "order-cancelled" ? cancelReason((await lastCancellation(tx, order.id))?.actor) : undefined;
  const text = orderSmsText({
    kind,
    locale: order.locale,
    number: order.number,
    total: order.total,
    paymentMethod: order.paymentMethod,
    deliveryMethod: order.deliveryMethod,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    parcelOffice: order.parcelOffice,
    shopAddress: textIn(shop.address, order.locale),
    paid: order.paidAt !== null,
    reason,
    test,
    link: await deps.links.orderLink(order.id),
  });
  return deps.notify.enqueue(
    { channel: "sms", to: order.phone, text, event: ORDER_MESSAGE_EVENTS[kind], orderId: order.id, userId: order.userId, locale: order.locale },
    { dedupeKey: `order:${order.number}:${kind}:sms`, tx },
  );
}

/** The order events' text messages, as the composition root hands them to the orders service's hook. */
export function createOrderMessages(deps: OrderMessagesDeps) {
  return {
    notifyOrder: (tx: Database, kind: OrderMailKind, orderId: number) => queueOrderSms(tx, deps, kind, orderId),
  };
}
