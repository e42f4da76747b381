import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  addDays,
  allDispatched,
  depositCancellation,
  expectedArrival,
  heldForBalance,
  lineStatus,
  readyUnits,
  refundDateMissed,
  type BackOrderOffer,
  type BackOrderPlan,
  type OrderPartsView,
} from "@/lib/back-orders";
import type { OrderStatus } from "@/lib/checkout";
import type { RefundMethod, RefundView } from "@/lib/refunds";
import { shopDateOf } from "@/lib/shop-calendar";
import { DEFAULT_VARIANT_ID } from "@/lib/variants";
import { invalidateTags } from "../cache/tagged-cache";
import { rowsOf, withTransaction, type Database } from "../db";
import { orderEvents, orderLines, orders, products, productVariants, shipmentLines, shipments } from "../db/schema";
import { logSecurityEvent, type RequestMeta } from "../auth/events";
import { DomainError } from "../errors";
import { isTestOrder } from "../payments/test-orders";
import type { RefundsService } from "../refunds/refunds";
import type { SettingsService } from "../settings/settings";
import { readCheckoutLines, type LineSource } from "../orders/cart-lines";
import { allocateArrivedStock, planBackOrders, waitingUnitsByProduct } from "./allocate";
import type { ShipmentMessages } from "./shipment-messages";

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

/** Who cancels an order's waiting part: its shopper, an admin (choosing how the money goes back), or the refund-by job. */
export type WaitingCanceller =
  | { kind: "shopper"; userId: number }
  | { kind: "admin"; id: number; email: string; method?: RefundMethod; bankReference?: string }
  /** the back-order job: the refund-by date passed, or the balance was not paid in time */
  | { kind: "system"; reason?: "refund-by" | "balance-unpaid" };

export interface BackOrdersOptions {
  db: Database;
  settings: SettingsService;
  messages: ShipmentMessages;
  /** the refunds service (money back for a cancelled waiting part) */
  refunds: Pick<RefundsService, "create">;
  now?: () => Date;
  log?: (line: string) => void;
}

/** Orders a waiting part may be shipped or cancelled on: paid, and not over. */
const OPEN_STATUSES: readonly OrderStatus[] = ["paid", "processing", "partly_shipped"];

const invalid = (field: string, message: string) => new DomainError("validation", message, { field, reason: field });

export function createBackOrdersService(options: BackOrdersOptions) {
  const { db, settings, messages, refunds } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => undefined);
  const today = async () => shopDateOf(now(), (await settings.get()).timezone);

  async function lockOrder(tx: Database, number: string, userId?: number): Promise<OrderRow> {
    const where = userId === undefined ? eq(orders.number, number) : and(eq(orders.number, number), eq(orders.userId, userId));
    const [row] = await tx.select().from(orders).where(where).for("update");
    if (!row) throw new DomainError("not-found", "Order not found");
    return row;
  }

  async function linesOf(tx: Database, orderId: number, lock: boolean): Promise<LineRow[]> {
    const query = tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
    return lock ? query.for("update") : query;
  }

  const parts = (l: LineRow) => ({
    quantity: l.quantity,
    backorderedQuantity: l.backorderedQuantity,
    cancelledQuantity: l.cancelledQuantity,
    shippedQuantity: l.shippedQuantity,
  });

  const mayShip = (order: OrderRow) => order.paidAt !== null && order.deliveryMethod !== "pickup" && OPEN_STATUSES.includes(order.status);
  // a deposit order's goods bought on deposit may be cancelled while their balance is owed, in stock or not
  const mayCancelWaiting = (order: OrderRow) =>
    order.paidAt !== null && (order.waitingUnits > 0 || order.balanceDue > 0) && OPEN_STATUSES.includes(order.status);
  const mayPayBalance = (order: OrderRow) => order.paidAt !== null && order.balanceDue > 0 && OPEN_STATUSES.includes(order.status);
  /** units of a line that may go out now: in stock, not yet sent, and not held for an unpaid balance */
  const shippableUnits = (line: LineRow, order: OrderRow) => readyUnits(parts(line)) - heldForBalance(line, order.balanceDue);
  /** units of a line a cancellation of the waiting part takes: those awaiting stock and, while a balance is owed, those held for it */
  const cancellableUnits = (line: LineRow, order: OrderRow) => line.backorderedQuantity + heldForBalance(line, order.balanceDue);

  async function partsView(order: OrderRow): Promise<OrderPartsView> {
    const lines = await linesOf(db, order.id, false);
    const sent = await db.select().from(shipments).where(eq(shipments.orderId, order.id)).orderBy(asc(shipments.number));
    const carried = sent.length
      ? await db
          .select()
          .from(shipmentLines)
          .where(
            inArray(
              shipmentLines.shipmentId,
              sent.map((s) => s.id),
            ),
          )
      : [];
    const names = new Map(lines.map((l) => [l.id, l.name]));
    return {
      number: order.number,
      refundBy: order.backorderRefundBy,
      waitingUnits: order.waitingUnits,
      lines: lines.map((l) => ({
        orderLineId: l.id,
        productId: l.productId,
        variantId: l.variantId,
        name: l.name,
        sku: l.sku,
        attributes: l.attributes,
        quantity: l.quantity,
        waiting: l.backorderedQuantity,
        ready: shippableUnits(l, order),
        heldForBalance: heldForBalance(l, order.balanceDue),
        shipped: l.shippedQuantity,
        cancelled: l.cancelledQuantity,
        expectedOn: l.backorderExpectedOn,
        status: lineStatus(parts(l)),
      })),
      shipments: sent.map((s) => ({
        number: s.number,
        carrier: s.carrier,
        trackingNumber: s.trackingNumber,
        dispatchedAt: s.dispatchedAt.toISOString(),
        lines: carried
          .filter((c) => c.shipmentId === s.id)
          .map((c) => ({ orderLineId: c.orderLineId, name: names.get(c.orderLineId) ?? "", quantity: c.quantity })),
      })),
      canCancelWaiting: mayCancelWaiting(order),
      canShip: mayShip(order) && lines.some((l) => shippableUnits(l, order) > 0),
      deposit:
        order.depositAmount === null
          ? null
          : {
              amount: order.depositAmount,
              balanceDue: order.balanceDue,
              balancePaid: order.balancePaid,
              balanceRequestedAt: order.balanceRequestedAt?.toISOString() ?? null,
              balanceDueBy: order.balanceRequestedAt && order.balanceDue > 0 ? await balanceDueBy(order.balanceRequestedAt) : null,
            },
      canPayBalance: mayPayBalance(order),
    };
  }

  /** The last day to pay a balance asked for at `requestedAt`: the shop's days for it after that day. */
  async function balanceDueBy(requestedAt: Date): Promise<string> {
    const shop = await settings.get();
    return addDays(shopDateOf(requestedAt, shop.timezone), shop.backOrders.balanceDays);
  }

  /** The order's status once its parts changed: shipped when nothing more is owed and some went out, cancelled when none did. */
  function statusAfter(order: OrderRow, lines: LineRow[]): OrderStatus {
    if (!allDispatched(lines.map(parts))) return lines.some((l) => l.shippedQuantity > 0) ? "partly_shipped" : order.status;
    return lines.some((l) => l.shippedQuantity > 0) ? "shipped" : "cancelled";
  }

  /**
   * How a cancelled waiting part's money goes back when no admin chose: by the route that took it
   * (a bank transfer the shop asks for itself waits for the admin to make it and record its
   * reference; money paid at the door goes back as cash, recorded by staff), else (a card) to the
   * account's store credit; a guest's card payment is left to the admin.
   */
  function defaultRefundMethod(order: OrderRow): RefundMethod | null {
    if (order.paymentMethod === "mobile_money" || order.paymentMethod === "bank_transfer") return order.paymentMethod;
    if (order.paymentMethod === "on_delivery") return "cash";
    return order.userId !== null ? "store_credit" : null;
  }

  async function cancelWaiting(
    number: string,
    by: WaitingCanceller,
    input: { orderLineIds?: number[]; reason?: string },
    meta?: RequestMeta,
  ): Promise<{ parts: OrderPartsView; refund: RefundView | null; refundPending: boolean }> {
    const done = await withTransaction(db, async (tx) => {
      const order = await lockOrder(tx, number, by.kind === "shopper" ? by.userId : undefined);
      if (!mayCancelWaiting(order)) throw new DomainError("invalid-state", "This order has no paid part awaiting stock to cancel");
      const lines = await linesOf(tx, order.id, true);
      const chosen = input.orderLineIds ? new Set(input.orderLineIds) : null;
      if (chosen && [...chosen].some((id) => !lines.some((l) => l.id === id && cancellableUnits(l, order) > 0)))
        throw invalid("lines", "Choose lines of this order that await stock");
      const onDeposit = order.balanceDue > 0;
      // the gross of every unit still bought on deposit, before this cancellation (the share of the balance each carries)
      const unitGross = (l: LineRow) => l.gross / l.quantity;
      const depositGross = lines.reduce((sum, l) => sum + unitGross(l) * l.depositUnits, 0);
      let cancelledGross = 0;
      const cancelled: { orderLineId: number; quantity: number }[] = [];
      for (const line of lines) {
        const units = cancellableUnits(line, order);
        if (units === 0 || (chosen && !chosen.has(line.id))) continue;
        // units in stock held for the unpaid balance go back on sale (the stock trigger offers them to the next in line)
        const held = units - line.backorderedQuantity;
        if (held > 0) {
          await tx.execute(sql`update products set stock_quantity = stock_quantity + ${held}, updated_at = now() where id = ${line.productId}`);
          await tx.execute(
            sql`update product_variants set stock = stock + ${held} where product_id = ${line.productId} and combination_id = ${line.variantId}`,
          );
        }
        cancelled.push({ orderLineId: line.id, quantity: units });
        cancelledGross += unitGross(line) * units;
        line.cancelledQuantity += units;
        line.backorderedQuantity = 0;
        line.depositUnits = onDeposit ? Math.max(0, line.depositUnits - units) : line.depositUnits;
        await tx
          .update(orderLines)
          .set({ cancelledQuantity: line.cancelledQuantity, backorderedQuantity: 0, depositUnits: line.depositUnits })
          .where(eq(orderLines.id, line.id));
      }
      // a deposit order: the balance owed for the cancelled goods is let go, and only what the deposit paid for them goes back
      const money = onDeposit
        ? depositCancellation({ waitingGoodsValue: order.depositGoodsValue, balanceDue: order.balanceDue, cancelledGross, depositGross })
        : null;
      const status = statusAfter(order, lines);
      const last =
        status === "shipped" ? (await tx.select().from(shipments).where(eq(shipments.orderId, order.id)).orderBy(asc(shipments.number))).at(-1) : undefined;
      await tx
        .update(orders)
        .set({
          waitingUnits: lines.reduce((sum, l) => sum + l.backorderedQuantity, 0),
          ...(money ? { balanceDue: order.balanceDue - money.balanceReduction, depositGoodsValue: order.depositGoodsValue - money.cancelledValue } : {}),
          status,
          updatedAt: sql`now()`,
          ...(last ? { carrier: last.carrier, trackingNumber: last.trackingNumber } : {}),
        })
        .where(eq(orders.id, order.id));
      const actor = by.kind === "admin" ? "admin" : by.kind === "shopper" ? "shopper" : "system";
      const [event] = await tx
        .insert(orderEvents)
        .values({
          orderId: order.id,
          status,
          actor,
          actorUserId: by.kind === "admin" ? by.id : by.kind === "shopper" ? by.userId : null,
          note:
            by.kind === "system" ? (by.reason === "balance-unpaid" ? "back-order-balance-unpaid" : "back-order-refund-date-passed") : "back-order-cancelled",
        })
        .returning({ id: orderEvents.id });
      if (by.kind === "admin")
        await logSecurityEvent(
          tx,
          {
            type: "admin-order-action",
            userId: by.id,
            email: by.email,
            detail: { by: by.email, order: order.number, action: "cancel-waiting", lines: cancelled },
          },
          meta,
        );
      await messages.waitingCancelled(tx, order.id, by.kind === "system" ? (by.reason === "balance-unpaid" ? "balance" : "late") : by.kind, event!.id);
      return { order, cancelled, eventId: event!.id, status, money };
    });
    // the money goes back through the refunds service after the cancellation is committed: a
    // provider's refund call must not hold the order's locks, and the cancellation stands either way
    const method = by.kind === "admin" && by.method ? by.method : defaultRefundMethod(done.order);
    let refund: RefundView | null = null;
    let refundPending = false;
    if (method === null) refundPending = true;
    else if (done.money && done.money.refund === 0) {
      // nothing of the deposit went to these goods (rounding): nothing to send back
    } else {
      try {
        refund = await refunds.create({
          orderNumber: done.order.number,
          // goods bought on deposit were paid in part: what the deposit paid for them goes back, by amount
          ...(done.money ? { amount: done.money.refund } : { lines: done.cancelled }),
          method,
          reason:
            input.reason?.trim() ||
            (by.kind === "system"
              ? by.reason === "balance-unpaid"
                ? "Balance not paid in time: deposit returned"
                : "Back-order not in stock by the date chosen"
              : "Back-order cancelled"),
          idempotencyKey: `back-order-cancel:${done.eventId}`,
          actor: by.kind === "admin" ? { userId: by.id, email: by.email } : { system: true },
          ...(by.kind === "admin" && by.bankReference ? { bankReference: by.bankReference } : {}),
          // nothing went out and nothing will: the delivery paid for is returned too
          ...(done.status === "cancelled" ? { includeDelivery: true } : {}),
        });
      } catch (error) {
        refundPending = true;
        log(`back-order ${done.order.number}: refund not made (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    if (refundPending)
      // the timeline shows the admin that money is still owed for the cancelled part
      await db
        .insert(orderEvents)
        .values({ orderId: done.order.id, status: (await orderRow(done.order.id)).status, actor: "system", note: "back-order-refund-pending" });
    return { parts: await partsView(await orderRow(done.order.id)), refund, refundPending };
  }

  /**
   * Deposit orders whose waiting goods are all in stock are asked for their balance, once: the
   * request's time is set in the transaction that queues its messages.
   */
  async function askForBalances(): Promise<number> {
    const due = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          sql`${orders.balanceDue} > 0`,
          sql`${orders.waitingUnits} = 0`,
          sql`${orders.balanceRequestedAt} is null`,
          inArray(orders.status, [...OPEN_STATUSES]),
        ),
      )
      .orderBy(asc(orders.id))
      .limit(50);
    let asked = 0;
    for (const { id } of due) {
      const at = now();
      const dueBy = await balanceDueBy(at);
      const done = await withTransaction(db, async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
        if (!order || order.balanceDue <= 0 || order.waitingUnits > 0 || order.balanceRequestedAt !== null) return false;
        await tx
          .update(orders)
          .set({ balanceRequestedAt: at, updatedAt: sql`now()` })
          .where(eq(orders.id, id));
        await tx.insert(orderEvents).values({ orderId: id, status: order.status, actor: "system", note: `balance-requested ${dueBy}` });
        await messages.balanceDue(tx, id, dueBy);
        return true;
      });
      if (done) asked++;
    }
    return asked;
  }

  /** A balance not paid by its day: the goods held for it go back on sale and the deposit paid for them is refunded. */
  async function releaseUnpaidBalances(): Promise<number> {
    const shop = await settings.get();
    const day = shopDateOf(now(), shop.timezone);
    const asked = await db
      .select()
      .from(orders)
      .where(and(sql`${orders.balanceDue} > 0`, sql`${orders.balanceRequestedAt} is not null`, inArray(orders.status, [...OPEN_STATUSES])))
      .orderBy(asc(orders.balanceRequestedAt))
      .limit(50);
    let released = 0;
    for (const order of asked) {
      if (addDays(shopDateOf(order.balanceRequestedAt!, shop.timezone), shop.backOrders.balanceDays) >= day) continue;
      try {
        await cancelWaiting(order.number, { kind: "system", reason: "balance-unpaid" }, {});
        released++;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
      }
    }
    return released;
  }

  async function orderRow(id: number): Promise<OrderRow> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    if (!row) throw new DomainError("not-found", "Order not found");
    return row;
  }

  async function findByNumber(number: string, userId?: number): Promise<OrderRow> {
    const where = userId === undefined ? eq(orders.number, number) : and(eq(orders.number, number), eq(orders.userId, userId));
    const [row] = await db.select().from(orders).where(where);
    if (!row) throw new DomainError("not-found", "Order not found");
    return row;
  }

  return {
    /** An order's parts for its signed-in shopper. */
    forShopper: async (userId: number, number: string) => partsView(await findByNumber(number, userId)),
    /** An order's parts for an admin, or for a page that found the order already (its signed link). */
    forOrder: async (number: string) => partsView(await findByNumber(number)),

    /** A product's offer beyond its stock, for the product page (one unit more than it has). */
    async offer(productId: number, variantId: string = DEFAULT_VARIANT_ID): Promise<BackOrderOffer> {
      const [product] = await db
        .select({
          stock: products.stockQuantity,
          allow: products.allowBackorder,
          archivedAt: products.archivedAt,
          incomingQuantity: products.incomingQuantity,
          incomingDate: products.incomingDate,
          onDemandWeeks: products.onDemandWeeks,
        })
        .from(products)
        .where(eq(products.id, productId));
      if (!product || product.archivedAt) throw new DomainError("not-found", "Product not found");
      let stock = product.stock;
      if (variantId !== DEFAULT_VARIANT_ID) {
        const [variant] = await db
          .select({ stock: productVariants.stock })
          .from(productVariants)
          .where(and(eq(productVariants.productId, productId), eq(productVariants.combinationId, variantId)));
        if (!variant) throw new DomainError("not-found", "No such option of this product");
        stock = variant.stock;
      }
      const ahead = (await waitingUnitsByProduct(db, [productId])).get(productId) ?? 0;
      const expectedOn = product.allow ? expectedArrival(product, 1, ahead, await today()) : null;
      return { productId, variantId, stock: Math.max(0, stock), expectedOn };
    },

    /** The checkout's plan for a signed-in shopper's cart or a guest's lines: which lines wait, until about when. */
    async plan(source: LineSource): Promise<BackOrderPlan> {
      const shop = await settings.get();
      const day = shopDateOf(now(), shop.timezone);
      const lines = await readCheckoutLines(db, source, false, shop.bulkPricingTiers);
      const { plans, short } = await planBackOrders(db, lines, day);
      const expected = plans.map((p) => p.expectedOn).filter((d): d is string => d !== null);
      return {
        lines: lines.map((l, i) => ({
          productId: l.productId,
          variantId: l.variantId,
          name: l.name,
          quantity: l.quantity,
          inStock: Math.max(0, Math.min(l.quantity, l.stock)),
          waiting: plans[i]!.waiting,
          expectedOn: plans[i]!.expectedOn,
          sellable: !short.includes(l),
        })),
        refundBy: expected.length ? { earliest: expected.reduce((a, b) => (a > b ? a : b)), latest: addDays(day, shop.backOrders.maxWaitDays) } : null,
        payment: shop.backOrders.payment,
        depositPercent: shop.backOrders.depositPercent,
      };
    },

    /** An admin allows (or stops) ordering a product beyond its stock; logged under the admin. */
    async setAllowed(
      productId: number,
      allow: boolean,
      admin: { id: number; email: string },
      meta?: RequestMeta,
    ): Promise<{ productId: number; allowBackorder: boolean }> {
      await withTransaction(db, async (tx) => {
        const [row] = await tx
          .update(products)
          .set({ allowBackorder: allow, updatedAt: sql`now()` })
          .where(eq(products.id, productId))
          .returning({ id: products.id });
        if (!row) throw new DomainError("not-found", `Product ${productId} not found`);
        await logSecurityEvent(
          tx,
          {
            type: "admin-product-changed",
            userId: admin.id,
            email: admin.email,
            detail: { by: admin.email, action: "back-orders", product: productId, allowBackorder: allow },
          },
          meta,
        );
      });
      invalidateTags("catalog");
      return { productId, allowBackorder: allow };
    },

    /** Whether a product may be back-ordered (the admin's product page). */
    async allowed(productId: number): Promise<boolean> {
      const [row] = await db.select({ allow: products.allowBackorder }).from(products).where(eq(products.id, productId));
      if (!row) throw new DomainError("not-found", `Product ${productId} not found`);
      return row.allow;
    },

    /**
     * Dispatches an order's ready units (all of them, or the lines and quantities given) as one
     * shipment with its own carrier and tracking number; the order is partly shipped until nothing
     * more is owed, then shipped. The shopper is told of each shipment (SMS, WhatsApp, e-mail).
     */
    async ship(
      number: string,
      input: { lines?: { orderLineId: number; quantity: number }[]; carrier: string; trackingNumber: string; confirmTestOrder?: boolean },
      admin: { id: number; email: string },
      meta?: RequestMeta,
    ): Promise<OrderPartsView> {
      const carrier = input.carrier.trim();
      const trackingNumber = input.trackingNumber.trim();
      if (!carrier) throw invalid("carrier", "Enter the carrier");
      if (!trackingNumber) throw invalid("trackingNumber", "Enter the tracking number");
      const orderId = await withTransaction(db, async (tx) => {
        const order = await lockOrder(tx, number);
        if (!mayShip(order)) throw new DomainError("invalid-state", `An order that is ${order.status} cannot be shipped in parts`);
        const lines = await linesOf(tx, order.id, true);
        const wanted = input.lines ?? lines.map((l) => ({ orderLineId: l.id, quantity: shippableUnits(l, order) })).filter((l) => l.quantity > 0);
        if (!wanted.length)
          throw order.balanceDue > 0 && lines.some((l) => heldForBalance(l, order.balanceDue) > 0)
            ? new DomainError("invalid-state", "The goods in stock were bought on deposit: they go once the balance is paid", { reason: "balance-due" })
            : invalid("lines", "Nothing of this order is ready to ship");
        if (new Set(wanted.map((w) => w.orderLineId)).size !== wanted.length) throw invalid("lines", "Name each line once");
        for (const want of wanted) {
          const line = lines.find((l) => l.id === want.orderLineId);
          if (!line) throw invalid("lines", "Choose lines of this order");
          if (!Number.isInteger(want.quantity) || want.quantity < 1 || want.quantity > shippableUnits(line, order))
            throw invalid(
              "lines",
              heldForBalance(line, order.balanceDue) > 0
                ? `At most ${shippableUnits(line, order)} of ${line.name} can ship: the rest waits for the balance`
                : `At most ${shippableUnits(line, order)} of ${line.name} are ready to ship`,
            );
        }
        if ((await isTestOrder(tx, order.id)) && input.confirmTestOrder !== true)
          throw new DomainError(
            "confirmation-required",
            `Order ${order.number} is a test order: it was paid in the payment sandbox and no money was received. Send confirmTestOrder: true to ship it anyway.`,
            { reason: "testOrder" },
          );
        const [{ next }] = rowsOf<{ next: number | string }>(
          await tx.execute(sql`select coalesce(max(number), 0) + 1 as next from shipments where order_id = ${order.id}`),
        ) as [{ next: number | string }];
        const [shipment] = await tx
          .insert(shipments)
          .values({ orderId: order.id, number: Number(next), carrier, trackingNumber, dispatchedAt: now(), createdBy: admin.id })
          .returning();
        await tx.insert(shipmentLines).values(wanted.map((w) => ({ shipmentId: shipment!.id, orderLineId: w.orderLineId, quantity: w.quantity })));
        for (const want of wanted) {
          const line = lines.find((l) => l.id === want.orderLineId)!;
          line.shippedQuantity += want.quantity;
          await tx.update(orderLines).set({ shippedQuantity: line.shippedQuantity }).where(eq(orderLines.id, line.id));
        }
        const status = statusAfter(order, lines);
        await tx
          .update(orders)
          .set({ status, carrier, trackingNumber, updatedAt: sql`now()` })
          .where(eq(orders.id, order.id));
        await tx.insert(orderEvents).values({ orderId: order.id, status, actor: "admin", actorUserId: admin.id, note: `shipment-${shipment!.number}` });
        await logSecurityEvent(
          tx,
          {
            type: "admin-order-action",
            userId: admin.id,
            email: admin.email,
            detail: { by: admin.email, order: order.number, action: "ship-part", from: order.status, shipment: shipment!.number, lines: wanted },
          },
          meta,
        );
        await messages.shipmentSent(tx, order.id, shipment!.id);
        return order.id;
      });
      return partsView(await orderRow(orderId));
    },

    /** Cancels an order's waiting part (all of it, or the lines given) and returns its money through the refunds service. */
    cancelWaiting,

    /** A deposit order's balance came in (in its payment's transaction): the shopper is thanked. */
    balancePaid: (tx: Database, orderId: number, payment: { amount: number; reference: string }) => messages.balancePaid(tx, orderId, payment),

    /** Stock arrived for a product: its waiting lines first (src/server/back-orders/allocate.ts), in the caller's transaction. */
    allocateArrivedStock,

    /**
     * The back-order job: first the stock left on the shelf goes to lines still waiting; deposit
     * orders whose waiting goods are all in are asked for their balance, and those whose balance
     * was not paid by its day are released (goods back on sale, deposit refunded); then an
     * order whose shopper chose "refund me if not here by" a date has its waiting part cancelled
     * and refunded once that date has passed, or once the part's expected date (today's incoming
     * stock and the units queued ahead of it, or the on-demand weeks from its own day) falls after
     * it. Returns how many orders were refunded.
     */
    async refundSlipped(): Promise<number> {
      const shop = await settings.get();
      const day = shopDateOf(now(), shop.timezone);
      // stock on the shelf while lines still wait (an arrival that passed over a line another change held): theirs first
      const stranded = rowsOf<{ id: number }>(
        await db.execute(sql`select p.id from products p where p.stock_quantity > 0 and p.archived_at is null and exists (
          select 1 from order_lines l join orders o on o.id = l.order_id
          where l.product_id = p.id and l.backordered_quantity > 0 and o.status not in ('cancelled', 'refused', 'refunded'))`),
      );
      for (const product of stranded) await withTransaction(db, (tx) => allocateArrivedStock(tx, Number(product.id)));
      await askForBalances();
      await releaseUnpaidBalances();
      const due = await db
        .select()
        .from(orders)
        .where(and(sql`${orders.backorderRefundBy} is not null`, sql`${orders.waitingUnits} > 0`, inArray(orders.status, [...OPEN_STATUSES])))
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(50);
      let refunded = 0;
      for (const order of due) {
        const lines = (await linesOf(db, order.id, false)).filter((l) => l.backorderedQuantity > 0);
        let latest: string | null = "";
        for (const line of lines) {
          const [product] = await db
            .select({ incomingQuantity: products.incomingQuantity, incomingDate: products.incomingDate, onDemandWeeks: products.onDemandWeeks })
            .from(products)
            .where(eq(products.id, line.productId));
          const [ahead] = rowsOf<{ units: number | string | null }>(
            await db.execute(sql`select sum(l.backordered_quantity) as units from order_lines l join orders o on o.id = l.order_id
              where l.product_id = ${line.productId} and l.backordered_quantity > 0 and o.status not in ('cancelled', 'refused', 'refunded')
                and (o.created_at, o.id) < (${order.createdAt.toISOString()}::timestamptz, ${order.id})`),
          );
          const expected = product
            ? expectedArrival(product, line.backorderedQuantity, Number(ahead?.units ?? 0), day, shopDateOf(order.createdAt, shop.timezone))
            : null;
          latest = expected === null || latest === null ? null : expected > latest ? expected : latest;
        }
        if (!refundDateMissed(order.backorderRefundBy, latest, day)) continue;
        try {
          await cancelWaiting(order.number, { kind: "system" }, {});
          refunded++;
        } catch (error) {
          // another change got there first (shipped, cancelled): the next run sees it as it is
          if (!(error instanceof DomainError)) throw error;
        }
      }
      return refunded;
    },
  };
}

export type BackOrdersService = ReturnType<typeof createBackOrdersService>;
