import { z } from "zod";
import { MANUFACTURER_URL_MAX, type Datasheet } from "../datasheets";
import type { Same } from "./common";
import { text } from "./fields";

/**
 * A product's datasheet: its download (GET /api/products/:id/datasheet, a PDF attachment) and the
 * admin's changes (a manufacturer's PDF uploaded, replaced or removed; the manufacturer's link; a
 * spec sheet made afresh from the shop's data).
 */

/** The datasheet as a product's detail carries it; null when it has neither a PDF nor a link. */
export const datasheetSchema = z.object({
  /** the shop's copy, downloaded as an attachment (null: only the manufacturer's link) */
  url: z.string().nullable(),
  bytes: z.number().int().min(0).nullable(),
  /** made by the shop from its own data (a spec sheet, which says so), not the manufacturer's */
  generated: z.boolean(),
  /** the manufacturer's own page for the datasheet (https) */
  manufacturerUrl: z.string().nullable(),
});
export const datasheetIsDatasheet: Same<z.output<typeof datasheetSchema>, Datasheet> = true;
export type DatasheetBody = z.input<typeof datasheetSchema>;

/** GET /api/products/:id/datasheet?v=: `v` is the file's version (from its address); with the current one the answer is kept for good. */
export const datasheetDownloadQuerySchema = z.object({ v: text("v", 64).optional() });

/** GET, POST (multipart, one field `file`), DELETE /api/admin/products/:id/datasheet and the link and generate routes answer this. */
export const adminDatasheetResponseSchema = z.object({ datasheet: datasheetSchema.nullable() });
export type AdminDatasheetResponse = z.input<typeof adminDatasheetResponseSchema>;

/** PUT /api/admin/products/:id/datasheet/link: the manufacturer's page (https), or null or "" to take it off. */
export const datasheetLinkBodySchema = z.object({
  manufacturerUrl: text("manufacturerUrl", MANUFACTURER_URL_MAX + 50).nullable(),
});
export type DatasheetLinkRequest = z.input<typeof datasheetLinkBodySchema>;
