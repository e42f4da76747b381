import { and, asc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { UserRole } from "@/lib/auth-rules";
import type { CashCollector, CashDayResponse, Collected, RiderDeliveriesResponse, RiderDelivery } from "@/lib/contract/on-delivery";
import { refusalFeeDue } from "@/lib/pay-on-delivery";
import { shopDateOf, startOfShopDate } from "@/lib/shop-calendar";
import { logSecurityEvent, type RequestMeta } from "../auth/events";
import { withTransaction, type Database } from "../db";
import { cashHandovers, orderEvents, orderLines, orders, recordedPayments, users } from "../db/schema";
import { DomainError } from "../errors";
import type { SettingsService } from "../settings/settings";
import { openDeliveriesByRider, riderOrdersWhere } from "./on-delivery";

/**
 * What riders and the admin see of pay on delivery: a rider's open deliveries and their day, the
 * shop's riders (and who is one), and the day's money per collector with what each handed over.
 * The money figures are always summed from the recorded payments (never kept as running totals),
 * so a reversed payment or one recorded late shows at once.
 */

export interface DeliveriesDeps {
  db: Database;
  settings: SettingsService;
  now?: () => Date;
}

/** An admin acting, for the security log. */
interface Actor {
  id: number;
  email: string;
}

const invalid = (field: string, message: string) => new DomainError("validation", message, { field, reason: field });

/** The instants a shop day (YYYY-MM-DD) runs between, in the shop's time zone; a day that does not exist is refused. */
function dayRange(day: string, timeZone: string): { from: Date; to: Date } {
  const from = startOfShopDate(day, timeZone);
  if (!from) throw invalid("day", "A day is written YYYY-MM-DD");
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return { from, to: startOfShopDate(next, timeZone)! };
}

type PaymentRow = typeof recordedPayments.$inferSelect & { order: string };

/** What a collector's payments of a day add up to (refusals are counted from the orders' timelines). */
function collectedOf(payments: readonly PaymentRow[], refused: number): Collected {
  const sum = (rows: readonly PaymentRow[]) => rows.reduce((total, p) => total + p.amount, 0);
  return {
    delivered: payments.filter((p) => p.kind === "order").length,
    refused,
    cash: sum(payments.filter((p) => p.method === "cash")),
    till: sum(payments.filter((p) => p.method === "till")),
    fees: sum(payments.filter((p) => p.kind === "refusal_fee")),
  };
}

export function createDeliveries(deps: DeliveriesDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** The standing payments each of these staff recorded within the range, oldest first, with their order's number. */
  async function paymentsIn(range: { from: Date; to: Date }, staffIds?: number[]): Promise<PaymentRow[]> {
    const rows = await db
      .select({ payment: recordedPayments, order: orders.number })
      .from(recordedPayments)
      .innerJoin(orders, eq(orders.id, recordedPayments.orderId))
      .where(
        and(
          gte(recordedPayments.recordedAt, range.from),
          lt(recordedPayments.recordedAt, range.to),
          isNull(recordedPayments.reversedAt),
          staffIds ? inArray(recordedPayments.staffUserId, staffIds.length ? staffIds : [0]) : undefined,
        ),
      )
      .orderBy(asc(recordedPayments.recordedAt), asc(recordedPayments.id));
    return rows.map((r) => ({ ...r.payment, order: r.order }));
  }

  /** Refusals each staff member marked within the range (from the orders' timelines). */
  async function refusalsIn(range: { from: Date; to: Date }): Promise<Map<number, number>> {
    const rows = await db
      .select({ staffId: orderEvents.actorUserId, count: sql<number>`count(*)::int` })
      .from(orderEvents)
      .where(and(eq(orderEvents.status, "refused"), gte(orderEvents.at, range.from), lt(orderEvents.at, range.to)))
      .groupBy(orderEvents.actorUserId);
    return new Map(rows.filter((r) => r.staffId !== null).map((r) => [r.staffId!, Number(r.count)]));
  }

  async function today(): Promise<{ day: string; timezone: string }> {
    const { timezone } = await deps.settings.get();
    return { day: shopDateOf(now(), timezone), timezone };
  }

  async function cashDay(dayInput?: string): Promise<CashDayResponse> {
    const { timezone } = await deps.settings.get();
    const day = dayInput ?? shopDateOf(now(), timezone);
    const range = dayRange(day, timezone);
    const [payments, refusals, handovers, riders] = await Promise.all([
      paymentsIn(range),
      refusalsIn(range),
      db.select().from(cashHandovers).where(eq(cashHandovers.day, day)),
      db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, "rider"), isNull(users.lockedAt))),
    ]);
    const ids = new Set<number>([
      ...payments.flatMap((p) => (p.staffUserId !== null ? [p.staffUserId] : [])),
      ...refusals.keys(),
      ...handovers.map((h) => h.staffUserId),
      ...riders.map((r) => r.id),
    ]);
    const people = ids.size
      ? await db
          .select({ id: users.id, name: users.fullName, email: users.email, role: users.role })
          .from(users)
          .where(inArray(users.id, [...ids]))
      : [];
    const receiverIds = handovers.flatMap((h) => (h.receivedBy !== null ? [h.receivedBy] : []));
    const receivers = new Map(
      receiverIds.length
        ? (await db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, receiverIds))).map((u) => [u.id, u.name])
        : [],
    );
    const collectors: CashCollector[] = people
      .map((person) => {
        const own = payments.filter((p) => p.staffUserId === person.id);
        const collected = collectedOf(own, refusals.get(person.id) ?? 0);
        const handover = handovers.find((h) => h.staffUserId === person.id);
        return {
          staffId: person.id,
          name: person.name,
          role: person.role,
          collected,
          entries: own.map((p) => ({
            order: p.order,
            kind: p.kind,
            method: p.method,
            transactionId: p.transactionId,
            amount: p.amount,
            at: p.recordedAt.toISOString(),
          })),
          handover: handover
            ? {
                countedCash: handover.countedCash,
                difference: handover.countedCash - collected.cash,
                by: (handover.receivedBy !== null ? receivers.get(handover.receivedBy) : undefined) ?? handover.receivedByEmail,
                at: handover.receivedAt.toISOString(),
                note: handover.note,
              }
            : null,
        };
      })
      // riders first, then whoever took the most cash
      .sort((a, b) => Number(b.role === "rider") - Number(a.role === "rider") || b.collected.cash - a.collected.cash || a.name.localeCompare(b.name));
    return { day, timezone, collectors };
  }

  return {
    /** A rider's open deliveries (oldest hand-over first) and what they took today. */
    async riderView(riderId: number): Promise<RiderDeliveriesResponse> {
      const shop = await deps.settings.get();
      const rows = await db.select().from(orders).where(riderOrdersWhere(riderId)).orderBy(asc(orders.riderAssignedAt), asc(orders.id));
      const lines = rows.length
        ? await db
            .select({ orderId: orderLines.orderId, name: orderLines.name, quantity: orderLines.quantity })
            .from(orderLines)
            .where(
              inArray(
                orderLines.orderId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(asc(orderLines.id))
        : [];
      const deliveries: RiderDelivery[] = rows.map((o) => ({
        number: o.number,
        status: o.status,
        deliveryMethod: o.deliveryMethod,
        fullName: o.fullName,
        phone: o.phone,
        region: o.region,
        district: o.district,
        ward: o.ward,
        street: o.street,
        landmark: o.landmark,
        notes: o.notes,
        total: o.total,
        refusalFee: refusalFeeDue(shop.payOnDelivery.refusalFee, o),
        lines: lines.filter((l) => l.orderId === o.id).map((l) => ({ name: l.name, quantity: l.quantity })),
        assignedAt: o.riderAssignedAt ? o.riderAssignedAt.toISOString() : null,
      }));
      const { day, timezone } = await today();
      const range = dayRange(day, timezone);
      const [payments, refusals] = await Promise.all([paymentsIn(range, [riderId]), refusalsIn(range)]);
      return { deliveries, today: collectedOf(payments, refusals.get(riderId) ?? 0), refusalFeeRule: shop.payOnDelivery.refusalFee };
    },

    /** The shop's riders who can take orders out (not locked), with the deliveries each holds now. */
    async riders(): Promise<{ id: number; name: string; email: string; open: number }[]> {
      const rows = await db
        .select({ id: users.id, name: users.fullName, email: users.email })
        .from(users)
        .where(and(eq(users.role, "rider"), isNull(users.lockedAt)))
        .orderBy(asc(users.fullName), asc(users.id));
      const open = await openDeliveriesByRider(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({ ...r, open: open.get(r.id) ?? 0 }));
    },

    /**
     * Makes an account a rider, or a shopper again; an admin is made otherwise and never changed
     * here. A rider still holding deliveries keeps the role until they are handed to someone else.
     */
    async setRole(admin: Actor, userId: number, role: "user" | "rider", meta?: RequestMeta): Promise<{ id: number; role: UserRole }> {
      return withTransaction(db, async (tx) => {
        const [user] = await tx.select({ id: users.id, role: users.role, email: users.email }).from(users).where(eq(users.id, userId)).for("update");
        if (!user) throw new DomainError("not-found", "No such account");
        if (user.role === "admin") throw new DomainError("invalid-state", "An administrator's role is not changed here", { reason: "admin" });
        if (user.role === role) return { id: user.id, role: user.role };
        if (user.role === "rider") {
          const [holding] = await tx.select({ id: orders.id }).from(orders).where(riderOrdersWhere(user.id)).limit(1);
          if (holding)
            throw new DomainError("invalid-state", "This rider still holds deliveries: give them to another rider first", { reason: "rider-has-deliveries" });
        }
        await tx
          .update(users)
          .set({ role, updatedAt: sql`now()` })
          .where(eq(users.id, user.id));
        await logSecurityEvent(
          tx,
          { type: "admin-role-changed", userId: admin.id, email: admin.email, detail: { by: admin.email, account: user.email, from: user.role, to: role } },
          meta,
        );
        return { id: user.id, role };
      });
    },

    cashDay,

    /**
     * Records the cash a collector handed over for a day, as an admin counted it (a second count
     * replaces the first). A count that differs from the cash the day's payments add up to needs a
     * note saying why; the difference stays on the page.
     */
    async handover(admin: Actor, input: { staffId: number; day: string; countedCash: number; note?: string }, meta?: RequestMeta): Promise<CashCollector> {
      const note = input.note?.trim() || null;
      const before = (await cashDay(input.day)).collectors.find((c) => c.staffId === input.staffId);
      if (!before) throw new DomainError("not-found", "This person took no money that day and is not a rider");
      const expected = before.collected.cash;
      if (input.countedCash !== expected && !note) throw invalid("note", "Say why the cash counted differs from the cash taken");
      await withTransaction(db, async (tx) => {
        await tx
          .insert(cashHandovers)
          .values({
            staffUserId: input.staffId,
            day: input.day,
            countedCash: input.countedCash,
            expectedCash: expected,
            note,
            receivedBy: admin.id,
            receivedByEmail: admin.email,
            receivedAt: now(),
          })
          .onConflictDoUpdate({
            target: [cashHandovers.staffUserId, cashHandovers.day],
            set: { countedCash: input.countedCash, expectedCash: expected, note, receivedBy: admin.id, receivedByEmail: admin.email, receivedAt: now() },
          });
        await logSecurityEvent(
          tx,
          {
            type: "admin-cash-handover",
            userId: admin.id,
            email: admin.email,
            detail: { by: admin.email, collector: before.name, day: input.day, counted: input.countedCash, expected, ...(note ? { note } : {}) },
          },
          meta,
        );
      });
      return (await cashDay(input.day)).collectors.find((c) => c.staffId === input.staffId)!;
    },
  };
}

export type Deliveries = ReturnType<typeof createDeliveries>;
