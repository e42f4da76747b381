import type { OrderView } from "@/lib/orders";
import { OPEN_ON_DELIVERY_STATUSES } from "@/lib/pay-on-delivery";

/**
 * What a pay-on-delivery order asks of its shopper now: the money at the door or the counter (an
 * open order not yet paid), or nothing more (refused at the door: its stock went back on sale).
 * Null for any other order, and once the money was taken.
 */
export function onDeliveryState(order: Pick<OrderView, "paymentMethod" | "status" | "paidAt" | "paidInPerson">): "due" | "refused" | null {
  if (order.paymentMethod !== "on_delivery") return null;
  if (order.status === "refused") return "refused";
  const open = (OPEN_ON_DELIVERY_STATUSES as readonly string[]).includes(order.status);
  return open && !order.paidAt && !order.paidInPerson ? "due" : null;
}
