import { z } from "zod";
import type { ImportBatch, ImportResult, PicturesResult, UndoResult } from "../catalog-import";
import type { Same } from "./common";

/**
 * The catalogue import: a sheet of products (CSV or XLSX) that creates and changes products, a ZIP
 * of pictures named by SKU, the list of import batches and the undo of one. Money in whole shillings.
 */

const flag = (name: string) => z.enum(["true", "false"], { message: `${name} must be true or false` }).default("false");

/** POST /api/admin/products/import?dryRun&createCategories&skipRefused (multipart: one field `file`, CSV or XLSX) */
export const importQuerySchema = z.object({ dryRun: flag("dryRun"), createCategories: flag("createCategories"), skipRefused: flag("skipRefused") });
export type ImportQuery = z.input<typeof importQuerySchema>;

/** POST /api/admin/imports/{id}/undo */
export const importIdParams = z.object({ id: z.coerce.number<number | string>().int().min(1).max(2_147_483_647) });

// ---- answers ------------------------------------------------------------------------------

const moment = z.iso.datetime({ offset: true });
const count = z.number().int().min(0);

const importLineSchema = z.object({
  line: z.number().int(),
  sku: z.string(),
  outcome: z.enum(["created", "changed", "unchanged", "refused"]),
  productId: z.number().int().nullable(),
  changes: z.record(z.string(), z.object({ before: z.string(), after: z.string() })).optional(),
  problems: z.array(z.object({ column: z.string().nullable(), message: z.string() })).optional(),
});

/** POST /api/admin/products/import: every line's outcome (a dry run writes nothing; `ok: false` writes nothing either) */
export const importResponseSchema = z.object({
  ok: z.boolean(),
  dryRun: z.boolean(),
  importId: z.number().int().nullable(),
  file: z.string(),
  columns: z.array(z.string()),
  counts: z.object({ rows: count, created: count, changed: count, unchanged: count, refused: count }),
  fileProblems: z.array(z.object({ line: z.number().int(), message: z.string() })),
  lines: z.array(importLineSchema),
});
export const importResponseIsResult: Same<z.input<typeof importResponseSchema>, ImportResult> = true;

/** POST /api/admin/products/pictures (multipart: one field `file`, a ZIP of pictures named by SKU) */
export const picturesResponseSchema = z.object({
  importId: z.number().int().nullable(),
  counts: z.object({ matched: count, unchanged: count, unknownSku: count, refused: count, ignored: count }),
  entries: z.array(
    z.object({
      name: z.string(),
      sku: z.string().nullable(),
      outcome: z.enum(["matched", "unchanged", "unknown-sku", "refused", "ignored"]),
      productId: z.number().int().nullable(),
      reason: z.string().optional(),
    }),
  ),
});
export const picturesResponseIsResult: Same<z.input<typeof picturesResponseSchema>, PicturesResult> = true;

const batchSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["products", "pictures"]),
  file: z.string(),
  adminEmail: z.string(),
  createdAt: moment,
  counts: z.record(z.string(), z.number()),
  undoneAt: moment.nullable(),
  undoneBy: z.string().nullable(),
});

/** GET /api/admin/imports: the newest batches */
export const importsResponseSchema = z.object({ imports: z.array(batchSchema) });
export const importsResponseIsList: Same<z.input<typeof importsResponseSchema>, { imports: ImportBatch[] }> = true;
export type ImportsResponse = z.input<typeof importsResponseSchema>;

/** POST /api/admin/imports/{id}/undo (409 invalid-state with `conflicts` when products changed since) */
export const undoResponseSchema = z.object({ id: z.number().int(), undoneAt: moment, restored: count, removed: count, archived: count });
export const undoResponseIsResult: Same<z.input<typeof undoResponseSchema>, UndoResult> = true;
