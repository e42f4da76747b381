import { z } from "zod";
import type { DeliveryMethod, OrderStatus } from "./checkout";

/**
 * Pay on delivery: an order confirmed without prepayment, its stock held, paid in cash or mobile
 * money to a rider at the door or at the counter on pick-up, the receipt issued then. These rules
 * are shared by the checkout page (which offers the method) and the server (which decides).
 *
 * A shop cannot let anyone hold its stock for free: the method needs a number confirmed by a code,
 * stops at an order value, lets a number without a delivered order hold only a few such orders
 * (a refusal at the door counts as one), and caps the units of one product a number holds open.
 */

/** What a refusal at the door costs: nothing, or the order's delivery fee, paid to the rider there. */
export const REFUSAL_FEE_RULES = ["waived", "delivery_fee"] as const;
export type RefusalFeeRule = (typeof REFUSAL_FEE_RULES)[number];

export const payOnDeliverySettingsSchema = z.object({
  enabled: z.boolean(),
  /** the largest order total, in shillings, that may be paid on delivery */
  maxOrderTotal: z.number().int().min(0).max(100_000_000),
  /** pay-on-delivery orders (open, or refused at the door) a number may have until one of its orders is delivered */
  newCustomerOrders: z.number().int().min(0).max(20),
  /** units of one product a number may hold in its open pay-on-delivery orders */
  maxOpenUnitsPerProduct: z.number().int().min(1).max(10_000),
  refusalFee: z.enum(REFUSAL_FEE_RULES),
});
export type PayOnDeliverySettings = z.infer<typeof payOnDeliverySettingsSchema>;

export const DEFAULT_PAY_ON_DELIVERY: PayOnDeliverySettings = {
  enabled: true,
  maxOrderTotal: 500_000,
  newCustomerOrders: 1,
  maxOpenUnitsPerProduct: 10,
  refusalFee: "waived",
};

/** Where the goods meet the money: the shop's own couriers (the courier regions) and its counter; never a bus parcel. */
export const ON_DELIVERY_METHODS: readonly DeliveryMethod[] = ["courier", "same_day", "pickup"];

/** A pay-on-delivery order still holding its stock: not yet paid at the door, refused or cancelled. */
export const OPEN_ON_DELIVERY_STATUSES = ["confirmed", "processing", "ready_for_pickup", "shipped"] as const satisfies readonly OrderStatus[];

/** Counts against a new customer's limit: the open orders, and the ones refused at the door. */
export const LIMITED_ON_DELIVERY_STATUSES = [...OPEN_ON_DELIVERY_STATUSES, "refused"] as const satisfies readonly OrderStatus[];

export type OnDeliveryUnavailable = "disabled" | "delivery-method" | "over-ceiling";

/** Whether an order of this total, travelling this way, may be paid on delivery (the number's own limits aside). */
export function onDeliveryOffer(
  settings: Pick<PayOnDeliverySettings, "enabled" | "maxOrderTotal">,
  order: { deliveryMethod: DeliveryMethod | null; total: number },
): { offered: true } | { offered: false; reason: OnDeliveryUnavailable } {
  if (!settings.enabled) return { offered: false, reason: "disabled" };
  if (order.deliveryMethod && !ON_DELIVERY_METHODS.includes(order.deliveryMethod)) return { offered: false, reason: "delivery-method" };
  if (order.total > settings.maxOrderTotal) return { offered: false, reason: "over-ceiling" };
  return { offered: true };
}

/**
 * Whether a number may place one more pay-on-delivery order: always once one of its orders was
 * delivered; before that, only while its open and refused pay-on-delivery orders are under the limit.
 */
export function withinNewCustomerLimit(
  settings: Pick<PayOnDeliverySettings, "newCustomerOrders">,
  history: { delivered: number; openOrRefused: number },
): boolean {
  return history.delivered > 0 || history.openOrRefused < settings.newCustomerOrders;
}

/**
 * The products whose units this order would take over the cap a number may hold in open
 * pay-on-delivery orders (`held`: units per product already held), with what could still be held.
 */
export function unitsOverCap(
  cap: number,
  held: ReadonlyMap<number, number>,
  lines: readonly { productId: number; quantity: number; name: string }[],
): { productId: number; name: string; available: number }[] {
  const wanted = new Map<number, { quantity: number; name: string }>();
  for (const line of lines) {
    const seen = wanted.get(line.productId);
    wanted.set(line.productId, { quantity: (seen?.quantity ?? 0) + line.quantity, name: seen?.name ?? line.name });
  }
  return [...wanted]
    .filter(([productId, w]) => (held.get(productId) ?? 0) + w.quantity > cap)
    .map(([productId, w]) => ({ productId, name: w.name, available: Math.max(0, cap - (held.get(productId) ?? 0)) }));
}

/** What the rider may collect when the goods are refused at the door: nothing, or the delivery fee (never the goods' price). */
export function refusalFeeDue(rule: RefusalFeeRule, order: { deliveryFee: number; deliveryMethod: DeliveryMethod }): number {
  if (rule === "waived" || order.deliveryMethod === "pickup") return 0;
  return order.deliveryFee;
}
