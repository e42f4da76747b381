import { eq } from "drizzle-orm";
import { firstPaymentOf } from "@/lib/back-orders";
import { groupBusinessHours } from "@/lib/business-hours";
import type { DeliveryMethod, PaymentMethod } from "@/lib/checkout";
import { formatDateRange } from "@/lib/delivery-estimate";
import type { Locale } from "@/lib/locale";
import { formatMoney } from "@/lib/money";
import { fitsOneSms, gsmFriendly } from "@/lib/sms/encoding";
import type { MessageEvent } from "@/lib/sms/events";
import { nextSendTime } from "@/lib/sms/quiet-hours";
import { textIn, type SiteSettings } from "@/lib/site-settings";
import { withTransaction, type Database } from "../db";
import { orders } from "../db/schema";
import { DomainError } from "../errors";
import { translator } from "../i18n";
import { lastCancellation, settingsIn } from "../documents/order-data";
import type { FailedAttempt, SentPrompt } from "../payments/service";
import { isTestOrder, SANDBOX_PROVIDER } from "../payments/test-orders";
import type { MessageEnqueueResult, NotifyService } from "./outbox";
import type { SignedLinks } from "./signed-links";
import { renderWhatsAppTemplate, whatsAppTemplateFor, whatsAppTemplateSpec, type WhatsAppTemplateValues } from "./whatsapp-templates";

/** The order events the shopper is told of by text message (transactional: no consent needed), as the orders service's hook names them. */
export const ORDER_MESSAGE_KINDS = [
  "order-placed",
  "order-paid",
  "order-shipped",
  "order-cancelled",
  "order-ready",
  "order-delivered",
  "order-refused",
] as const satisfies readonly MessageEvent[];
export type OrderMessageKind = (typeof ORDER_MESSAGE_KINDS)[number];

/** Every text an order's SMS may be: its events, and its payment's (a prompt sent, an attempt failed, the time to pay run out). */
export const ORDER_SMS_KINDS = [
  ...ORDER_MESSAGE_KINDS,
  "order-delayed",
  "payment-prompt",
  "payment-failed",
  "payment-expired",
] as const satisfies readonly MessageEvent[];
export type OrderSmsKind = (typeof ORDER_SMS_KINDS)[number];

export type OrderCancelReason = "expired" | "payment" | "shopper" | "shop";

type OrderRow = typeof orders.$inferSelect;

/** What an order's SMS says: the order as it stands, the shop's address and the link to the order. */
export interface OrderSmsInput {
  kind: OrderSmsKind;
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
  /** the shop's opening hours as a text message writes them (openingHoursText), for a pick-up; null when unknown */
  hours?: string | null;
  /** whether the order was paid, for a cancellation (a refund follows) */
  paid: boolean;
  reason?: OrderCancelReason;
  /** a payment prompt: the wallet it comes from (e.g. "M-Pesa") */
  wallet?: string | null;
  /** a failed payment attempt: the prompt ran out of time (no PIN entered), rather than being declined */
  promptExpired?: boolean;
  /** a slipped promise: the days the order now arrives, as written for the shopper ("Tue 8 - Thu 10 Dec") */
  dates?: string;
  /** the payment went (or goes) to the sandbox: no money moves, the text says TEST */
  test: boolean;
  /** the order's page */
  link: string;
}

/**
 * The shop's opening hours as a text message writes them, in the recipient's language: consecutive
 * days with the same hours joined ("Mon-Fri 08:30-18:00, Sat 09:00-16:00"), closed days left out;
 * null when the shop is closed all week. Plain hyphens: an en dash would cost the SMS its GSM-7.
 */
export function openingHoursText(hours: SiteSettings["businessHours"], locale: Locale): string | null {
  const t = translator(locale, "sms");
  const open = groupBusinessHours(hours).filter((group) => !group.closed);
  if (open.length === 0) return null;
  return open
    .map((group) => {
      const days = group.from === group.to ? t(`days.${group.from}`) : `${t(`days.${group.from}`)}-${t(`days.${group.to}`)}`;
      return `${days} ${group.open}-${group.close}`;
    })
    .join(", ");
}

/**
 * One order event's SMS in the order's language, fitting one SMS once encoded: the richest wording
 * that fits (the shop's address and hours, the carrier, the bus office, the wallet), else a plainer
 * one; each carries the order number, what to do next (how to pay or collect) and, but for a
 * payment prompt that could not fit it, the link. Look-alike characters (the money format's
 * no-break space) become GSM-7, so a Kiswahili or English text keeps its 160 characters.
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
      // a bank transfer and pay on delivery never go through the payment sandbox: never a test
      test = test && input.paymentMethod !== "bank_transfer" && input.paymentMethod !== "on_delivery";
      if (input.paymentMethod === "on_delivery") {
        candidates = [t("placed.onDelivery", { number, total, link }), t("placed.onDeliveryShort", { number, total, link })];
        break;
      }
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
      // paid at the door or the counter: the goods are handed over already
      if (input.paymentMethod === "on_delivery") {
        candidates = [t("paidOnDelivery", { number, total, link }), t("paidShort", { number, total, link })];
        break;
      }
      candidates = [t("paid", { number, total, link, method: input.deliveryMethod }), t("paidShort", { number, total, link })];
      break;
    case "order-shipped": {
      const tracking = none(input.trackingNumber);
      if (input.deliveryMethod === "parcel" && input.parcelOffice)
        candidates = [
          ...(input.carrier?.trim() ? [t("shipped.parcelCarrier", { number, link, carrier: input.carrier.trim(), office: input.parcelOffice, tracking })] : []),
          t("shipped.parcel", { number, link, office: input.parcelOffice, tracking }),
          // where to collect and the code matter more than the link to a shopper without a smartphone
          t("shipped.parcelNoLink", { number, office: input.parcelOffice, tracking }),
          t("shipped.parcelShort", { number, link, tracking }),
          t("shipped.parcelShort", { number, link, tracking: "none" }),
        ];
      else if (input.paymentMethod === "on_delivery" && !input.paid)
        candidates = [
          ...(input.carrier?.trim() ? [t("shipped.onDelivery", { number, total, link, carrier: input.carrier.trim() })] : []),
          t("shipped.onDeliveryShort", { number, total, link }),
        ];
      else
        candidates = [
          t("shipped.courier", { number, link, carrier: none(input.carrier), tracking }),
          t("shipped.courier", { number, link, carrier: "none", tracking }),
          t("shipped.courierShort", { number, link }),
        ];
      break;
    }
    case "order-ready": {
      const address = input.shopAddress.trim();
      const hours = none(input.hours);
      // paid on delivery: the sum to bring matters more than the opening hours
      if (input.paymentMethod === "on_delivery" && !input.paid) {
        candidates = [...(address ? [t("ready.payAt", { number, link, address, total })] : []), t("ready.payShort", { number, link, total })];
        break;
      }
      // the address first, then the hours, then "show the order number at the counter", as they fit
      candidates = [
        ...(address
          ? [
              t("ready.at", { number, link, address, hours, counter: "yes" }),
              t("ready.at", { number, link, address, hours, counter: "no" }),
              t("ready.at", { number, link, address, hours: "none", counter: "yes" }),
              t("ready.at", { number, link, address, hours: "none", counter: "no" }),
            ]
          : []),
        t("ready.short", { number, link }),
      ];
      break;
    }
    case "order-delivered":
      candidates = [t("delivered", { number, link, method: input.deliveryMethod }), t("deliveredShort", { number, link })];
      break;
    case "order-refused":
      // the customer hears of it too: a refusal they never made is how a rider keeping the goods shows
      candidates = [t("refused", { number, link }), t("refusedShort", { number, link })];
      break;
    case "order-cancelled": {
      // a test order's payment moved no money: there is nothing to refund
      const refund = input.paid && !test ? "yes" : "no";
      candidates = [t("cancelled", { number, link, total, reason: input.reason ?? "shop", refund }), t("cancelledShort", { number, link, total, refund })];
      break;
    }
    case "payment-prompt": {
      const wallet = input.wallet?.trim();
      candidates = test
        ? [t("prompt.sandbox", { number, total, link })]
        : [
            ...(wallet ? [t("prompt.wallet", { number, total, link, wallet })] : []),
            t("prompt.plain", { number, total, link }),
            // the prompt is on the phone already: the amount and the order matter more than the link
            t("prompt.noLink", { number, total }),
          ];
      break;
    }
    case "payment-failed":
      candidates = [t("paymentFailed", { number, total, link, reason: input.promptExpired ? "expired" : "other" }), t("paymentFailedShort", { number, link })];
      break;
    case "payment-expired":
      candidates = [t("paymentExpired", { number, total, link }), t("paymentExpiredShort", { number, link })];
      break;
    case "order-delayed": {
      const dates = input.dates ?? "";
      candidates = [
        t("delayed", { number, link, dates, method: input.deliveryMethod }),
        t("delayedShort", { number, link, dates, method: input.deliveryMethod }),
      ];
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
  /** payment prompts are queued in a transaction of their own (the push has gone out by then) */
  db: Database;
  notify: NotifyService;
  links: Pick<SignedLinks, "orderLink">;
  /** whether new payments go to the payment sandbox: a placed order's SMS then says TEST */
  testPayments?: () => boolean;
  /** the outbox's clock (quiet hours), so a message that would wait past the order's time to pay is not queued */
  now?: () => Date;
}

/** What both channels of one event are: the SMS text, and the WhatsApp template's values (null: SMS only). */
interface EventMessage {
  to: string;
  event: OrderSmsKind;
  order: OrderRow;
  sms: string;
  whatsapp: WhatsAppTemplateValues | null;
  /** the dedupe key without its channel: `<key>:sms`, `<key>:whatsapp` */
  key: string;
}

export interface QueuedMessages {
  sms: MessageEnqueueResult;
  /** null: not sent on WhatsApp (not chosen for that number, a test order, or no template) */
  whatsapp: MessageEnqueueResult | null;
}

/**
 * Queues one event to a number on the channels its owner chose: SMS unless they opted out (the
 * outbox refuses it then), and WhatsApp too when they chose it and did not stop it since
 * (`preferences(phone).whatsapp`), with the event's approved template. Each channel is deduplicated
 * on its own key, so the same event seen twice queues nothing new on either. A test order's
 * updates go by SMS only: a WhatsApp template's text is fixed and cannot say TEST, and a sandbox
 * payment must not read as money received.
 */
async function queueEvent(tx: Database, deps: OrderMessagesDeps, message: EventMessage, test: boolean): Promise<QueuedMessages> {
  const { order } = message;
  const base = { to: message.to, event: message.event, orderId: order.id, userId: order.userId, locale: order.locale };
  const sms = await deps.notify.enqueue({ ...base, channel: "sms", text: message.sms }, { dedupeKey: `${message.key}:sms`, tx });
  const spec = whatsAppTemplateSpec(message.event);
  if (test || !message.whatsapp || !spec) return { sms, whatsapp: null };
  const prefs = await deps.notify.preferences(message.to, tx);
  if (!prefs?.whatsapp) return { sms, whatsapp: null };
  const template = whatsAppTemplateFor(spec.event, order.locale, message.whatsapp);
  const whatsapp = await deps.notify.enqueue(
    { ...base, channel: "whatsapp", text: renderWhatsAppTemplate(template), template },
    { dedupeKey: `${message.key}:whatsapp`, tx },
  );
  return { sms, whatsapp };
}

async function orderRow(tx: Database, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new DomainError("not-found", `No order ${orderId}`);
  return order;
}

const SHOP_KEYS = ["address", "companyName", "businessHours"] as const;

/** The fields every text of an order shares. */
function orderInput(order: OrderRow, shop: SiteSettings, link: string, test: boolean) {
  return {
    locale: order.locale,
    number: order.number,
    // what the order's payment asks and brings: a deposit order's deposit (its balance has messages of its own)
    total: firstPaymentOf(order),
    paymentMethod: order.paymentMethod,
    deliveryMethod: order.deliveryMethod,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    parcelOffice: order.parcelOffice,
    shopAddress: textIn(shop.address, order.locale),
    paid: order.paidAt !== null,
    test,
    link,
  } satisfies Omit<OrderSmsInput, "kind">;
}

/** What a shipped order's WhatsApp template names as the carrier: the bus company and its office for a parcel. */
function carrierText(order: OrderRow): string {
  const carrier = order.carrier?.trim() || "-";
  return order.deliveryMethod === "parcel" && order.parcelOffice?.trim() ? `${carrier}, ${order.parcelOffice.trim()}` : carrier;
}

/**
 * Queues an order event's messages to the order's phone, in the caller's transaction (beside its
 * e-mail), in the order's language. Once per order and event and channel (the dedupe key
 * `order:<number>:<event>:<channel>`); a number over its quota, the day's budget spent or an
 * opt-out queue nothing, and the order goes on regardless. An order cancelled because its time to
 * pay ran out is told so once, as "payment-expired" (not also as a cancellation).
 */
export async function queueOrderMessages(tx: Database, deps: OrderMessagesDeps, kind: OrderMessageKind, orderId: number): Promise<QueuedMessages> {
  const order = await orderRow(tx, orderId);
  const shop = await settingsIn(tx, SHOP_KEYS);
  // a placed order has no payment attempt yet: the sandbox's being on says whether it will be a test
  const test =
    kind === "order-placed"
      ? order.paymentMethod !== "bank_transfer" && order.paymentMethod !== "on_delivery" && (deps.testPayments?.() ?? false)
      : await isTestOrder(tx, order.id);
  const reason = kind === "order-cancelled" ? cancelReason((await lastCancellation(tx, order.id))?.actor) : undefined;
  const event: OrderSmsKind = kind === "order-cancelled" && reason === "expired" ? "payment-expired" : kind;
  const link = await deps.links.orderLink(order.id, tx);
  const hours = kind === "order-ready" ? openingHoursText(shop.businessHours, order.locale) : null;
  const sms = orderSmsText({ ...orderInput(order, shop, link, test), kind: event, reason, hours });
  const values: WhatsAppTemplateValues = {
    shopName: shop.companyName,
    orderNumber: order.number,
    total: formatMoney(firstPaymentOf(order)),
    link,
    carrier: carrierText(order),
    reference: order.trackingNumber?.trim() || "-",
    address: textIn(shop.address, order.locale).trim() || shop.companyName,
    hours: hours ?? "-",
  };
  return queueEvent(tx, deps, { to: order.phone, event, order, sms, whatsapp: values, key: `order:${order.number}:${event}` }, test);
}

/**
 * Tells the number a mobile-money push went to what it is for: the order, the amount, and to enter
 * the PIN on the prompt. It goes at once, quiet hours or not (the person is waiting for it), to
 * the paying number (where the prompt shows: someone paying for a relative learns whose order it
 * is), once per attempt. Its own transaction: the push has gone out by the time it is queued.
 */
export async function queuePaymentPrompt(deps: OrderMessagesDeps, prompt: SentPrompt): Promise<QueuedMessages | null> {
  return withTransaction(deps.db, async (tx) => {
    const order = await orderRow(tx, prompt.orderId);
    if (order.status !== "awaiting_payment") return null;
    const shop = await settingsIn(tx, SHOP_KEYS);
    const test = prompt.provider === SANDBOX_PROVIDER;
    const link = await deps.links.orderLink(order.id, tx);
    const sms = orderSmsText({ ...orderInput(order, shop, link, test), total: prompt.amount, kind: "payment-prompt", wallet: prompt.wallet });
    const values: WhatsAppTemplateValues = {
      shopName: shop.companyName,
      // a mobile-money order always names its wallet; the plain words stand in should one not
      wallet: prompt.wallet?.trim() || translator(order.locale, "sms")("mobileMoney"),
      orderNumber: order.number,
      total: formatMoney(prompt.amount),
    };
    return queueEvent(tx, deps, { to: prompt.phone, event: "payment-prompt", order, sms, whatsapp: values, key: `payment:${prompt.reference}:prompt` }, test);
  });
}

/**
 * Tells the order's phone that a payment attempt failed, with the signed link to pay again, in the
 * transaction that records the failure (so a replayed callback, which changes nothing, queues
 * nothing either; the key `payment:<reference>:failed:<channel>` makes sure). Nothing is said when
 * the order no longer waits for payment (another attempt paid it, it was cancelled), nor when the
 * message would wait out quiet hours past the end of the order's time to pay: by then the order has
 * expired and its "payment-expired" message says so.
 */
export async function queuePaymentFailed(tx: Database, deps: OrderMessagesDeps, orderId: number, attempt: FailedAttempt): Promise<QueuedMessages | null> {
  const order = await orderRow(tx, orderId);
  if (order.status !== "awaiting_payment") return null;
  const now = deps.now?.() ?? new Date();
  if (order.holdUntil && nextSendTime(now, deps.notify.quietHours) >= order.holdUntil) return null;
  const shop = await settingsIn(tx, SHOP_KEYS);
  const test = attempt.provider === SANDBOX_PROVIDER;
  const link = await deps.links.orderLink(order.id, tx);
  const sms = orderSmsText({ ...orderInput(order, shop, link, test), kind: "payment-failed", promptExpired: attempt.status === "expired" });
  const values: WhatsAppTemplateValues = { shopName: shop.companyName, orderNumber: order.number, total: formatMoney(order.total), link };
  return queueEvent(tx, deps, { to: order.phone, event: "payment-failed", order, sms, whatsapp: values, key: `payment:${attempt.reference}:failed` }, test);
}

/**
 * Tells the order's phone that its promised dates slipped, with the new ones, in the transaction
 * that moved them (src/server/delivery/estimates.ts). Once per slip: the key carries the new last
 * day (`order:<number>:order-delayed:<to>`), so the same slip seen twice queues nothing new.
 */
export async function queueDelayMessages(tx: Database, deps: OrderMessagesDeps, orderId: number): Promise<QueuedMessages | null> {
  const order = await orderRow(tx, orderId);
  if (!order.promisedFrom || !order.promisedTo) return null;
  const shop = await settingsIn(tx, SHOP_KEYS);
  const test = await isTestOrder(tx, order.id);
  const link = await deps.links.orderLink(order.id, tx);
  // a plain hyphen: an en dash would cost the SMS its GSM-7
  const dates = formatDateRange(order.promisedFrom, order.promisedTo, order.locale).replace(" – ", " - ");
  const sms = orderSmsText({ ...orderInput(order, shop, link, test), kind: "order-delayed", dates });
  const values: WhatsAppTemplateValues = { shopName: shop.companyName, orderNumber: order.number, dates, link };
  return queueEvent(
    tx,
    deps,
    { to: order.phone, event: "order-delayed", order, sms, whatsapp: values, key: `order:${order.number}:order-delayed:${order.promisedTo}` },
    test,
  );
}

/** The order and payment events' text messages, as the composition root hands them to the orders and payments services. */
export function createOrderMessages(deps: OrderMessagesDeps) {
  return {
    notifyOrder: (tx: Database, kind: OrderMessageKind, orderId: number) => queueOrderMessages(tx, deps, kind, orderId),
    paymentPrompt: (prompt: SentPrompt) => queuePaymentPrompt(deps, prompt),
    /** a slipped delivery promise, with the new dates */
    orderDelayed: (tx: Database, orderId: number) => queueDelayMessages(tx, deps, orderId),
    paymentFailed: (tx: Database, orderId: number, attempt: FailedAttempt) => queuePaymentFailed(tx, deps, orderId, attempt),
  };
}
