import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { OrderStatus } from "@/lib/checkout";
import {
  LIMITED_ON_DELIVERY_STATUSES,
  OPEN_ON_DELIVERY_STATUSES,
  onDeliveryOffer,
  refusalFeeDue,
  unitsOverCap,
  withinNewCustomerLimit,
  type PayOnDeliverySettings,
} from "@/lib/pay-on-delivery";
import type { RecordedPaymentMethod } from "@/lib/contract/admin-staff-orders";
import type { OnDeliveryCapLine, OnDeliveryRefusal } from "@/lib/error-codes";
import { rowsOf, type Database } from "../db";
import { orders, recordedPayments, users } from "../db/schema";
import { DomainError } from "../errors";
import type { OrderRow } from "./views";

/**
 * Pay on delivery, inside the order's transactions: the checks a new order must pass (a confirmed
 * number, the ceiling, a new customer's limit, the units cap), and the three things that happen
 * to such an order after it is confirmed: a rider takes it out, the money is taken at the door or
 * the counter (a recorded payment, which hands the goods over and issues the receipt), or the
 * customer refuses it (its stock back on sale).
 */

/** Serialises the pay-on-delivery orders of one number (an account and a guest with the same number included). */
const ON_DELIVERY_LOCK_KEY = 7265016;

/** A mobile-money till's transaction id: letters, digits and a few separators, as the till's SMS shows it. */
export const TRANSACTION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{3,39}$/;

const invalid = (field: string, message: string, reason = field) => new DomainError("validation", message, { field, reason });
const refused = (reason: OnDeliveryRefusal, message: string, lines?: OnDeliveryCapLine[]) =>
  new DomainError("on-delivery-refused", message, { reason, ...(lines ? { lines } : {}) });

/** Who may place a pay-on-delivery order, as the placing step knows them. */
export type OnDeliveryBuyer = { kind: "account"; userId: number } | { kind: "guest"; phone: string; confirmed: boolean };

/**
 * Whether this order may be paid on delivery, checked in the placing transaction after it is
 * priced: the settings' offer (method, ceiling), the number confirmed by a code (an account's by
 * the phone claim, and the order's contact number must be it), a new customer's limit and the
 * cap of units one number holds. Returns the confirmed number the order counts against.
 */
export async function checkOnDelivery(
  tx: Database,
  input: {
    settings: PayOnDeliverySettings;
    buyer: OnDeliveryBuyer;
    contactPhone: string;
    deliveryMethod: OrderRow["deliveryMethod"];
    total: number;
    lines: readonly { productId: number; quantity: number; name: string }[];
  },
): Promise<string> {
  const { settings, buyer } = input;
  const offer = onDeliveryOffer(settings, { deliveryMethod: input.deliveryMethod, total: input.total });
  if (!offer.offered) {
    const refusals = {
      disabled: ["on-delivery-disabled", "This shop does not take payment on delivery now"],
      "delivery-method": ["on-delivery-method", "Pay on delivery is for courier delivery and pick-up at the shop"],
      "over-ceiling": ["on-delivery-ceiling", `Pay on delivery is for orders up to ${settings.maxOrderTotal} shillings`],
    } as const;
    const [reason, message] = refusals[offer.reason];
    throw invalid("payment", message, reason);
  }
  let phone: string;
  let userId: number | null = null;
  if (buyer.kind === "account") {
    const [user] = await tx.select({ phone: users.phone, confirmedAt: users.phoneConfirmedAt }).from(users).where(eq(users.id, buyer.userId));
    if (!user?.phone || !user.confirmedAt || user.phone !== input.contactPhone)
      throw refused("phone-not-confirmed", "Pay on delivery needs the order's number confirmed on your account by a code");
    phone = user.phone;
    userId = buyer.userId;
  } else {
    if (!buyer.confirmed) throw refused("phone-not-confirmed", "Pay on delivery needs the number confirmed by the code sent to it");
    phone = buyer.phone;
  }
  await tx.execute(sql`select pg_advisory_xact_lock(${ON_DELIVERY_LOCK_KEY}, hashtext(${phone}))`);

  const [history] = rowsOf<{ delivered: number; limited: number }>(
    await tx.execute(sql`select
        (select count(*)::int from orders where status = 'delivered'
          and (on_delivery_phone = ${phone} or guest_phone = ${phone}${userId !== null ? sql` or user_id = ${userId}` : sql``})) as delivered,
        (select count(*)::int from orders where on_delivery_phone = ${phone}
          and status in (${sql.join(
            LIMITED_ON_DELIVERY_STATUSES.map((s) => sql`${s}`),
            sql`, `,
          )})) as limited`),
  );
  if (!withinNewCustomerLimit(settings, { delivered: history?.delivered ?? 0, openOrRefused: history?.limited ?? 0 }))
    throw refused(
      "new-customer-limit",
      `Until a first order is delivered, a number may have ${settings.newCustomerOrders} pay-on-delivery order(s) open or refused: pay this one now instead`,
    );

  const held = rowsOf<{ product_id: number; units: number }>(
    await tx.execute(sql`select l.product_id, sum(l.quantity)::int as units from order_lines l join orders o on o.id = l.order_id
      where o.on_delivery_phone = ${phone} and o.status in (${sql.join(
        OPEN_ON_DELIVERY_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      )}) group by l.product_id`),
  );
  const over = unitsOverCap(settings.maxOpenUnitsPerProduct, new Map(held.map((h) => [Number(h.product_id), Number(h.units)])), input.lines);
  if (over.length)
    throw refused("units-cap", `A number may hold at most ${settings.maxOpenUnitsPerProduct} units of a product in orders paid on delivery`, over);
  return phone;
}

/** Who takes the money or marks a refusal: a rider (only on the orders given to them) or an admin (any, as the counter). */
export interface Collector {
  id: number;
  email: string;
  role: "rider" | "admin";
}

/** The steps of the orders service these need (they run in its transactions, on its locked rows). */
export interface OnDeliverySteps {
  setStatus(tx: Database, order: OrderRow, status: OrderStatus, note: string | null, extra: Partial<OrderRow>, actorUserId: number): Promise<void>;
  /** a paid order's sales, coins, receipt and "paid" message */
  settlePaid(tx: Database, order: OrderRow): Promise<void>;
  /** stock back, the coupon use given back, coins spent returned */
  releaseHeld(tx: Database, order: OrderRow): Promise<void>;
  notify(tx: Database, kind: "shipped" | "refused", orderId: number): Promise<void>;
  settings(tx: Database): Promise<PayOnDeliverySettings>;
  now(): Date;
}

function checkedTransactionId(method: RecordedPaymentMethod, raw: string | undefined): string | null {
  const transactionId = raw?.trim() || null;
  if (method === "till" && !transactionId) throw invalid("transactionId", "Enter the till's transaction id");
  if (transactionId && !TRANSACTION_ID.test(transactionId)) throw invalid("transactionId", "A transaction id is 4 to 40 letters and digits");
  return transactionId;
}

/** A till's transaction id pays one thing once (an order or a refusal fee). */
async function tillIdUnused(tx: Database, method: RecordedPaymentMethod, transactionId: string | null): Promise<void> {
  if (method !== "till" || !transactionId) return;
  const [used] = await tx
    .select({ id: recordedPayments.id })
    .from(recordedPayments)
    .where(and(eq(recordedPayments.method, "till"), eq(recordedPayments.transactionId, transactionId), isNull(recordedPayments.reversedAt)));
  if (used) throw invalid("transactionId", "This transaction id already paid another order");
}

function unpaidOnDelivery(order: OrderRow, statuses: readonly OrderStatus[], what: string): void {
  if (order.paymentMethod !== "on_delivery") throw new DomainError("invalid-state", "This order is not paid on delivery", { reason: "not-on-delivery" });
  if (order.paidAt || !statuses.includes(order.status))
    throw new DomainError("invalid-state", `An order that is ${order.status} cannot ${what}`, { reason: "status", status: order.status });
}

/** A rider acts only on the deliveries given to them; anything else is "no such delivery" (not a hint that it exists). */
function mayCollect(order: OrderRow, by: Collector): void {
  if (by.role === "rider" && order.riderUserId !== by.id) throw new DomainError("not-found", "No such delivery of yours");
}

export function onDeliveryActions(steps: OnDeliverySteps) {
  return {
    /**
     * Gives a confirmed (or already assigned) courier order to a rider: the order is on its way with
     * them, and the customer is told who brings it and the sum to have ready.
     */
    async assignInTx(tx: Database, order: OrderRow, admin: { id: number }, riderId: number | undefined): Promise<{ rider: string }> {
      if (riderId === undefined) throw invalid("riderId", "Choose the rider");
      unpaidOnDelivery(order, ["confirmed", "processing", "shipped"], "go out with a rider");
      if (order.deliveryMethod === "pickup") throw new DomainError("invalid-state", "A pick-up is collected at the counter", { reason: "pickup" });
      const [rider] = await tx
        .select({ id: users.id, name: users.fullName, role: users.role, lockedAt: users.lockedAt })
        .from(users)
        .where(eq(users.id, riderId));
      if (!rider || rider.role !== "rider" || rider.lockedAt) throw invalid("riderId", "Choose one of the shop's riders");
      if (order.riderUserId === rider.id && order.status === "shipped") return { rider: rider.name };
      await steps.setStatus(
        tx,
        order,
        "shipped",
        `rider: ${rider.name}`,
        { riderUserId: rider.id, riderAssignedAt: steps.now(), carrier: rider.name, trackingNumber: null },
        admin.id,
      );
      // told once, when it first leaves; a hand-over to another rider changes nothing for the customer
      if (order.status !== "shipped") await steps.notify(tx, "shipped", order.id);
      return { rider: rider.name };
    },

    /**
     * The whole total taken at the door or the counter (cash, or to the shop's till with its
     * transaction id): recorded with who took it, the order paid (receipt, coins, sales) and handed
     * over in the same transaction.
     */
    async collectInTx(
      tx: Database,
      order: OrderRow,
      by: Collector,
      input: { method: RecordedPaymentMethod; transactionId?: string; note?: string },
    ): Promise<void> {
      mayCollect(order, by);
      unpaidOnDelivery(order, ["shipped", "ready_for_pickup"], "be paid on delivery");
      const transactionId = checkedTransactionId(input.method, input.transactionId);
      await tillIdUnused(tx, input.method, transactionId);
      const at = steps.now();
      await tx.insert(recordedPayments).values({
        orderId: order.id,
        staffUserId: by.id,
        staffEmail: by.email,
        method: input.method,
        kind: "order",
        transactionId,
        amount: order.total,
        note: input.note?.trim() || null,
        recordedAt: at,
      });
      const note = `collected ${input.method}${transactionId ? ` ${transactionId}` : ""}`;
      await steps.setStatus(tx, order, "paid", note, { paidAt: at, holdUntil: null }, by.id);
      await steps.settlePaid(tx, { ...order, status: "paid", paidAt: at });
      await steps.setStatus(tx, { ...order, status: "paid", paidAt: at }, "delivered", null, {}, by.id);
    },

    /**
     * The customer would not take the goods: their stock back on sale, the coupon and coins given
     * back, the order refused (it counts against the number's limit). The delivery fee is recorded
     * only where the settings charge it and the customer paid it.
     */
    async refuseInTx(
      tx: Database,
      order: OrderRow,
      by: Collector,
      input: { reason?: string; fee?: { method: RecordedPaymentMethod; transactionId?: string } },
    ): Promise<void> {
      mayCollect(order, by);
      unpaidOnDelivery(order, ["shipped", "ready_for_pickup"], "be refused");
      const reason = input.reason?.trim() ?? "";
      if (reason.length < 3) throw invalid("reason", "Say why the customer refused the order");
      const due = refusalFeeDue((await steps.settings(tx)).refusalFee, order);
      if (input.fee && due === 0) throw invalid("fee", "No fee is charged for this refusal");
      if (input.fee) {
        const transactionId = checkedTransactionId(input.fee.method, input.fee.transactionId);
        await tillIdUnused(tx, input.fee.method, transactionId);
        await tx.insert(recordedPayments).values({
          orderId: order.id,
          staffUserId: by.id,
          staffEmail: by.email,
          method: input.fee.method,
          kind: "refusal_fee",
          transactionId,
          amount: due,
          note: null,
          recordedAt: steps.now(),
        });
      }
      await steps.releaseHeld(tx, order);
      await steps.setStatus(tx, order, "refused", `refused: ${reason}${input.fee ? ` (fee ${due} ${input.fee.method})` : ""}`, { holdUntil: null }, by.id);
      await steps.notify(tx, "refused", order.id);
    },
  };
}

export type OnDeliveryActions = ReturnType<typeof onDeliveryActions>;

/** A pay-on-delivery order out with its rider, not yet paid or refused. */
const riderOpen = and(eq(orders.paymentMethod, "on_delivery"), eq(orders.status, "shipped"), isNull(orders.paidAt));

/** The open pay-on-delivery orders given to a rider. */
export function riderOrdersWhere(riderId: number) {
  return and(eq(orders.riderUserId, riderId), riderOpen);
}

/** Open pay-on-delivery orders each rider holds now. */
export async function openDeliveriesByRider(db: Database, riderIds: number[]): Promise<Map<number, number>> {
  if (!riderIds.length) return new Map();
  const rows = await db
    .select({ riderId: orders.riderUserId, open: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(inArray(orders.riderUserId, riderIds), riderOpen))
    .groupBy(orders.riderUserId);
  return new Map(rows.map((r) => [r.riderId ?? 0, Number(r.open)]));
}
