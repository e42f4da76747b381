import type { LocalizedText, SiteSettings } from "./site-settings";
import { findRegion, vatZoneOf, type VatZone } from "./tanzania-regions";

/**
 * The checkout's rules, shared by the server (which decides) and the browser (which shows the same
 * rule before the order is placed): delivery options and fees, VAT included in a price, totals.
 * Money is whole shillings; a price includes VAT.
 */
export const DELIVERY_METHODS = ["courier", "same_day", "parcel", "pickup"] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
/** on_delivery: paid in cash or mobile money to a rider at the door, or at the counter on pick-up (src/lib/pay-on-delivery.ts) */
export const PAYMENT_METHODS = ["mobile_money", "card", "bank_transfer", "on_delivery"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * confirmed: a pay-on-delivery order accepted without prepayment, its stock held until it is paid
 * at the door or counter (then delivered) or refused there (refused: the stock back on sale).
 */
export const ORDER_STATUSES = [
  "awaiting_payment",
  "confirmed",
  "paid",
  "processing",
  "ready_for_pickup",
  "shipped",
  /** back-orders: some of the order's goods dispatched, the rest awaiting stock or dispatch */
  "partly_shipped",
  "delivered",
  "cancelled",
  "refused",
  /** refunds: part of the money given back (src/lib/refunds.ts), the rest kept */
  "partly_refunded",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type DeliverySettings = Pick<SiteSettings, "delivery" | "cart" | "timezone">;

/** What the delivery rules need to know of a line. */
export interface DeliveryLine {
  freeDelivery: boolean;
  sameDayDelivery: boolean;
}

export type DeliveryUnavailable = "region-required" | "outside-courier-area" | "inside-courier-area" | "not-every-line" | "after-cutoff" | "disabled";

export interface DeliveryOption {
  method: DeliveryMethod;
  fee: number;
  available: boolean;
  /** why an option cannot be chosen (shown to the shopper, so they know what would change it) */
  unavailable?: DeliveryUnavailable;
  /** same day: the cut-off time (HH:MM, shop time) */
  detail?: string;
  /** parcel: where parcels leave from, in each language */
  departure?: LocalizedText;
}

/** The current HH:MM in the shop's time zone. */
export function shopClock(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(now);
  const hour = parts.find((p) => p.type === "hour")?.value ?? "00";
  const minute = parts.find((p) => p.type === "minute")?.value ?? "00";
  return `${hour}:${minute}`;
}

/**
 * Every delivery method with its fee for these lines and this region, and whether it can be chosen.
 * `region` null means the shopper has not picked one yet (only pick-up is then available).
 */
export function deliveryOptions(lines: readonly DeliveryLine[], region: string | null, now: Date, settings: DeliverySettings): DeliveryOption[] {
  const { delivery } = settings;
  const known = findRegion(region);
  const inCourierArea = !!known && delivery.courierRegions.includes(known.code);
  const allFree = lines.length > 0 && lines.every((l) => l.freeDelivery);
  const allSameDay = lines.length > 0 && lines.every((l) => l.sameDayDelivery);
  const beforeCutoff = shopClock(now, settings.timezone) < delivery.sameDay.cutoff;

  const courier: DeliveryOption = { method: "courier", fee: allFree ? 0 : settings.cart.shippingCost, available: inCourierArea };
  if (!known) courier.unavailable = "region-required";
  else if (!inCourierArea) courier.unavailable = "outside-courier-area";

  const sameDay: DeliveryOption = { method: "same_day", fee: delivery.sameDay.fee, available: false, detail: delivery.sameDay.cutoff };
  if (!delivery.sameDay.enabled) sameDay.unavailable = "disabled";
  else if (!known) sameDay.unavailable = "region-required";
  else if (!inCourierArea) sameDay.unavailable = "outside-courier-area";
  else if (!allSameDay) sameDay.unavailable = "not-every-line";
  else if (!beforeCutoff) sameDay.unavailable = "after-cutoff";
  else sameDay.available = true;

  const parcelFee = known ? (delivery.parcel.fees[known.code] ?? delivery.parcel.defaultFee) : delivery.parcel.defaultFee;
  const parcel: DeliveryOption = { method: "parcel", fee: parcelFee, available: false, departure: delivery.parcel.departure };
  if (!delivery.parcel.enabled) parcel.unavailable = "disabled";
  else if (!known) parcel.unavailable = "region-required";
  else if (inCourierArea) parcel.unavailable = "inside-courier-area";
  else parcel.available = true;

  const pickup: DeliveryOption = { method: "pickup", fee: 0, available: delivery.pickup.enabled };
  if (!delivery.pickup.enabled) pickup.unavailable = "disabled";

  return [courier, sameDay, parcel, pickup];
}

/** The VAT rate of a destination in basis points (18 % = 1800); pick-up is a Mainland sale. */
export function vatRateBp(rates: SiteSettings["vatRates"], zone: VatZone): number {
  return Math.round(rates[zone] * 100);
}

/** A VAT-inclusive amount split into net and VAT, whole shillings: net + vat === gross. */
export function splitVat(gross: number, rateBp: number): { net: number; vat: number } {
  const net = Math.round((gross * 10_000) / (10_000 + rateBp));
  return { net, vat: gross - net };
}

export interface PricedLine {
  unitPrice: number;
  quantity: number;
}

export interface OrderTotals {
  zone: VatZone;
  rateBp: number;
  lines: { gross: number; net: number; vat: number }[];
  subtotal: number;
  deliveryFee: number;
  deliveryVat: number;
  vatTotal: number;
  total: number;
}

/** The money of an order: per line and for delivery, net and VAT of the gross, and the sums. */
export function orderTotals(lines: readonly PricedLine[], deliveryFee: number, region: string | null, rates: SiteSettings["vatRates"]): OrderTotals {
  const zone = vatZoneOf(region);
  const rateBp = vatRateBp(rates, zone);
  const priced = lines.map((l) => {
    const gross = l.unitPrice * l.quantity;
    return { gross, ...splitVat(gross, rateBp) };
  });
  const subtotal = priced.reduce((sum, l) => sum + l.gross, 0);
  const delivery = splitVat(deliveryFee, rateBp);
  const vatTotal = priced.reduce((sum, l) => sum + l.vat, 0) + delivery.vat;
  return { zone, rateBp, lines: priced, subtotal, deliveryFee, deliveryVat: delivery.vat, vatTotal, total: subtotal + deliveryFee };
}

/** KE-2026-000123: the shop's prefix, the year the order was placed, the sequence number. */
export function formatOrderNumber(sequence: number, year: number): string {
  return `KE-${year}-${String(sequence).padStart(6, "0")}`;
}

export const ORDER_NUMBER_PATTERN = /^KE-\d{4}-\d{6,}$/;

/**
 * Payment methods the shop can offer now: the setting's list, bank transfer only with an account to
 * pay into, pay on delivery where its own setting allows it (whether a given order may use it is
 * onDeliveryOffer's rule).
 */
export function offeredPaymentMethods(
  settings: Pick<SiteSettings, "paymentSettings" | "bankTransfer"> & { payOnDelivery?: { enabled: boolean } },
  cardAvailable: boolean,
): PaymentMethod[] {
  return PAYMENT_METHODS.filter((m) => {
    if (m === "on_delivery") return settings.payOnDelivery?.enabled === true;
    if (!settings.paymentSettings.methods.includes(m)) return false;
    if (m === "bank_transfer") return settings.bankTransfer.accountNumber.trim() !== "";
    if (m === "card") return cardAvailable;
    return true;
  });
}
