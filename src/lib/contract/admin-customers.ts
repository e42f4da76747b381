import { z } from "zod";
import { USER_ROLES } from "../auth-rules";
import { ORDER_STATUSES } from "../checkout";
import { text } from "./fields";

/** The admin's customers: a searchable list and one customer's record. */

/** GET /api/admin/customers */
export const customersQuerySchema = z.object({
  q: text("q", 100).optional(),
  locked: z.enum(["true", "false"], { message: "locked must be true or false" }).optional(),
  limit: z.coerce.number<number | string>().int().min(1).max(100).default(25),
  offset: z.coerce.number<number | string>().int().min(0).max(100_000).default(0),
});
export type CustomersQuery = z.input<typeof customersQuerySchema>;

const moment = z.iso.datetime({ offset: true });

export const adminCustomerRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  role: z.enum(USER_ROLES),
  verified: z.boolean(),
  lockedAt: moment.nullable(),
  createdAt: moment,
  /** orders placed by the account */
  orders: z.number().int().min(0),
});
export type AdminCustomerRow = z.input<typeof adminCustomerRowSchema>;

export const customersResponseSchema = z.object({
  customers: z.array(adminCustomerRowSchema),
  total: z.number().int().min(0),
  /** more matches than counted: the page says "more than total" */
  totalIsLowerBound: z.boolean(),
});
export type CustomersResponse = z.input<typeof customersResponseSchema>;

/** GET /api/admin/customers/{id}: the account with its orders, conversations and security events. */
export const customerResponseSchema = adminCustomerRowSchema.extend({
  lockedReason: z.string().nullable(),
  locale: z.string().nullable(),
  twoFactor: z.boolean(),
  /** sessions open now */
  openSessions: z.number().int().min(0),
  recentOrders: z.array(z.object({ number: z.string(), status: z.enum(ORDER_STATUSES), total: z.number().int(), createdAt: moment })),
  threads: z.array(z.object({ id: z.number().int(), subject: z.string(), status: z.string(), messages: z.number().int(), updatedAt: moment })),
  events: z.array(
    z.object({
      id: z.number().int(),
      at: moment,
      type: z.string(),
      email: z.string().nullable(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
      detail: z.unknown(),
    }),
  ),
});
export type CustomerResponse = z.input<typeof customerResponseSchema>;
