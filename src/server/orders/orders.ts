import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { normaliseEmail } from "@/lib/auth-rules";
import { ORDER_NUMBER_PATTERN, type DeliveryMethod, type OrderStatus } from "@/lib/checkout";
import {
  allowedOrderActions,
  handsOverGoods,
  type AdminOrderAction,
  type CheckoutQuote,
  type CheckoutRequest,
  type OrderView,
  type SavedAddress,
  type TrackingView,
} from "@/lib/orders";
import type { AdminOrderActionRequest } from "@/lib/contract/admin-orders";
import type { CollectRequest, RefuseRequest } from "@/lib/contract/on-delivery";
import { normaliseTanzanianMobile } from "@/lib/phone";
import { invalidateTags } from "../cache/tagged-cache";
import { withTransaction, type Database } from "../db";
import { addresses, couponRedemptions, orderEvents, orderLines, orders, payments, users } from "../db/schema";
import { logSecurityEvent, type RequestMeta } from "../auth/events";
import { rateLimited, readPerKey, releasePerKey, reservePerKey, type RateLimit } from "../auth/limits";
import { DomainError } from "../errors";
import { isTestOrder } from "../payments/test-orders";
import type { ReceiptPart } from "../documents/fiscal";
import { releaseCoupon } from "../rewards/coupon-store";
import { earnCoins, settleCancelledOrder } from "../rewards/ledger";
import { returnSpentStoreCredit } from "../refunds/store-credit";
import type { SettingsService } from "../settings/settings";
import { shopNow } from "../delivery/shop-clock";
import { shopDateOf } from "@/lib/shop-calendar";
import { lineSourceOf, type Buyer } from "./buyer";
import { readCheckoutLines } from "./cart-lines";
import { findGuestRepeat, placeOrder, type OrderBuyer, type PlaceOrderDeps, type PlaceOrderOptions } from "./place-order";
import { priceOrder } from "./pricing";
import { onDeliveryActions, type Collector } from "./on-delivery";
import { actionStateOf, findOrder, listAllOrders, listOrders, orderView, type OrderRow } from "./views";

export type OrderMailKind = "placed" | "paid" | "shipped" | "cancelled";
/** What the shopper is told of: the e-mailed events, and the pick-up's being ready, the hand-over and a refusal at the door (by text message only). */
export type OrderNotifyKind = OrderMailKind | "ready" | "delivered" | "refused";
type Actor = "shopper" | "admin" | "system" | "provider";

/** What happens beside an order's changes, in the same transaction: e-mails and the fiscal receipt. */
export interface OrderHooks {
  /** queues what the shopper is told of this event (e-mail, text messages), in the order's language */
  notify(tx: Database, kind: OrderNotifyKind, orderId: number): Promise<void>;
  /** issues the fiscal receipt of a paid order (once) */
  /** a receipt of the order: its one receipt, or a deposit order's deposit or balance receipt */
  issueReceipt(tx: Database, orderId: number, part?: ReceiptPart): Promise<void>;
}

export interface OrdersOptions {
  db: Database;
  settings: SettingsService;
  hooks: OrderHooks;
  /** looking an order up on /tracking: how a guessing client is limited and a guessed order slowed */
  trackingLimits?: Partial<TrackingLimits>;
  /** spends a guest's one-time code when its order is placed (src/server/auth/phone-codes.ts) */
  spendPhoneCode?: PlaceOrderDeps["spendPhoneCode"];
  /**
   * The admin's "refund" action: a full refund through the refunds service (src/server/refunds),
   * which runs its own transaction (the provider's payout is called after it commits).
   */
  refundInFull?: (number: string, by: { adminId: number; adminEmail: string; note: string | null; meta?: RequestMeta }) => Promise<void>;
  now?: () => Date;
}

/** An order as the admin sees it: with the actions its state allows, and its rider (pay on delivery). */
export type AdminOrderView = OrderView & { actions: AdminOrderAction[]; rider: { id: number; name: string } | null };

/** How an order is found for its holder: a signed-in shopper's by number, or by the id its signed link carries. */
export type OrderKey = { userId: number; number: string } | { orderId: number };

/** Orders whose balance may be paid: paid by deposit and still being handled (not sent whole, cancelled or refunded). */
const BALANCE_PAYABLE_STATUSES: readonly OrderStatus[] = ["paid", "processing", "partly_shipped"];

/** Unpaid orders cancelled per run of the expiry job; the next run takes the rest. */
const EXPIRY_BATCH = 50;
/**
 * How long past its hold an unpaid order waits while a payment attempt is still pending at the
 * provider: a shopper who confirmed the push in the last minute is not cancelled under their feet.
 */
export const PENDING_PAYMENT_GRACE_MINUTES = 10;
/**
 * /tracking's limits, counted in the database (shared by every app server). Order numbers run in
 * sequence, so they are easy to guess; the contact (e-mail or phone) is the secret. A lookup that
 * finds the order never counts and is never refused for its order's sake: whoever guesses at an
 * order, its owner gets through with the right contact.
 */
export interface TrackingLimits {
  /**
   * Failed lookups (no order with that number and contact) one client address may make, across
   * all orders; past it, that client's lookups are refused until the window ends. Generous enough
   * for shoppers sharing a carrier's address and mistyping now and then.
   */
  failuresPerAddress: RateLimit;
  /** Wrong lookups of one order number (from anyone) after which the order counts as being guessed. */
  guessedOrder: RateLimit;
  /**
   * While an order is being guessed, a client with this many failed lookups of its own in its
   * window waits (429 with Retry-After) instead of being heard: guessing from many addresses
   * costs a fresh address every few tries, while the owner's lookup is heard as ever.
   */
  failuresWhileGuessed: number;
}

export const DEFAULT_TRACKING_LIMITS: TrackingLimits = {
  failuresPerAddress: { max: 20, windowMinutes: 15 },
  guessedOrder: { max: 10, windowMinutes: 15 },
  failuresWhileGuessed: 3,
};

const invalid = (field: string, message: string) => new DomainError("validation", message, { field, reason: field });

export function createOrdersService(options: OrdersOptions) {
  const { db, settings, hooks } = options;
  const now = options.now ?? (() => new Date());
  const trackingLimits: TrackingLimits = { ...DEFAULT_TRACKING_LIMITS, ...options.trackingLimits };

  async function addEvent(tx: Database, orderId: number, status: OrderStatus, actor: Actor, note: string | null = null, actorUserId: number | null = null) {
    await tx.insert(orderEvents).values({ orderId, status, actor, note, actorUserId });
  }

  /**
   * Puts an order's stock back (cancelled, or expired unpaid); a paid order's sales no longer count
   * toward "best-selling" either.
   */
  async function releaseStock(tx: Database, order: OrderRow) {
    // its units awaiting stock are cancelled first: the stock given back below must not be allocated
    // to this order's own waiting lines (the back-order trigger serves waiting lines, migration 0045)
    await tx.execute(sql`update order_lines set cancelled_quantity = cancelled_quantity + backordered_quantity, backordered_quantity = 0
      where order_id = ${order.id} and backordered_quantity > 0`);
    await tx.execute(sql`update orders set waiting_units = 0 where id = ${order.id} and waiting_units > 0`);
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.productId);
    const sold = order.paidAt ? 1 : 0;
    for (const line of lines) {
      // back-ordered units were never taken from stock (now counted as cancelled), and dispatched ones are gone
      const held = line.quantity - line.backorderedQuantity - line.cancelledQuantity - line.shippedQuantity;
      await tx.execute(sql`update products set stock_quantity = stock_quantity + ${held},
        sales_count = greatest(sales_count - ${line.quantity * sold}, 0), updated_at = now() where id = ${line.productId}`);
      await tx.execute(sql`update product_variants set stock = stock + ${held}
        where product_id = ${line.productId} and combination_id = ${line.variantId}`);
    }
  }

  /** A paid order's lines count as sales ("best-selling"); an unpaid reservation does not. */
  async function countSales(tx: Database, orderId: number) {
    await tx.execute(sql`update products p set sales_count = p.sales_count + l.quantity
      from (select product_id, sum(quantity)::int as quantity from order_lines where order_id = ${orderId} group by product_id) l
      where p.id = l.product_id`);
  }

  /** Locks an order row for a change of status. */
  async function lockOrder(tx: Database, where: { id?: number; number?: string }): Promise<OrderRow> {
    const condition = where.id !== undefined ? eq(orders.id, where.id) : eq(orders.number, where.number ?? "");
    const [row] = await tx.select().from(orders).where(condition).for("update");
    if (!row) throw new DomainError("not-found", "Order not found");
    return row;
  }

  async function setStatus(
    tx: Database,
    order: OrderRow,
    status: OrderStatus,
    actor: Actor,
    note: string | null,
    extra: Partial<OrderRow> = {},
    actorUserId: number | null = null,
  ) {
    await tx
      .update(orders)
      .set({ ...extra, status, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    await addEvent(tx, order.id, status, actor, note, actorUserId);
  }

  /** Cancels an order in the transaction: stock back, open payment attempts closed, the shopper told. */
  async function cancelInTx(tx: Database, order: OrderRow, actor: Actor, note: string, actorUserId: number | null = null) {
    await releaseStock(tx, order);
    // the coupon use is given back; coins spent come back, and coins a paid order earned are taken back
    await releaseCoupon(tx, order.id);
    await settleCancelledOrder(tx, order, (await settings.get(tx)).loyalty, now());
    // store credit an unpaid order spent goes back (a paid one's goes back through its refund)
    if (!order.paidAt) await returnSpentStoreCredit(tx, order);
    await tx
      .update(payments)
      .set({ status: "cancelled", nextCheckAt: null, updatedAt: sql`now()` })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, "pending")));
    await setStatus(tx, order, "cancelled", actor, note, { holdUntil: null }, actorUserId);
    await hooks.notify(tx, "cancelled", order.id);
  }

  /**
   * Marks an order paid inside the caller's transaction (the payment's verification, or an admin
   * confirming a bank transfer), issues its receipt and queues the e-mail. Paid twice is paid once.
   * Money for an order already cancelled is not silently accepted: the order stays cancelled and an
   * admin is alerted to refund it (its stock may already be sold).
   */
  async function markPaidInTx(
    tx: Database,
    orderId: number,
    by: { actor: Actor; note?: string | null; actorUserId?: number | null },
  ): Promise<"paid" | "already-paid" | "late"> {
    const order = await lockOrder(tx, { id: orderId });
    if (order.status !== "awaiting_payment") {
      if (order.status === "cancelled" && !order.paidAt) {
        await tx
          .update(orders)
          .set({ paidAt: now(), updatedAt: sql`now()` })
          .where(eq(orders.id, order.id));
        await addEvent(tx, order.id, "cancelled", by.actor, "payment-after-cancel");
        await logSecurityEvent(tx, { type: "order-late-payment", userId: order.userId, detail: { order: order.number } });
        return "late";
      }
      // a second attempt paid too (the shopper retried with another number and confirmed both): money to give back
      if (by.actor === "provider")
        await logSecurityEvent(tx, {
          type: "order-late-payment",
          userId: order.userId,
          detail: { order: order.number, reason: "paid-twice", note: by.note ?? null },
        });
      return "already-paid";
    }
    // a guest who paid by mobile money from the order's own number has proved they hold it
    const provesPhone =
      by.actor === "provider" &&
      order.guestPhone !== null &&
      !order.guestPhoneConfirmedAt &&
      order.paymentMethod === "mobile_money" &&
      order.paymentPhone === order.guestPhone;
    await setStatus(
      tx,
      order,
      "paid",
      by.actor,
      by.note ?? null,
      { paidAt: now(), holdUntil: null, ...(provesPhone ? { guestPhoneConfirmedAt: now() } : {}) },
      by.actorUserId ?? null,
    );
    await countSales(tx, order.id);
    // coins are earned only once the money is in, in the same transaction as the status
    await earnCoins(tx, order, (await settings.get(tx)).loyalty, now());
    // an order paid by deposit: this payment's receipt is the deposit's (the balance gets its own)
    await hooks.issueReceipt(tx, order.id, order.depositAmount !== null ? { kind: "deposit", amount: order.depositAmount } : undefined);
    await hooks.notify(tx, "paid", order.id);
    return "paid";
  }

  /**
   * The balance of a deposit order came in (its payment verified), in that payment's transaction:
   * what is owed falls by it, the goods held for it may go, the balance's receipt is issued. A
   * payment for a balance already paid (or more than is owed, after part of the goods was
   * cancelled) is kept and flagged for the admin to refund, never refused: the provider would retry.
   */
  async function markBalancePaidInTx(
    tx: Database,
    orderId: number,
    payment: { amount: number; reference: string; provider: string },
  ): Promise<"paid" | "already-paid"> {
    const order = await lockOrder(tx, { id: orderId });
    const counted = Math.min(payment.amount, order.balanceDue);
    if (payment.amount > counted)
      await logSecurityEvent(tx, {
        type: "order-late-payment",
        userId: order.userId,
        detail: {
          order: order.number,
          reason: counted === 0 ? "balance-paid-twice" : "balance-overpaid",
          amount: payment.amount - counted,
          reference: payment.reference,
        },
      });
    if (counted === 0) return "already-paid";
    const balanceDue = order.balanceDue - counted;
    await tx
      .update(orders)
      .set({ balanceDue, balancePaid: order.balancePaid + counted, ...(balanceDue === 0 ? { balancePaidAt: now() } : {}), updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    if (balanceDue === 0) await tx.update(orderLines).set({ depositUnits: 0 }).where(eq(orderLines.orderId, order.id));
    await addEvent(tx, order.id, order.status, "provider", `balance-paid ${payment.provider} ${payment.reference}`);
    await hooks.issueReceipt(tx, order.id, { kind: "balance", amount: counted });
    return "paid";
  }

  /** An order its holder may see: a signed-in shopper's by number, or any by the id a signed link carries. */
  async function orderOf(key: OrderKey): Promise<OrderRow> {
    const row =
      "orderId" in key
        ? (await db.select().from(orders).where(eq(orders.id, key.orderId)))[0]
        : ORDER_NUMBER_PATTERN.test(key.number)
          ? await findOrder(db, key.number, key.userId)
          : undefined;
    if (!row) throw new DomainError("not-found", "Order not found");
    return row;
  }

  /** Which admin actions an order's state allows (the admin page shows only these). */
  const adminActions = (order: OrderRow): AdminOrderAction[] => allowedOrderActions(actionStateOf(order)).admin;

  /** An order as the admin sees it: with the actions its state allows and its rider, if any. */
  async function adminView(number: string): Promise<AdminOrderView> {
    const row = await findOrder(db, number);
    if (!row) throw new DomainError("not-found", "Order not found");
    const [rider] = row.riderUserId !== null ? await db.select({ id: users.id, name: users.fullName }).from(users).where(eq(users.id, row.riderUserId)) : [];
    return { ...(await orderView(db, row)), actions: adminActions(row), rider: rider ?? null };
  }

  /** Pay on delivery's steps (on-delivery.ts), run on this service's locked rows. */
  const onDelivery = onDeliveryActions({
    setStatus: (tx, order, status, note, extra, actorUserId) => setStatus(tx, order, status, "admin", note, extra, actorUserId),
    settlePaid: async (tx, order) => {
      await countSales(tx, order.id);
      await earnCoins(tx, order, (await settings.get(tx)).loyalty, now());
      await hooks.issueReceipt(tx, order.id);
      await hooks.notify(tx, "paid", order.id);
    },
    releaseHeld: async (tx, order) => {
      await releaseStock(tx, order);
      await releaseCoupon(tx, order.id);
      await settleCancelledOrder(tx, order, (await settings.get(tx)).loyalty, now());
    },
    notify: (tx, kind, orderId) => hooks.notify(tx, kind, orderId),
    settings: async (tx) => (await settings.get(tx)).payOnDelivery,
    now,
  });

  return {
    /** The figures of a signed-in shopper's cart, or of a guest's lines, for a destination and method. */
    quote: async (
      buyer: Buyer,
      input: { region: string | null; method: DeliveryMethod | null; couponCode?: string; coinsToSpend?: number },
    ): Promise<CheckoutQuote> => {
      const shop = await settings.get();
      const lines = await readCheckoutLines(db, lineSourceOf(buyer), false, shop.bulkPricingTiers);
      const region = input.method === "pickup" ? null : input.region;
      return (await priceOrder(db, { buyer, lines, region, method: input.method, shop, rewards: input, lock: false, at: now() })).quote;
    },

    /** Places a shopper's cart or a guest's lines as an order, once per Idempotency-Key (place-order.ts has the steps). */
    place: (buyer: OrderBuyer, request: CheckoutRequest, opts: PlaceOrderOptions) =>
      placeOrder(
        {
          db,
          settings,
          notify: (tx, kind, orderId) => hooks.notify(tx, kind, orderId),
          spendPhoneCode: options.spendPhoneCode,
          markPaid: async (tx, orderId) => {
            await markPaidInTx(tx, orderId, { actor: "system", note: "store-credit" });
          },
          now,
        },
        buyer,
        request,
        opts,
      ),

    /** A guest's order this Idempotency-Key already placed (a retried submit whose code is spent by now), or null. */
    guestRepeat: (phone: string, request: CheckoutRequest, idempotencyKey: string) => findGuestRepeat(db, phone, request, idempotencyKey),

    /**
     * Moves the orders placed as a guest with this number (confirmed by a code or its payment) into
     * an account that has just confirmed the same number by a code; returns how many moved.
     */
    async claimGuestOrders(userId: number, phone: string): Promise<number> {
      const moved = await db
        .update(orders)
        .set({ userId, updatedAt: sql`now()` })
        .where(and(isNull(orders.userId), eq(orders.guestPhone, phone), isNotNull(orders.guestPhoneConfirmedAt)))
        .returning({ id: orders.id });
      if (moved.length) {
        // the coupon uses move with them: a per-shopper limit now counts them for the account
        await db
          .update(couponRedemptions)
          .set({ userId })
          .where(and(isNull(couponRedemptions.userId), eq(couponRedemptions.phone, phone)));
      }
      return moved.length;
    },
    markPaidInTx,
    markBalancePaidInTx,

    /**
     * A deposit order whose balance its holder may pay now, with the method, wallet and number the
     * balance's payment uses (the order's own unless others are given; the order keeps its own).
     */
    async balanceToPay(key: OrderKey, input: { method?: "mobile_money" | "card"; wallet?: string; phone?: string }): Promise<OrderRow> {
      const order = await orderOf(key);
      if (order.balanceDue <= 0 || order.paidAt === null || !BALANCE_PAYABLE_STATUSES.includes(order.status))
        throw new DomainError("invalid-state", "This order has no balance to pay");
      const method = input.method ?? (order.paymentMethod === "card" ? "card" : "mobile_money");
      if (method === "card") return { ...order, paymentMethod: "card", wallet: null, paymentPhone: null };
      const shop = await settings.get();
      const wallet = input.wallet ?? order.wallet ?? "";
      if (!shop.paymentSettings.mobileMoneyProviders.includes(wallet)) throw invalid("wallet", "Choose the mobile-money wallet to pay with");
      const paymentPhone = normaliseTanzanianMobile(input.phone ?? order.paymentPhone ?? order.phone);
      if (!paymentPhone) throw invalid("paymentPhone", "Enter the mobile-money number to pay from");
      return { ...order, paymentMethod: "mobile_money", wallet, paymentPhone };
    },

    list: (userId: number) => listOrders(db, userId),

    async get(userId: number, number: string): Promise<OrderView> {
      return orderView(db, await orderOf({ userId, number }));
    },

    /** The order a signed link opens (a guest's, or an account holder's from an SMS), with its row. */
    async byLink(orderId: number): Promise<{ order: OrderView; row: OrderRow }> {
      const row = await orderOf({ orderId });
      return { order: await orderView(db, row), row };
    },

    /** Cancels an unpaid order: its signed-in shopper's by number, or anyone's by the id its signed link carries. */
    async cancel(key: number | OrderKey, number?: string): Promise<OrderView> {
      const orderKey: OrderKey = typeof key === "number" ? { userId: key, number: number ?? "" } : key;
      const { id } = await orderOf(orderKey);
      await withTransaction(db, async (tx) => {
        const order = await lockOrder(tx, { id });
        if (!allowedOrderActions(actionStateOf(order)).shopper.includes("cancel"))
          throw new DomainError("invalid-state", "Only an unpaid order can be cancelled here");
        await cancelInTx(tx, order, "shopper", "cancelled-by-shopper");
      });
      invalidateTags("catalog"); // the stock came back
      return orderView(db, await orderOf({ orderId: id }));
    },

    /**
     * An order's status timeline for whoever knows its number and the e-mail or phone it was placed
     * with. "No such order" and "wrong contact" are one answer, counted alike, so the page neither
     * confirms numbers nor lets anyone guess the contact: a client that keeps failing is refused
     * (TrackingLimits.failuresPerAddress), and while an order is being guessed a client with a run
     * of failures of its own waits; a lookup that finds its order always answers.
     */
    async track(number: string, contact: string, client: { ip?: string | null } = {}): Promise<TrackingView> {
      const normalisedNumber = number.trim().toUpperCase();
      const wellFormed = ORDER_NUMBER_PATTERN.test(normalisedNumber);
      const clientKey = client.ip ? `track-failures:${client.ip}` : null;
      const orderKey = `track-wrong:${normalisedNumber}`;
      // this lookup is reserved as a failure first (so parallel guesses cannot all pass the limit),
      // and given back if it finds its order
      const failures = clientKey ? await reservePerKey(db, clientKey, trackingLimits.failuresPerAddress) : null;
      if (failures && failures.hits > trackingLimits.failuresPerAddress.max) throw rateLimited("trackingClientLimited", failures.secondsLeft);
      if (failures && clientKey && wellFormed && failures.hits - 1 >= trackingLimits.failuresWhileGuessed) {
        const guessed = await readPerKey(db, orderKey);
        if (guessed.hits >= trackingLimits.guessedOrder.max) {
          await releasePerKey(db, clientKey);
          throw rateLimited("trackingOrderGuessed", Math.min(failures.secondsLeft, guessed.secondsLeft));
        }
      }
      const order = wellFormed ? await findOrder(db, normalisedNumber) : undefined;
      const email = contact.includes("@") ? normaliseEmail(contact) : null;
      const phone = email ? null : normaliseTanzanianMobile(contact);
      const matches = order && ((email && email === order.email) || (phone && (phone === order.phone || phone === order.paymentPhone)));
      if (!order || !matches) {
        // numbers with and without an order count alike: the answers must not tell them apart
        if (wellFormed) await reservePerKey(db, orderKey, trackingLimits.guessedOrder);
        throw new DomainError("not-found", "No order matches this number and contact");
      }
      if (clientKey) await releasePerKey(db, clientKey);
      const events = await db
        .select({ at: orderEvents.at, status: orderEvents.status })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, order.id))
        .orderBy(orderEvents.at, orderEvents.id);
      return {
        number: order.number,
        status: order.status,
        test: await isTestOrder(db, order.id),
        events: events.map((e) => ({ at: e.at.toISOString(), status: e.status })),
      };
    },

    async addresses(userId: number): Promise<SavedAddress[]> {
      const rows = await db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.lastUsedAt), desc(addresses.id)).limit(10);
      return rows.map((r) => ({
        id: r.id,
        fullName: r.fullName,
        phone: r.phone,
        region: r.region,
        district: r.district,
        ward: r.ward,
        street: r.street,
        landmark: r.landmark,
        parcelOffice: r.parcelOffice,
      }));
    },

    /** Before a payment is tried again: the wallet and number to use now (checked like at checkout). */
    async retargetPayment(key: OrderKey, input: { wallet?: string; phone?: string }): Promise<OrderRow> {
      const order = await orderOf(key);
      if (order.paymentMethod !== "mobile_money" || order.status !== "awaiting_payment") return order;
      const shop = await settings.get();
      const wallet = input.wallet ?? order.wallet ?? "";
      if (!shop.paymentSettings.mobileMoneyProviders.includes(wallet)) throw invalid("wallet", "Choose the mobile-money wallet to pay with");
      const paymentPhone = input.phone !== undefined ? normaliseTanzanianMobile(input.phone) : order.paymentPhone;
      if (!paymentPhone) throw invalid("paymentPhone", "Enter the mobile-money number to pay from");
      if (wallet === order.wallet && paymentPhone === order.paymentPhone) return order;
      const [updated] = await db
        .update(orders)
        .set({ wallet, paymentPhone, updatedAt: sql`now()` })
        .where(and(eq(orders.id, order.id), eq(orders.status, "awaiting_payment")))
        .returning();
      return updated ?? (await orderOf({ orderId: order.id }));
    },

    // "late" is judged on the shop's calendar (its clock: a test server's test clock)
    adminList: async (filter: { status?: OrderStatus; q?: string; limit: number; offset: number; late?: boolean }) => {
      const shop = await settings.get();
      return listAllOrders(db, { ...filter, today: shopDateOf(shopNow(shop, now()), shop.timezone) });
    },

    adminGet: async (number: string): Promise<AdminOrderView> => adminView(number),

    /** An admin's change to an order; each one is in the security log, under the admin who made it. */
    async adminAct(
      number: string,
      action: AdminOrderAction,
      input: AdminOrderActionRequest & { adminId: number; adminEmail: string; meta?: RequestMeta },
    ): Promise<AdminOrderView> {
      const counter: Collector = { id: input.adminId, email: input.adminEmail, role: "admin" };
      if (action === "refund" && options.refundInFull) {
        const current = await findOrder(db, number);
        if (!current) throw new DomainError("not-found", "Order not found");
        if (!adminActions(current).includes(action)) throw new DomainError("invalid-state", `An order that is ${current.status} cannot take "${action}"`);
        await options.refundInFull(number, { adminId: input.adminId, adminEmail: input.adminEmail, note: input.note?.trim() || null, meta: input.meta });
        return adminView(number);
      }
      await withTransaction(db, async (tx) => {
        const order = await lockOrder(tx, { number });
        if (!adminActions(order).includes(action)) throw new DomainError("invalid-state", `An order that is ${order.status} cannot take "${action}"`);
        const test = handsOverGoods(order.status, action) && (await isTestOrder(tx, order.id));
        if (test && input.confirmTestOrder !== true)
          throw new DomainError(
            "confirmation-required",
            `Order ${order.number} is a test order: it was paid in the payment sandbox and no money was received. Send confirmTestOrder: true to hand the goods over anyway.`,
            { reason: "testOrder" },
          );
        const note = input.note?.trim() || null;
        switch (action) {
          case "mark-paid":
            await markPaidInTx(tx, order.id, { actor: "admin", note: note ?? "bank-transfer-received", actorUserId: input.adminId });
            break;
          case "processing":
            await setStatus(tx, order, "processing", "admin", note, {}, input.adminId);
            break;
          case "ready-for-pickup":
            await setStatus(tx, order, "ready_for_pickup", "admin", note, {}, input.adminId);
            await hooks.notify(tx, "ready", order.id);
            break;
          case "ship": {
            const carrier = input.carrier?.trim();
            const trackingNumber = input.trackingNumber?.trim();
            if (!carrier) throw invalid("carrier", "Enter the carrier");
            if (!trackingNumber) throw invalid("trackingNumber", "Enter the tracking number");
            await setStatus(tx, order, "shipped", "admin", note, { carrier, trackingNumber }, input.adminId);
            await hooks.notify(tx, "shipped", order.id);
            break;
          }
          case "assign-rider":
            await onDelivery.assignInTx(tx, order, { id: input.adminId }, input.riderId);
            break;
          case "collect":
            if (!input.method) throw invalid("method", "Say how the money was paid");
            await onDelivery.collectInTx(tx, order, counter, { method: input.method, transactionId: input.transactionId, note: input.note });
            break;
          case "refuse":
            await onDelivery.refuseInTx(tx, order, counter, { reason: input.reason, fee: input.fee });
            break;
          case "deliver":
            await setStatus(tx, order, "delivered", "admin", note, {}, input.adminId);
            await hooks.notify(tx, "delivered", order.id);
            break;
          case "cancel":
            await cancelInTx(tx, order, "admin", note ?? "cancelled-by-shop", input.adminId);
            break;
          case "refund":
            await setStatus(tx, order, "refunded", "admin", note, {}, input.adminId);
            break;
        }
        await logSecurityEvent(
          tx,
          {
            type: "admin-order-action",
            userId: input.adminId,
            email: input.adminEmail,
            detail: {
              by: input.adminEmail,
              order: order.number,
              action,
              from: order.status,
              ...(test ? { testOrder: true } : {}),
              // money taken by hand is logged with how, the till's id and the sum
              ...(action === "collect" ? { method: input.method, transactionId: input.transactionId?.trim() || null, amount: order.total } : {}),
              ...(action === "refuse" ? { reason: input.reason?.trim() ?? "", ...(input.fee ? { fee: input.fee.method } : {}) } : {}),
              ...(action === "assign-rider" ? { riderId: input.riderId } : {}),
            },
          },
          input.meta,
        );
      });
      // a cancellation or refusal puts stock back, a payment counts sales ("best-selling")
      if (action === "cancel" || action === "mark-paid" || action === "collect" || action === "refuse") invalidateTags("catalog");
      return adminView(number);
    },

    /**
     * A rider's (or the counter's) outcome of a pay-on-delivery order: the money taken, or the goods
     * refused. A rider acts only on the deliveries given to them; each outcome is in the security log.
     */
    async deliveryOutcome(
      by: Collector,
      number: string,
      outcome: { action: "collect"; input: CollectRequest } | { action: "refuse"; input: RefuseRequest },
      meta?: RequestMeta,
    ): Promise<{ number: string; status: OrderStatus }> {
      const status = await withTransaction(db, async (tx) => {
        const order = await lockOrder(tx, { number });
        if (outcome.action === "collect") await onDelivery.collectInTx(tx, order, by, outcome.input);
        else await onDelivery.refuseInTx(tx, order, by, outcome.input);
        const rider = by.role === "rider";
        await logSecurityEvent(
          tx,
          {
            type:
              outcome.action === "collect"
                ? rider
                  ? "rider-payment-recorded"
                  : "admin-payment-recorded"
                : rider
                  ? "rider-delivery-refused"
                  : "admin-delivery-refused",
            userId: by.id,
            email: by.email,
            detail:
              outcome.action === "collect"
                ? {
                    by: by.email,
                    order: order.number,
                    method: outcome.input.method,
                    transactionId: outcome.input.transactionId?.trim() || null,
                    amount: order.total,
                  }
                : { by: by.email, order: order.number, reason: outcome.input.reason.trim(), ...(outcome.input.fee ? { fee: outcome.input.fee.method } : {}) },
          },
          meta,
        );
        const [after] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
        return after!.status;
      });
      invalidateTags("catalog"); // stock came back, or sales counted
      return { number, status };
    },

    /**
     * Cancels unpaid orders whose hold has ended and releases their stock, a batch at a time
     * (`skip locked`: several app servers running this never take the same order).
     */
    async expireDue(): Promise<number> {
      let expired = 0;
      for (;;) {
        const done = await withTransaction(db, async (tx) => {
          const due = await tx
            .select()
            .from(orders)
            .where(
              and(
                eq(orders.status, "awaiting_payment"),
                sql`${orders.holdUntil} <= ${now().toISOString()}::timestamptz`,
                // a payment still pending at the provider (a push the shopper may be confirming) gets a grace period
                sql`(${orders.holdUntil} <= ${now().toISOString()}::timestamptz - make_interval(mins => ${PENDING_PAYMENT_GRACE_MINUTES})
                  or not exists (select 1 from payments p where p.order_id = ${orders.id} and p.status = 'pending'))`,
              ),
            )
            .orderBy(orders.holdUntil)
            .limit(EXPIRY_BATCH)
            .for("update", { skipLocked: true });
          for (const order of due) await cancelInTx(tx, order, "system", "not-paid-in-time");
          return due.length;
        });
        if (done) invalidateTags("catalog"); // their stock came back
        expired += done;
        if (done < EXPIRY_BATCH) return expired;
      }
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
