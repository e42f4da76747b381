import { and, asc, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { OrderStatus } from "@/lib/checkout";
import { missingFiscalSetup, type FiscalSetupItem } from "@/lib/order-documents";
import { shopPeriodStarts } from "@/lib/shop-calendar";
import { rowsOf, type Database } from "../db";
import { orders, payments, products, users } from "../db/schema";
import { SANDBOX_PROVIDER, testOrderSql } from "../payments/test-orders";
import type { SettingsService } from "../settings/settings";

/** Orders that count as money taken: paid and not refunded (cancelling is for unpaid orders). */
export const REVENUE_STATUSES = ["paid", "processing", "ready_for_pickup", "shipped", "partly_shipped", "delivered"] as const satisfies readonly OrderStatus[];
/** Orders the shop has to act on: paid, not yet shipped. */
export const ACTION_STATUSES = ["confirmed", "paid", "processing"] as const satisfies readonly OrderStatus[];
/** How far back the dashboard counts sign-ups and failed payments. */
export const DASHBOARD_RECENT_DAYS = 7;
/** How many rows each of the dashboard's lists shows. */
export const DASHBOARD_LIST_LIMIT = 5;

export interface PeriodFigures {
  /** orders placed in the period, whatever became of them */
  orders: number;
  /** orders paid in the period (and not refunded since), test orders left out */
  paidOrders: number;
  /** what those paid orders came to, whole shillings */
  revenue: number;
  /** test orders "paid" in the period through the payment sandbox: no money, so not in the two figures above */
  testOrders: number;
}

export interface DashboardOrder {
  number: string;
  status: OrderStatus;
  fullName: string;
  total: number;
  createdAt: string;
  paidAt: string | null;
  /** paid in the payment sandbox: no money was received */
  test: boolean;
}

export interface DashboardSummary {
  /** when "today" and "this month" began (the shop's time zone), so the page can say so */
  periods: { day: string; month: string; timeZone: string };
  today: PeriodFigures;
  month: PeriodFigures;
  awaitingAction: { count: number; oldest: DashboardOrder[] };
  awaitingPayment: number;
  lowStock: { threshold: number; count: number; products: { id: number; name: string; slug: string; sku: string; stock: number }[] };
  signups: { count: number; latest: { id: number; fullName: string; email: string; verified: boolean; createdAt: string }[] };
  failedPayments: {
    count: number;
    latest: {
      reference: string;
      orderNumber: string;
      method: string;
      wallet: string | null;
      amount: number;
      reason: string | null;
      at: string;
      test: boolean;
    }[];
  };
  /** what the shop still lacks before its receipts can be fiscal receipts (empty when none) */
  fiscalSetup: { missing: FiscalSetupItem[] };
}

const list = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  );

export interface DashboardOptions {
  /** whether receipts go to a fiscal device that confirms them (not only to the local journal) */
  fiscalDeviceConnected?: boolean;
}

/**
 * The admin's first screen: today's and this month's orders and revenue in the shop's time zone
 * (test orders, paid in the payment sandbox, counted apart: no money came in), the orders waiting
 * for the shop, products running out, recent sign-ups and failed payments, and what the fiscal
 * set-up still lacks. Each figure is one indexed read, so the page stays quick however large the
 * shop grows.
 */
export async function dashboardSummary(db: Database, settings: SettingsService, now = new Date(), options: DashboardOptions = {}): Promise<DashboardSummary> {
  const { timezone, inventory, fiscal } = await settings.get();
  const { day, month } = shopPeriodStarts(now, timezone);
  const recentSince = new Date(now.getTime() - DASHBOARD_RECENT_DAYS * 24 * 60 * 60_000);
  const revenue = list(REVENUE_STATUSES);
  const action = list(ACTION_STATUSES);
  const threshold = inventory.lowStockThreshold;

  const [figures, waiting, lowCount, lowProducts, signupCount, signups, failedCount, failed] = await Promise.all([
    // every order placed or paid this month (placed and paid both have indexes on their dates); a
    // paid order is a test order or money taken, by its payments (one indexed look-up each)
    db.execute(sql`
      select
        count(*) filter (where created_at >= ${day})::int as orders_today,
        count(*) filter (where created_at >= ${month})::int as orders_month,
        count(*) filter (where paid_at >= ${day} and status in (${revenue}) and not test)::int as paid_today,
        count(*) filter (where paid_at >= ${month} and status in (${revenue}) and not test)::int as paid_month,
        coalesce(sum(total) filter (where paid_at >= ${day} and status in (${revenue}) and not test), 0)::bigint as revenue_today,
        coalesce(sum(total) filter (where paid_at >= ${month} and status in (${revenue}) and not test), 0)::bigint as revenue_month,
        count(*) filter (where paid_at >= ${day} and status in (${revenue}) and test)::int as test_today,
        count(*) filter (where paid_at >= ${month} and status in (${revenue}) and test)::int as test_month,
        (select count(*) from ${orders} where status in (${action}))::int as awaiting_action,
        (select count(*) from ${orders} where status = 'awaiting_payment')::int as awaiting_payment
      from (
        select o.created_at, o.paid_at, o.status, o.total, (o.paid_at is not null and ${testOrderSql(sql.raw("o.id"))}) as test
        from ${orders} o where o.created_at >= ${month} or o.paid_at >= ${month}
      ) month_orders`),
    db
      .select({
        number: orders.number,
        status: orders.status,
        fullName: orders.fullName,
        total: orders.total,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        // qualified by hand: inside a subquery a bare "id" would be the payment's own
        test: testOrderSql(sql`${orders}.${sql.identifier("id")}`),
      })
      .from(orders)
      .where(inArray(orders.status, [...ACTION_STATUSES]))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(DASHBOARD_LIST_LIMIT),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(lte(products.stockQuantity, threshold)),
    db
      .select({ id: products.id, name: products.name, slug: products.slug, sku: products.sku, stock: products.stockQuantity })
      .from(products)
      .where(lte(products.stockQuantity, threshold))
      .orderBy(asc(products.stockQuantity), asc(products.id))
      .limit(DASHBOARD_LIST_LIMIT),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(gte(users.createdAt, recentSince)),
    db
      .select({ id: users.id, fullName: users.fullName, email: users.email, verifiedAt: users.emailVerifiedAt, createdAt: users.createdAt })
      .from(users)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(DASHBOARD_LIST_LIMIT),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(payments)
      .where(and(eq(payments.status, "failed"), gte(payments.updatedAt, recentSince))),
    db
      .select({
        reference: payments.reference,
        orderNumber: orders.number,
        method: payments.method,
        wallet: payments.wallet,
        amount: payments.amount,
        reason: payments.failureReason,
        at: payments.updatedAt,
        provider: payments.provider,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.status, "failed"), gte(payments.updatedAt, recentSince)))
      .orderBy(desc(payments.updatedAt), desc(payments.id))
      .limit(DASHBOARD_LIST_LIMIT),
  ]);

  const f = rowsOf<Record<string, number | string>>(figures)[0] ?? {};
  const n = (key: string) => Number(f[key] ?? 0);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    periods: { day: day.toISOString(), month: month.toISOString(), timeZone: timezone },
    today: { orders: n("orders_today"), paidOrders: n("paid_today"), revenue: n("revenue_today"), testOrders: n("test_today") },
    month: { orders: n("orders_month"), paidOrders: n("paid_month"), revenue: n("revenue_month"), testOrders: n("test_month") },
    awaitingAction: {
      count: n("awaiting_action"),
      oldest: waiting.map((o) => ({ ...o, createdAt: o.createdAt.toISOString(), paidAt: iso(o.paidAt), test: o.test === true })),
    },
    awaitingPayment: n("awaiting_payment"),
    lowStock: { threshold, count: lowCount[0]?.count ?? 0, products: lowProducts },
    signups: {
      count: signupCount[0]?.count ?? 0,
      latest: signups.map((u) => ({ id: u.id, fullName: u.fullName, email: u.email, verified: u.verifiedAt !== null, createdAt: u.createdAt.toISOString() })),
    },
    failedPayments: {
      count: failedCount[0]?.count ?? 0,
      latest: failed.map(({ provider, ...p }) => ({ ...p, at: p.at.toISOString(), test: provider === SANDBOX_PROVIDER })),
    },
    fiscalSetup: { missing: missingFiscalSetup(fiscal, options.fiscalDeviceConnected ?? false) },
  };
}

export function createAdminDashboardService(db: Database, settings: SettingsService, options: DashboardOptions = {}) {
  return {
    /** The dashboard's figures as of `now` (the clock, unless a test sets it). */
    summary: (now?: Date) => dashboardSummary(db, settings, now, options),
  };
}

export type AdminDashboardService = ReturnType<typeof createAdminDashboardService>;
