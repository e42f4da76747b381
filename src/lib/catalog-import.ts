/**
 * The catalogue import's shared rules and shapes: the limits of the files an admin sends (a CSV or
 * XLSX sheet of products, a ZIP of pictures named by SKU), how a sheet's cells read as whole
 * numbers, how a `spec.<key>` column names its attribute, and the answers the API gives (every
 * line's outcome, the batches that can be undone). The server checks with these; the admin's
 * screen shows them.
 */

/** The largest sheet file (CSV or XLSX) and the most product lines one import may carry. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
/** What an XLSX file may inflate to while its first sheet is read (its shared strings and the sheet's XML). */
export const XLSX_MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
/** A ZIP of pictures: its size as sent, what it may inflate to in all, and how many files it may hold. */
export const PICTURES_ZIP_MAX_BYTES = 200 * 1024 * 1024;
export const PICTURES_ZIP_MAX_UNPACKED_BYTES = 600 * 1024 * 1024;
export const PICTURES_ZIP_MAX_ENTRIES = 5_000;
/** File endings a picture in the ZIP may have (its name before the ending is the product's SKU). */
export const PICTURE_EXTENSIONS = ["jpg", "jpeg", "png", "webp"] as const;

/** A sheet column naming a specification: `spec.<key>`, the key as the category's attributes name it. */
export const SPEC_COLUMN_PREFIX = "spec.";
const SPEC_KEY = /^[a-z][a-z0-9_]{0,39}$/;

/** The attribute key a column names (`spec.resistance` → `resistance`), or null for another column. */
export function specColumnKey(column: string): string | null {
  if (!column.startsWith(SPEC_COLUMN_PREFIX)) return null;
  const key = column.slice(SPEC_COLUMN_PREFIX.length);
  return SPEC_KEY.test(key) ? key : null;
}

export const specColumn = (key: string) => `${SPEC_COLUMN_PREFIX}${key}`;

/**
 * A cell as a whole number from 0 to `max`: digits, with spaces or commas grouping thousands
 * ("2,600", "2 600"); a decimal point, a sign or anything else is refused (money is whole
 * shillings, stock whole pieces). `undefined` for an empty cell.
 */
export function readWholeNumber(cell: string | undefined, max: number): { ok: true; value: number | undefined } | { ok: false } {
  if (cell === undefined || cell.trim() === "") return { ok: true, value: undefined };
  const clean = cell.trim().replace(/(?<=\d)[\s,\u00a0\u202f](?=\d{3}\b)/g, "");
  if (!/^\d+$/.test(clean)) return { ok: false };
  const value = Number(clean);
  return value > max ? { ok: false } : { ok: true, value };
}

/** The file name of a picture in a ZIP as the SKU it names: the base name less its ending; null when it is no picture's name. */
export function pictureSku(entryName: string): string | null {
  const base = entryName.split("/").pop() ?? "";
  const match = /^(.+)\.([A-Za-z]+)$/.exec(base);
  if (!match || base.startsWith(".")) return null;
  return (PICTURE_EXTENSIONS as readonly string[]).includes(match[2]!.toLowerCase()) ? match[1]! : null;
}

export type ImportOutcome = "created" | "changed" | "unchanged" | "refused";

/** Why a line is refused: the column it is about (null for the whole line) and what is wrong. */
export interface ImportProblem {
  column: string | null;
  message: string;
}

/** One line of the sheet: what the import does (or did) with it. */
export interface ImportLine {
  /** the line in the file (1 is the header) */
  line: number;
  sku: string;
  outcome: ImportOutcome;
  /** the product it changes (null for one it creates, and for a refused line without a product) */
  productId: number | null;
  /** a changed product's fields that move, as the sheet writes them (before, after) */
  changes?: Record<string, { before: string; after: string }>;
  problems?: ImportProblem[];
}

export interface ImportCounts {
  rows: number;
  created: number;
  changed: number;
  unchanged: number;
  refused: number;
}

/**
 * The answer to an import or its dry run. `ok` is false when the file itself is wrong (`fileProblems`)
 * or a line is refused and the import was not told to skip refused lines: then nothing is written.
 * A real import that wrote something carries its batch's `importId` (to undo it).
 */
export interface ImportResult {
  ok: boolean;
  dryRun: boolean;
  importId: number | null;
  file: string;
  columns: string[];
  counts: ImportCounts;
  fileProblems: { line: number; message: string }[];
  lines: ImportLine[];
}

export type PictureOutcome = "matched" | "unchanged" | "unknown-sku" | "refused" | "ignored";

/** One file of a pictures ZIP: the SKU its name gives, and what became of it. */
export interface PictureEntry {
  name: string;
  sku: string | null;
  outcome: PictureOutcome;
  productId: number | null;
  reason?: string;
}

export interface PicturesResult {
  importId: number | null;
  counts: { matched: number; unchanged: number; unknownSku: number; refused: number; ignored: number };
  entries: PictureEntry[];
}

/** An import batch as the admin's list shows it. */
export interface ImportBatch {
  id: number;
  kind: "products" | "pictures";
  file: string;
  adminEmail: string;
  createdAt: string;
  counts: Record<string, number>;
  undoneAt: string | null;
  undoneBy: string | null;
}

/** A product the undo of a batch cannot put back, because its values moved since (the columns that moved). */
export interface UndoConflict {
  productId: number;
  sku: string;
  columns: string[];
}

export interface UndoResult {
  id: number;
  undoneAt: string;
  /** products put back as they were, products the batch created that are gone again, and those kept archived (orders name them) */
  restored: number;
  removed: number;
  archived: number;
}

/**
 * A product's values an import sets, as the batch keeps them before and after (numbers of
 * specifications as the database writes them, so "after" compares exactly with a later read).
 */
export interface ProductSnapshot {
  name: string;
  description: string;
  categoryId: number;
  brandId: number;
  price: number;
  originalPrice: number;
  stockQuantity: number;
  freeDelivery: boolean;
  sameDayDelivery: boolean;
  packSize: number;
  image: string;
  archived: boolean;
  /** the product's own values (not its options'), by key and value */
  specs: { key: string; num: string | null; text: string | null }[];
  /** the product's own breaks (not its options'), by quantity */
  priceBreaks: { minQuantity: number; price: number }[];
}
