import { z } from "zod";
import { REQUEST_KINDS, REQUEST_STATUSES } from "../requests";
import { text } from "./fields";

/** Requests sent through the shop's forms, as the admin works them: the list, a status, a PCB request's Gerber ZIP. */

/** GET /api/admin/requests */
export const adminRequestsQuerySchema = z.object({
  kind: z.enum(REQUEST_KINDS).optional(),
  status: z.enum(REQUEST_STATUSES).optional(),
  reference: text("reference", 30).optional(),
  limit: z.coerce.number<number | string>().int().min(1).max(100).default(25),
  offset: z.coerce.number<number | string>().int().min(0).max(1_000_000).default(0),
});
export type AdminRequestsQuery = z.input<typeof adminRequestsQuerySchema>;

/** POST /api/admin/requests/{id}/status */
export const requestStatusBodySchema = z.object({ status: z.enum(REQUEST_STATUSES) }).strict();
export type RequestStatusRequest = z.input<typeof requestStatusBodySchema>;

// ---- answers ------------------------------------------------------------------------------

/** A request as the admin's list shows it. */
export const adminRequestViewSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  kind: z.enum(REQUEST_KINDS),
  status: z.enum(REQUEST_STATUSES),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string(),
  message: z.string(),
  /** the kind's own fields, as sent */
  details: z.record(z.string(), z.unknown()),
  /** the PCB service's indicative price, whole shillings; null for other kinds */
  indicativePrice: z.number().int().nullable(),
  hasAttachment: z.boolean(),
  attachmentBytes: z.number().int().nullable(),
  locale: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AdminRequestView = z.input<typeof adminRequestViewSchema>;

/** GET /api/admin/requests */
export const adminRequestsResponseSchema = z.object({ requests: z.array(adminRequestViewSchema), total: z.number().int().min(0) });
export type AdminRequestsResponse = z.input<typeof adminRequestsResponseSchema>;

/** POST /api/admin/requests/{id}/status */
export const adminRequestResponseSchema = z.object({ request: adminRequestViewSchema });
export type AdminRequestResponse = z.input<typeof adminRequestResponseSchema>;
