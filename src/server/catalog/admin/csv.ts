import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { asc, eq, gt, inArray, sql } from "drizzle-orm";
import { CSV_IMPORT_MAX_ROWS, CSV_PRODUCT_COLUMNS, type CsvImportResult, type CsvProblem, type CsvProductColumn } from "@/lib/admin-catalog";
import { hasForbiddenCharacter } from "@/lib/text";
import { fromSpreadsheetCell, spreadsheetSafe } from "@/lib/spreadsheet-safe";
import { logSecurityEvent, type RequestMeta } from "../../auth/events";
import { invalidateTags } from "../../cache/tagged-cache";
import { applyProductChanges, checkWasPrice, differences, type ProductChanges } from "../product-writes";
import { DomainError } from "../../errors";
import { withTransaction, type Database } from "../../db";
import { brands, categories, productChanges, products } from "../../db/schema";
import { addProductsToSearchLexicon } from "../../search/resolve";

/** Rows read per statement while an export streams. */
const EXPORT_BATCH = 2_000;
const NAME_MAX = 200;
const DESCRIPTION_MAX = 5_000;
const MONEY_MAX = 2_000_000_000;
const STOCK_MAX = 10_000_000;

const TRUE = new Set(["true", "yes", "1", "ndiyo"]);
const FALSE = new Set(["false", "no", "0", "hapana"]);

/** One checked row: the product it changes and the values it sets (only the columns the file has). */
interface PlannedRow {
  line: number;
  productId: number;
  sku: string;
  money: ProductChanges;
  other: Partial<{
    name: string;
    description: string;
    freeDelivery: boolean;
    sameDayDelivery: boolean;
    categoryId: number;
    category: string;
    brandId: number;
    brand: string;
  }>;
}

/**
 * The catalogue as CSV (export) and changes to it from a CSV file (import). The file's first line
 * names its columns (any of CSV_PRODUCT_COLUMNS, `sku` required); each row changes the product
 * with that SKU. Every row is checked before anything is written: a file with any bad row imports
 * nothing, and the answer lists every problem with its line. A good file is applied in one
 * transaction: price and stock changes go into the products' audit trail with the file's name as
 * the reason, and the import is logged with who ran it and what it changed.
 */
export function createCatalogCsvService(db: Database) {
  /** Reads and checks a file: the planned changes, or every problem found. */
  async function plan(text: string): Promise<{ rows: PlannedRow[]; problems: CsvProblem[]; columns: CsvProductColumn[] }> {
    const problems: CsvProblem[] = [];
    let records: { record: Record<string, string>; info: { lines: number } }[];
    let columns: string[] = [];
    try {
      records = parse(text, {
        bom: true,
        columns: (header: string[]) => (columns = header.map((h) => h.trim().toLowerCase())),
        info: true,
        skip_empty_lines: true,
        trim: true,
        max_record_size: 20_000,
      });
    } catch (error) {
      const line = (error as { lines?: number }).lines ?? 1;
      return { rows: [], problems: [{ line, message: `The file is not valid CSV: ${(error as Error).message}` }], columns: [] };
    }
    const unknown = columns.filter((c) => !(CSV_PRODUCT_COLUMNS as readonly string[]).includes(c));
    if (!columns.includes("sku")) problems.push({ line: 1, message: "The first line must name the columns, with a sku column" });
    if (unknown.length) problems.push({ line: 1, message: `Unknown columns: ${unknown.join(", ")} (known: ${CSV_PRODUCT_COLUMNS.join(", ")})` });
    const duplicateColumns = columns.filter((c, i) => columns.indexOf(c) !== i);
    if (duplicateColumns.length) problems.push({ line: 1, message: `Columns named twice: ${duplicateColumns.join(", ")}` });
    if (records.length === 0) problems.push({ line: 1, message: "The file has no rows" });
    if (records.length > CSV_IMPORT_MAX_ROWS) problems.push({ line: 1, message: `A file can change at most ${CSV_IMPORT_MAX_ROWS} products; split it` });
    if (problems.length) return { rows: [], problems, columns: [] };

    const skus = records.map((r) => r.record.sku ?? "");
    const found = new Map<string, number>();
    // products with options: their price and stock come from the options (an unchanged value, as an export has it, is fine)
    const fromOptions = new Map<number, { price: number; stockQuantity: number }>();
    // every product's price and "was" price: a "was" price the file names is checked against its history
    const current = new Map<number, { price: number; originalPrice: number }>();
    for (let i = 0; i < skus.length; i += 5_000) {
      const chunk = skus.slice(i, i + 5_000).filter(Boolean);
      if (!chunk.length) continue;
      const rows = await db
        .select({
          id: products.id,
          sku: products.sku,
          price: products.price,
          originalPrice: products.originalPrice,
          stockQuantity: products.stockQuantity,
          // spelled out: drizzle writes a one-table select's columns unqualified, and a bare "id"
          // inside the subquery would be the variant's own
          hasOptions: sql<boolean>`exists (select 1 from product_variants v where v.product_id = products.id)`,
        })
        .from(products)
        .where(inArray(products.sku, chunk));
      for (const p of rows) {
        found.set(p.sku, p.id);
        current.set(p.id, { price: p.price, originalPrice: p.originalPrice });
        if (p.hasOptions) fromOptions.set(p.id, { price: p.price, stockQuantity: p.stockQuantity });
      }
    }
    const categoryRows = await db.select({ id: categories.id, slug: categories.slug, name: categories.name }).from(categories);
    const categoryBySlug = new Map(categoryRows.map((c) => [c.slug, c]));
    const brandRows = await db.select({ id: brands.id, name: brands.name }).from(brands);
    const brandByName = new Map(brandRows.map((b) => [b.name.toLowerCase(), b]));

    const seen = new Map<string, number>();
    const rows: PlannedRow[] = [];
    for (const { record: raw, info } of records) {
      const line = info.lines;
      // a value this shop's export marked as text (a leading apostrophe before = + - @) reads back as it was
      const record = Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, fromSpreadsheetCell(value)]));
      const wrong = (message: string) => problems.push({ line, message });
      const sku = record.sku ?? "";
      const values = Object.values(record);
      if (values.some((v) => hasForbiddenCharacter(v))) {
        wrong("A value holds a control character");
        continue;
      }
      if (!sku) {
        wrong("sku is empty");
        continue;
      }
      if (seen.has(sku)) {
        wrong(`sku ${sku} is already on line ${seen.get(sku)}`);
        continue;
      }
      seen.set(sku, line);
      const productId = found.get(sku);
      if (productId === undefined) wrong(`No product has the sku ${sku} (an import changes existing products)`);
      const row: PlannedRow = { line, productId: productId ?? 0, sku, money: {}, other: {} };
      const whole = (column: "price" | "original_price" | "stock_quantity", max: number): number | undefined => {
        const value = record[column];
        if (value === undefined || value === "") return undefined;
        const clean = value.replace(/[\s,]/g, "");
        if (!/^\d+$/.test(clean) || Number(clean) > max) {
          wrong(`${column} must be a whole number from 0 to ${max} (got "${value}")`);
          return undefined;
        }
        return Number(clean);
      };
      const flag = (column: "free_delivery" | "same_day_delivery"): boolean | undefined => {
        const value = record[column]?.toLowerCase();
        if (value === undefined || value === "") return undefined;
        if (TRUE.has(value)) return true;
        if (FALSE.has(value)) return false;
        wrong(`${column} must be yes or no (got "${record[column]}")`);
        return undefined;
      };
      const price = whole("price", MONEY_MAX);
      const originalPrice = whole("original_price", MONEY_MAX);
      const stock = whole("stock_quantity", STOCK_MAX);
      const options = productId === undefined ? undefined : fromOptions.get(productId);
      if (options && ((price !== undefined && price !== options.price) || (stock !== undefined && stock !== options.stockQuantity)))
        wrong(`sku ${sku} takes its price and stock from its options: change them on the product's page`);
      if (price !== undefined) row.money.price = price;
      if (originalPrice !== undefined) row.money.originalPrice = originalPrice;
      if (stock !== undefined) row.money.stockQuantity = stock;
      if (price !== undefined && originalPrice !== undefined && originalPrice !== 0 && originalPrice < price)
        wrong(`original_price (${originalPrice}) is below price (${price}): a "was" price must not be lower than the price`);
      else if (originalPrice !== undefined && productId !== undefined) {
        const before = current.get(productId)!;
        try {
          await checkWasPrice(db, productId, { ...before, stockQuantity: 0 }, price ?? before.price, originalPrice);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          wrong(`original_price: ${error.message}`);
        }
      }
      const free = flag("free_delivery");
      const sameDay = flag("same_day_delivery");
      if (free !== undefined) row.other.freeDelivery = free;
      if (sameDay !== undefined) row.other.sameDayDelivery = sameDay;
      if (record.name !== undefined && record.name !== "") {
        if (record.name.length > NAME_MAX) wrong(`name is longer than ${NAME_MAX} characters`);
        else row.other.name = record.name;
      } else if (columns.includes("name")) wrong("name is empty");
      if (record.description !== undefined && record.description !== "") {
        if (record.description.length > DESCRIPTION_MAX) wrong(`description is longer than ${DESCRIPTION_MAX} characters`);
        else row.other.description = record.description;
      }
      if (record.category) {
        const category = categoryBySlug.get(record.category.toLowerCase());
        if (!category) wrong(`No category has the slug ${record.category}`);
        else Object.assign(row.other, { categoryId: category.id, category: category.name });
      }
      if (record.brand) {
        const brand = brandByName.get(record.brand.toLowerCase());
        if (!brand) wrong(`No brand is named ${record.brand}`);
        else Object.assign(row.other, { brandId: brand.id, brand: brand.name });
      }
      rows.push(row);
    }
    problems.sort((a, b) => a.line - b.line);
    return { rows, problems, columns: columns as CsvProductColumn[] };
  }

  return {
    /**
     * Checks a file and, unless `dryRun` or a row is wrong, applies it. The answer says how many
     * rows there were and how many products changed, or lists every problem with its line.
     */
    async importCsv(
      admin: { id: number; email: string },
      file: { name: string; text: string },
      options: { dryRun: boolean },
      meta: RequestMeta,
    ): Promise<CsvImportResult> {
      const { rows, problems, columns } = await plan(file.text);
      if (problems.length) return { ok: false, rows: rows.length, problems: problems.slice(0, 200), problemCount: problems.length };
      if (options.dryRun) return { ok: true, dryRun: true, rows: rows.length, changed: 0, columns };
      const reason = `CSV import: ${file.name}`.slice(0, 300);
      const changedIds = await withTransaction(db, async (tx) => {
        const changed: number[] = [];
        const reworded: number[] = [];
        for (const row of rows) {
          let moved = false;
          if (Object.keys(row.money).length) {
            const { before, after } = await applyProductChanges(tx, row.productId, row.money);
            const diff = differences(before, after);
            if (Object.keys(diff).length) {
              moved = true;
              await tx.insert(productChanges).values({ productId: row.productId, adminId: admin.id, adminEmail: admin.email, changes: diff, reason });
            }
          }
          if (Object.keys(row.other).length) {
            const [updated] = await tx
              .update(products)
              .set({ ...row.other, updatedAt: sql`now()` })
              .where(
                sql`${products.id} = ${row.productId} and (${sql.join(
                  Object.entries(row.other).map(([key, value]) => sql`${products[key as keyof typeof row.other]} is distinct from ${value}`),
                  sql` or `,
                )})`,
              )
              .returning({ id: products.id });
            if (updated) {
              moved = true;
              if (["name", "description", "categoryId", "brandId"].some((key) => key in row.other)) reworded.push(row.productId);
            }
          }
          if (moved) changed.push(row.productId);
        }
        await logSecurityEvent(
          tx,
          {
            type: "admin-products-imported",
            userId: admin.id,
            email: admin.email,
            detail: { by: admin.email, file: file.name, rows: rows.length, changed: changed.length, columns, products: changed.slice(0, 100) },
          },
          meta,
        );
        await addProductsToSearchLexicon(tx, reworded);
        return changed;
      });
      if (changedIds.length) invalidateTags("catalog");
      return { ok: true, dryRun: false, rows: rows.length, changed: changedIds.length, columns };
    },

    /** Every product as CSV, by id, read in batches so memory stays flat (the same columns an import takes). */
    async *exportCsv(): AsyncGenerator<string> {
      yield stringify([[...CSV_PRODUCT_COLUMNS]]);
      let after = 0;
      for (;;) {
        const rows = await db
          .select({
            id: products.id,
            sku: products.sku,
            name: products.name,
            description: products.description,
            category: categories.slug,
            brand: products.brand,
            price: products.price,
            originalPrice: products.originalPrice,
            stock: products.stockQuantity,
            free: products.freeDelivery,
            sameDay: products.sameDayDelivery,
          })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .where(gt(products.id, after))
          .orderBy(asc(products.id))
          .limit(EXPORT_BATCH);
        if (!rows.length) return;
        const byColumn = (r: (typeof rows)[number]): Record<CsvProductColumn, string | number> => ({
          sku: spreadsheetSafe(r.sku),
          name: spreadsheetSafe(r.name),
          description: spreadsheetSafe(r.description),
          category: r.category,
          brand: spreadsheetSafe(r.brand),
          price: r.price,
          original_price: r.originalPrice,
          stock_quantity: r.stock,
          free_delivery: r.free ? "yes" : "no",
          same_day_delivery: r.sameDay ? "yes" : "no",
        });
        yield stringify(rows.map((r) => CSV_PRODUCT_COLUMNS.map((c) => byColumn(r)[c])));
        after = rows[rows.length - 1]!.id;
      }
    },
  };
}

export type CatalogCsvService = ReturnType<typeof createCatalogCsvService>;
