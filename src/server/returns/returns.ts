import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { AdminReturnSummary, AdminReturnView, DecideReturnRequest, ReturnOptions, ReturnView } from "@/lib/contract/returns";
import type { RefundMethod } from "@/lib/refunds";
import {
  allowedReturnActions,
  isMoneyDecision,
  lastClaimDate,
  RETURN_PHOTOS_MAX,
  returnableQuantity,
  returnEligibility,
  unmetConditions,
  windowEnd,
  type ReturnAction,
  type ReturnCondition,
  type ReturnDecision,
  type ReturnKind,
  type ReturnMethod,
  type ReturnStatus,
  type ReturnStockOutcome,
} from "@/lib/returns";
import { logSecurityEvent, type RequestMeta } from "../auth/events";
import { invalidateTags } from "../cache/tagged-cache";
import { rowsOf, withTransaction, type Database } from "../db";
import { orderEvents, orderLines, orders, products, returnLines, returnPhotos, returns, type ReturnEventRow } from "../db/schema";
import { DomainError } from "../errors";
import type { MediaStore } from "../media/media-store";
import { storeShopperPhotos } from "../media/photo-upload";
import { isTestOrder } from "../payments/test-orders";
import type { RefundsService } from "../refunds/refunds";
import { getSiteSettings } from "../settings/settings";
import { queueReturnMessages, type ReturnMessagesDeps } from "./messages";

/** Orders that are over and take no return: cancelled, refused at the door, refunded in full. */
const CLOSED_ORDER_STATUSES = new Set(["cancelled", "refused", "refunded", "awaiting_payment"]);

type ReturnRow = typeof returns.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** Who asks for a return: the signed-in owner, or the holder of the order's signed link. */
export type ReturnRequester = { userId: number } | { orderId: number };

export interface ReturnRequestInput {
  lines: { orderLineId: number; quantity: number }[];
  reason: string;
  returnMethod: ReturnMethod;
  checklist: Record<ReturnCondition, boolean>;
}

export interface ReturnsDeps extends ReturnMessagesDeps {
  db: Database;
  media: MediaStore;
  refunds: Pick<RefundsService, "create">;
  /** the admin's second factor, asked again before money goes back (truthy: the code was right, and is now spent) */
  confirmSecondFactor: (userId: number, code: string) => Promise<unknown>;
  now?: () => Date;
}

export type AdminActor = { id: number; email: string };

const iso = (d: Date) => d.toISOString();

/** The route back a "refund" decision takes when the admin names none: the way the order was paid. */
function defaultRefundMethod(paymentMethod: OrderRow["paymentMethod"]): RefundMethod {
  if (paymentMethod === "on_delivery") return "cash";
  if (paymentMethod === "bank_transfer") return "bank_transfer";
  return "mobile_money";
}

/**
 * Returns and warranty claims: the shopper's request (lines of a delivered order, within the window
 * or a product's warranty, with photos and the policy's checklist), the admin's steps (approve or
 * refuse, received, inspected, a decision per line), the stock that comes back (on sale, or counted
 * faulty) and the money, through the refund service. Every step is messaged to the shopper (SMS and
 * e-mail, in the order's language), kept in the return's timeline and in the security log.
 */
export function createReturnsService(deps: ReturnsDeps) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  async function deliveredAt(tx: Database, orderId: number): Promise<Date | null> {
    const [row] = await tx
      .select({ at: orderEvents.at })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, "delivered")))
      .orderBy(desc(orderEvents.at))
      .limit(1);
    return row?.at ?? null;
  }

  /** The order a requester may return from, or 404 (someone else's order reads as none). */
  async function requesterOrder(tx: Database, requester: ReturnRequester, number: string, lock = false): Promise<OrderRow> {
    const where =
      "userId" in requester
        ? and(eq(orders.number, number), eq(orders.userId, requester.userId))
        : and(eq(orders.number, number), eq(orders.id, requester.orderId));
    const query = tx.select().from(orders).where(where);
    const [order] = lock ? await query.for("update") : await query;
    if (!order) throw new DomainError("not-found", "Order not found");
    return order;
  }

  /** Each line of the order with its product's warranty and the units already in returns that were not refused. */
  async function linesOf(tx: Database, orderId: number) {
    const lines = await tx
      .select({
        id: orderLines.id,
        productId: orderLines.productId,
        variantId: orderLines.variantId,
        name: orderLines.name,
        sku: orderLines.sku,
        quantity: orderLines.quantity,
        unitPrice: orderLines.unitPrice,
        warrantyDays: products.warrantyDays,
      })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.id));
    const taken = await tx
      .select({ orderLineId: returnLines.orderLineId, units: sql<number>`sum(${returnLines.quantity})::int` })
      .from(returnLines)
      .innerJoin(returns, eq(returns.id, returnLines.returnId))
      .where(and(eq(returns.orderId, orderId), ne(returns.status, "refused")))
      .groupBy(returnLines.orderLineId);
    const takenBy = new Map(taken.map((row) => [row.orderLineId, Number(row.units)]));
    return lines.map((line) => ({ ...line, alreadyReturned: takenBy.get(line.id) ?? 0 }));
  }

  async function viewsOf(tx: Database, rows: ReturnRow[], orderNumber?: string): Promise<ReturnView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [lines, photos, numbers] = await Promise.all([
      tx
        .select({
          id: returnLines.id,
          returnId: returnLines.returnId,
          orderLineId: returnLines.orderLineId,
          quantity: returnLines.quantity,
          decision: returnLines.decision,
          outcomeStock: returnLines.outcomeStock,
          refundId: returnLines.refundId,
          productId: orderLines.productId,
          name: orderLines.name,
          sku: orderLines.sku,
          unitPrice: orderLines.unitPrice,
        })
        .from(returnLines)
        .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
        .where(inArray(returnLines.returnId, ids))
        .orderBy(asc(returnLines.id)),
      tx.select().from(returnPhotos).where(inArray(returnPhotos.returnId, ids)).orderBy(asc(returnPhotos.position), asc(returnPhotos.id)),
      orderNumber
        ? Promise.resolve([] as { id: number; number: string }[])
        : tx
            .select({ id: orders.id, number: orders.number })
            .from(orders)
            .where(
              inArray(
                orders.id,
                rows.map((r) => r.orderId),
              ),
            ),
    ]);
    const numberOf = new Map(numbers.map((o) => [o.id, o.number]));
    return rows.map((row) => ({
      id: row.id,
      number: row.number,
      orderNumber: orderNumber ?? numberOf.get(row.orderId) ?? "",
      status: row.status,
      kind: row.kind,
      reason: row.reason,
      returnMethod: row.returnMethod,
      checklist: row.checklist,
      refusalReason: row.refusalReason,
      lines: lines
        .filter((l) => l.returnId === row.id)
        .map((l) => ({
          id: l.id,
          orderLineId: l.orderLineId,
          productId: l.productId,
          name: l.name,
          sku: l.sku,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          decision: l.decision,
          outcomeStock: l.outcomeStock,
          refundId: l.refundId,
        })),
      photos: photos.filter((p) => p.returnId === row.id).map((p) => `/media/${p.mediaKey}`),
      events: row.events.map((e) => ({ ...e, status: e.status as ReturnStatus })),
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    }));
  }

  async function nextNumber(tx: Database): Promise<string> {
    const [seq] = rowsOf<{ n: number | string }>(await tx.execute(sql`select nextval('return_number_seq') as n`));
    return `R-${now().getUTCFullYear()}-${String(seq!.n).padStart(6, "0")}`;
  }

  /** Whether an order takes returns now and of what (the order page's offer; a request checks the same again). */
  async function optionsFor(tx: Database, order: OrderRow): Promise<ReturnOptions> {
    const settings = (await getSiteSettings(db)).returns;
    const [delivered, lines, rows] = await Promise.all([
      deliveredAt(tx, order.id),
      linesOf(tx, order.id),
      tx.select().from(returns).where(eq(returns.orderId, order.id)).orderBy(desc(returns.createdAt), desc(returns.id)),
    ]);
    const at = now();
    const closed = CLOSED_ORDER_STATUSES.has(order.status);
    const windowUntil = delivered ? windowEnd(delivered, settings.windowDays) : null;
    const offered = lines.map((line) => {
      const warrantyUntil = delivered && line.warrantyDays && line.warrantyDays > settings.windowDays ? windowEnd(delivered, line.warrantyDays) : null;
      const returnable = returnableQuantity(line.quantity, line.alreadyReturned);
      const inTime = !!windowUntil && (at <= windowUntil || (!!warrantyUntil && at <= warrantyUntil));
      return {
        orderLineId: line.id,
        name: line.name,
        quantity: line.quantity,
        returnable,
        warrantyUntil: warrantyUntil ? iso(warrantyUntil) : null,
        claimable: !closed && inTime && returnable > 0,
      };
    });
    const open = offered.some((line) => line.claimable);
    const kind: ReturnKind | null = !open ? null : windowUntil && at <= windowUntil ? "return" : "warranty";
    const last = lastClaimDate(
      delivered,
      settings.windowDays,
      lines.map((l) => l.warrantyDays),
    );
    return {
      open,
      kind,
      windowUntil: windowUntil ? iso(windowUntil) : null,
      lastClaimUntil: last ? iso(last) : null,
      lines: offered,
      methods: settings.methods,
      returns: await viewsOf(tx, rows, order.number),
    };
  }

  function event(status: ReturnStatus, actor: ReturnEventRow["actor"], note: string | null = null): ReturnEventRow {
    return { at: iso(now()), status, actor, note };
  }

  async function lockReturn(tx: Database, number: string): Promise<ReturnRow> {
    const [row] = await tx.select().from(returns).where(eq(returns.number, number)).for("update");
    if (!row) throw new DomainError("not-found", "Return not found");
    return row;
  }

  function requireAction(row: ReturnRow, action: ReturnAction) {
    if (!allowedReturnActions(row.status).includes(action))
      throw new DomainError("invalid-state", `A return that is ${row.status} cannot be ${action === "decide" ? "decided" : `${action}d`}`);
  }

  async function adminViewOf(tx: Database, row: ReturnRow): Promise<AdminReturnView> {
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
    if (!order) throw new DomainError("not-found", "Order not found");
    const [view] = await viewsOf(tx, [row], order.number);
    return {
      ...view!,
      customer: { name: order.fullName, phone: order.phone, email: order.email },
      test: await isTestOrder(tx, order.id),
      actions: allowedReturnActions(row.status),
      paymentMethod: order.paymentMethod,
      guest: order.userId === null,
    };
  }

  /** One admin step (approve, refuse, receive, inspect): the status, the timeline, the log and the shopper's message, in one transaction. */
  async function step(
    actor: AdminActor,
    number: string,
    action: Exclude<ReturnAction, "decide">,
    change: { status: ReturnStatus; note: string | null; refusalReason?: string },
    meta: RequestMeta,
  ): Promise<AdminReturnView> {
    return withTransaction(db, async (tx) => {
      const row = await lockReturn(tx, number);
      requireAction(row, action);
      const [updated] = await tx
        .update(returns)
        .set({
          status: change.status,
          ...(change.refusalReason !== undefined ? { refusalReason: change.refusalReason } : {}),
          events: [...row.events, event(change.status, "admin", change.refusalReason ?? change.note)],
          updatedAt: now(),
        })
        .where(eq(returns.id, row.id))
        .returning();
      await logSecurityEvent(
        tx,
        {
          type: "admin-return-action",
          userId: actor.id,
          email: actor.email,
          detail: { by: actor.email, return: number, action, note: change.refusalReason ?? change.note },
        },
        meta,
      );
      await queueReturnMessages(tx, deps, updated!);
      return adminViewOf(tx, updated!);
    });
  }

  return {
    /** An order's returns and what may still be sent back, for its owner (or the holder of its link). */
    async options(requester: ReturnRequester, number: string): Promise<ReturnOptions> {
      const order = await requesterOrder(db, requester, number);
      return optionsFor(db, order);
    },

    /** The same for an order the caller already found (the order pages, which read the order themselves). */
    async optionsForOrder(orderNumber: string): Promise<ReturnOptions | null> {
      const [order] = await db.select().from(orders).where(eq(orders.number, orderNumber));
      return order ? optionsFor(db, order) : null;
    },

    /**
     * Opens a return: every chosen line the order's, its units at most what was bought less what
     * other returns (not refused) took; within the window (all conditions confirmed) or, past it,
     * within every chosen product's warranty (a warranty claim); a way back the shop offers; the
     * photos stored first (re-encoded), then the rows, the timeline and the messages in one
     * transaction that locks the order, so two requests at once cannot both take the last units.
     */
    async request(requester: ReturnRequester, number: string, input: ReturnRequestInput, photos: Buffer[], meta: RequestMeta): Promise<ReturnView> {
      if (photos.length > RETURN_PHOTOS_MAX)
        throw new DomainError("validation", `Send at most ${RETURN_PHOTOS_MAX} photos`, { field: "photos", reason: "too-many", max: RETURN_PHOTOS_MAX });
      const settings = (await getSiteSettings(db)).returns;
      if (!settings.methods.includes(input.returnMethod))
        throw new DomainError("validation", "The shop does not offer this way of sending it back", { field: "returnMethod", reason: "not-offered" });
      const ids = input.lines.map((l) => l.orderLineId);
      if (new Set(ids).size !== ids.length) throw new DomainError("validation", "Each line may be named once", { field: "lines", reason: "duplicate" });

      // the cheap checks before the photos are decoded (the same again under the lock below)
      const check = async (tx: Database, order: OrderRow) => {
        if (CLOSED_ORDER_STATUSES.has(order.status)) throw new DomainError("return-not-allowed", "This order takes no returns", { reason: "order-closed" });
        const delivered = await deliveredAt(tx, order.id);
        const lines = await linesOf(tx, order.id);
        const byId = new Map(lines.map((l) => [l.id, l]));
        for (const wanted of input.lines) {
          const line = byId.get(wanted.orderLineId);
          if (!line) throw new DomainError("validation", "A line is not part of this order", { field: "lines", reason: "unknown-line" });
          const left = returnableQuantity(line.quantity, line.alreadyReturned);
          if (wanted.quantity > left)
            throw new DomainError("validation", `At most ${left} of ${line.name} can still be returned`, {
              field: "lines",
              reason: "quantity",
              max: left,
              product: line.productId,
            });
        }
        const chosen = input.lines.map((l) => byId.get(l.orderLineId)!);
        const eligibility = returnEligibility({
          deliveredAt: delivered,
          now: now(),
          windowDays: settings.windowDays,
          warrantyDays: chosen.map((l) => l.warrantyDays),
        });
        if (!eligibility.open)
          throw new DomainError(
            "return-not-allowed",
            eligibility.reason === "not-delivered" ? "The order has not been delivered yet" : "The return window and the warranty are over",
            { reason: eligibility.reason, until: eligibility.until ? iso(eligibility.until) : null },
          );
        if (eligibility.kind === "return" && unmetConditions(input.checklist).length > 0)
          throw new DomainError("validation", "A return needs every condition of the policy confirmed", {
            field: "checklist",
            reason: "conditions",
            problems: unmetConditions(input.checklist),
          });
        return eligibility.kind;
      };

      await check(db, await requesterOrder(db, requester, number));
      const keys = await storeShopperPhotos(deps.media, "returns", photos);

      return withTransaction(db, async (tx) => {
        const order = await requesterOrder(tx, requester, number, true);
        const kind = await check(tx, order);
        const [row] = await tx
          .insert(returns)
          .values({
            number: await nextNumber(tx),
            orderId: order.id,
            kind,
            reason: input.reason.trim(),
            returnMethod: input.returnMethod,
            checklist: input.checklist,
            events: [event("requested", "shopper", kind === "warranty" ? "warranty" : null)],
            requestedByUserId: "userId" in requester ? requester.userId : null,
          })
          .returning();
        await tx.insert(returnLines).values(input.lines.map((l) => ({ returnId: row!.id, orderLineId: l.orderLineId, quantity: l.quantity })));
        if (keys.length) await tx.insert(returnPhotos).values(keys.map((mediaKey, position) => ({ returnId: row!.id, mediaKey, position })));
        await logSecurityEvent(
          tx,
          {
            type: "return-requested",
            userId: "userId" in requester ? requester.userId : null,
            detail: { return: row!.number, order: order.number, kind, units: input.lines.reduce((n, l) => n + l.quantity, 0), photos: keys.length },
          },
          meta,
        );
        await queueReturnMessages(tx, deps, row!);
        const [view] = await viewsOf(tx, [row!], order.number);
        return view!;
      });
    },

    /** The admin's list: requested first (oldest waiting first), then approved, received, inspected, then the finished ones. */
    async adminList(query: { status?: ReturnStatus; limit: number; offset: number }): Promise<{ returns: AdminReturnSummary[]; total: number }> {
      const where = query.status ? eq(returns.status, query.status) : undefined;
      const rank = sql`case ${returns.status} when 'requested' then 0 when 'approved' then 1 when 'received' then 2 when 'inspected' then 3 when 'closed' then 4 else 5 end`;
      const rows = await db
        .select({
          id: returns.id,
          number: returns.number,
          orderId: returns.orderId,
          orderNumber: orders.number,
          status: returns.status,
          kind: returns.kind,
          customer: orders.fullName,
          createdAt: returns.createdAt,
          units: sql<number>`(select coalesce(sum(quantity), 0)::int from return_lines where return_id = ${returns.id})`,
        })
        .from(returns)
        .innerJoin(orders, eq(orders.id, returns.orderId))
        .where(where)
        .orderBy(
          rank,
          sql`case when ${returns.status} in ('closed', 'refused') then null else ${returns.createdAt} end asc nulls last`,
          desc(returns.updatedAt),
        )
        .limit(query.limit)
        .offset(query.offset);
      const [total] = await db.select({ n: count() }).from(returns).where(where);
      const tests = await Promise.all(rows.map((r) => isTestOrder(db, r.orderId)));
      return {
        returns: rows.map((r, i) => ({
          number: r.number,
          orderNumber: r.orderNumber,
          status: r.status,
          kind: r.kind,
          customer: r.customer,
          units: Number(r.units),
          createdAt: iso(r.createdAt),
          test: tests[i]!,
        })),
        total: Number(total?.n ?? 0),
      };
    },

    async adminGet(number: string): Promise<AdminReturnView> {
      const [row] = await db.select().from(returns).where(eq(returns.number, number));
      if (!row) throw new DomainError("not-found", "Return not found");
      return adminViewOf(db, row);
    },

    /** A product's warranty (days after delivery, null: the return window only) and its faulty count, for the admin's product page. */
    async productWarranty(productId: number): Promise<{ warrantyDays: number | null; faultyQuantity: number }> {
      const [row] = await db
        .select({ warrantyDays: products.warrantyDays, faultyQuantity: products.faultyQuantity })
        .from(products)
        .where(eq(products.id, productId));
      if (!row) throw new DomainError("not-found", "Product not found");
      return row;
    },

    /** Sets a product's warranty, logged as a product change by the admin. */
    async setWarranty(
      actor: AdminActor,
      productId: number,
      warrantyDays: number | null,
      meta: RequestMeta,
    ): Promise<{ warrantyDays: number | null; faultyQuantity: number }> {
      return withTransaction(db, async (tx) => {
        const [row] = await tx
          .update(products)
          .set({ warrantyDays, updatedAt: now() })
          .where(eq(products.id, productId))
          .returning({ warrantyDays: products.warrantyDays, faultyQuantity: products.faultyQuantity });
        if (!row) throw new DomainError("not-found", "Product not found");
        await logSecurityEvent(
          tx,
          {
            type: "admin-product-changed",
            userId: actor.id,
            email: actor.email,
            detail: { by: actor.email, action: "warranty", product: productId, warrantyDays },
          },
          meta,
        );
        return row;
      });
    },

    approve: (actor: AdminActor, number: string, note: string | null, meta: RequestMeta) => step(actor, number, "approve", { status: "approved", note }, meta),
    refuse: (actor: AdminActor, number: string, reason: string, meta: RequestMeta) =>
      step(actor, number, "refuse", { status: "refused", note: null, refusalReason: reason.trim() }, meta),
    receive: (actor: AdminActor, number: string, note: string | null, meta: RequestMeta) => step(actor, number, "receive", { status: "received", note }, meta),
    inspect: (actor: AdminActor, number: string, note: string | null, meta: RequestMeta) => step(actor, number, "inspect", { status: "inspected", note }, meta),

    /**
     * Decides lines of an inspected return. Money first: the refund and store-credit lines go to
     * the refund service (the admin's second factor asked again; one refund per route, its
     * idempotency key made of the return and its lines, so a retry after a failure finds the same
     * refund and never pays twice), then in one transaction the decisions, the stock (back on sale,
     * with waiting alerts told, or counted faulty), the timeline and the message; the last line
     * decided closes the return.
     */
    async decide(actor: AdminActor, number: string, input: DecideReturnRequest, meta: RequestMeta): Promise<AdminReturnView> {
      const [row] = await db.select().from(returns).where(eq(returns.number, number));
      if (!row) throw new DomainError("not-found", "Return not found");
      requireAction(row, "decide");
      const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
      const current = await db.select().from(returnLines).where(eq(returnLines.returnId, row.id));
      const byId = new Map(current.map((l) => [l.id, l]));
      const ids = input.lines.map((l) => l.returnLineId);
      if (new Set(ids).size !== ids.length) throw new DomainError("validation", "Each line may be decided once", { field: "lines", reason: "duplicate" });
      for (const line of input.lines) {
        const found = byId.get(line.returnLineId);
        if (!found) throw new DomainError("validation", "A line is not part of this return", { field: "lines", reason: "unknown-line" });
        if (found.decision) throw new DomainError("invalid-state", "This line was decided already");
      }
      const returnFare = input.returnFare ?? 0;
      if (returnFare > 0 && !input.lines.some((l) => l.stock === "faulty" && isMoneyDecision(l.decision)))
        throw new DomainError("validation", "The return fare is refunded with faulty items that are refunded", {
          field: "returnFare",
          reason: "no-faulty-refund",
        });

      const money = input.lines.filter((l) => isMoneyDecision(l.decision));
      const refundIds = new Map<number, number>();
      if (money.length > 0) {
        // the same refusal as the refund route's: money never goes back on a session alone
        const code = input.twoFactorCode?.trim();
        if (!code || !(await deps.confirmSecondFactor(actor.id, code)))
          throw new DomainError("second-factor-failed", "Enter a current code from your authenticator app (or a recovery code) to confirm this refund");
        const groups: { method: RefundMethod; lines: typeof money }[] = [];
        const refundLines = money.filter((l) => l.decision === "refund");
        const creditLines = money.filter((l) => l.decision === "store_credit");
        if (refundLines.length) groups.push({ method: input.refundMethod ?? defaultRefundMethod(order!.paymentMethod), lines: refundLines });
        if (creditLines.length) groups.push({ method: "store_credit", lines: creditLines });
        // the fare goes with the group holding a faulty refunded line (the first such)
        const fareGroup = groups.find((g) => g.lines.some((l) => l.stock === "faulty"));
        for (const group of groups) {
          const refund = await deps.refunds.create(
            {
              orderNumber: order!.number,
              lines: group.lines.map((l) => ({ orderLineId: byId.get(l.returnLineId)!.orderLineId, quantity: byId.get(l.returnLineId)!.quantity })),
              method: group.method,
              reason: `Return ${row.number}: ${row.reason}`.slice(0, 500),
              idempotencyKey: `return:${row.number}:${group.method}:${group.lines
                .map((l) => l.returnLineId)
                .sort((a, b) => a - b)
                .join(",")}`,
              actor: { userId: actor.id, email: actor.email },
              ...(group.method === "bank_transfer" && input.bankReference ? { bankReference: input.bankReference } : {}),
              ...(group === fareGroup && returnFare > 0 ? { returnFare } : {}),
              returnId: row.id,
            },
            { ip: meta.ip ?? null },
          );
          for (const line of group.lines) refundIds.set(line.returnLineId, refund.id);
        }
      }

      // units back on sale: the stock alerts' trigger (migration 0042) tells the waiting list when the stock rises
      let backOnSale = false;
      const view = await withTransaction(db, async (tx) => {
        const locked = await lockReturn(tx, number);
        requireAction(locked, "decide");
        for (const decided of input.lines) {
          const line = byId.get(decided.returnLineId)!;
          const updated = await tx
            .update(returnLines)
            .set({ decision: decided.decision, outcomeStock: decided.stock, refundId: refundIds.get(line.id) ?? null, decidedAt: now() })
            .where(and(eq(returnLines.id, line.id), sql`${returnLines.decision} is null`))
            .returning({ id: returnLines.id });
          if (updated.length === 0) throw new DomainError("invalid-state", "This line was decided already");
          const [orderLine] = await tx
            .select({ productId: orderLines.productId, variantId: orderLines.variantId })
            .from(orderLines)
            .where(eq(orderLines.id, line.orderLineId));
          await moveStock(tx, orderLine!.productId, orderLine!.variantId, line.quantity, decided.stock);
          if (decided.stock === "sellable") backOnSale = true;
        }
        const left = await tx
          .select({ n: count() })
          .from(returnLines)
          .where(and(eq(returnLines.returnId, locked.id), sql`${returnLines.decision} is null`));
        const closes = Number(left[0]?.n ?? 0) === 0;
        const note = input.lines.map((l) => `${byId.get(l.returnLineId)!.quantity}× ${l.decision} (${l.stock})`).join(", ");
        const [updated] = await tx
          .update(returns)
          .set({
            status: closes ? "closed" : locked.status,
            events: [...locked.events, event(closes ? "closed" : locked.status, "admin", note)],
            updatedAt: now(),
          })
          .where(eq(returns.id, locked.id))
          .returning();
        await logSecurityEvent(
          tx,
          {
            type: "admin-return-action",
            userId: actor.id,
            email: actor.email,
            detail: { by: actor.email, return: number, action: "decide", lines: input.lines, refunds: [...new Set(refundIds.values())] },
          },
          meta,
        );
        if (closes) await queueReturnMessages(tx, deps, updated!);
        return adminViewOf(tx, updated!);
      });
      // after the commit: the pages that showed the old stock are dropped
      if (backOnSale) invalidateTags("catalog");
      return view;
    },
  };
}

/** Units back on sale (the product's and its option's stock), or counted faulty (never sold). */
async function moveStock(tx: Database, productId: number, variantId: string, quantity: number, outcome: ReturnStockOutcome) {
  if (outcome === "sellable") {
    await tx.execute(sql`update products set stock_quantity = stock_quantity + ${quantity}, updated_at = now() where id = ${productId}`);
    await tx.execute(sql`update product_variants set stock = stock + ${quantity} where product_id = ${productId} and combination_id = ${variantId}`);
  } else {
    await tx.execute(sql`update products set faulty_quantity = faulty_quantity + ${quantity}, updated_at = now() where id = ${productId}`);
  }
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
export type { ReturnDecision };
