import { z } from "zod";
import { ORDER_STATUSES } from "../checkout";
import { FISCAL_SETUP_ITEMS } from "../order-documents";

/** The admin dashboard's figures (GET /api/admin/dashboard). Money in whole shillings, moments as ISO text. */

const count = z.number().int().min(0);
const moment = z.iso.datetime({ offset: true });

const periodFiguresSchema = z.object({
  /** orders placed in the period, whatever became of them */
  orders: count,
  /** orders paid in the period (and not refunded since), test orders left out */
  paidOrders: count,
  /** what those paid orders came to */
  revenue: count,
  /** test orders "paid" in the period through the payment sandbox */
  testOrders: count,
});

export const dashboardOrderSchema = z.object({
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  fullName: z.string(),
  total: z.number().int(),
  createdAt: moment,
  paidAt: moment.nullable(),
  /** paid in the payment sandbox: no money was received */
  test: z.boolean(),
});
export type DashboardOrder = z.input<typeof dashboardOrderSchema>;

/** GET /api/admin/dashboard */
export const dashboardResponseSchema = z.object({
  /** when "today" and "this month" began (the shop's time zone) */
  periods: z.object({ day: moment, month: moment, timeZone: z.string() }),
  today: periodFiguresSchema,
  month: periodFiguresSchema,
  awaitingAction: z.object({ count, oldest: z.array(dashboardOrderSchema) }),
  awaitingPayment: count,
  lowStock: z.object({
    threshold: count,
    count,
    products: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string(), sku: z.string(), stock: z.number().int() })),
  }),
  signups: z.object({
    count,
    latest: z.array(z.object({ id: z.number().int(), fullName: z.string(), email: z.string(), verified: z.boolean(), createdAt: moment })),
  }),
  failedPayments: z.object({
    count,
    latest: z.array(
      z.object({
        reference: z.string(),
        orderNumber: z.string(),
        method: z.string(),
        wallet: z.string().nullable(),
        amount: z.number().int(),
        reason: z.string().nullable(),
        at: moment,
        test: z.boolean(),
      }),
    ),
  }),
  /** what the shop still lacks before its receipts can be fiscal receipts (empty when none) */
  fiscalSetup: z.object({ missing: z.array(z.enum(FISCAL_SETUP_ITEMS)) }),
});
export type DashboardResponse = z.input<typeof dashboardResponseSchema>;
