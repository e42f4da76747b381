import { stringify } from "csv-stringify/sync";
import { and, asc, eq, gt, inArray, isNull } from "drizzle-orm";
import { CSV_PRODUCT_COLUMNS, type CsvProductColumn } from "@/lib/admin-catalog";
import { specColumn } from "@/lib/catalog-import";
import { breaksFor, formatLadder } from "@/lib/price-breaks";
import type { SpecAttributeDef } from "@/lib/specs/values";
import type { SpecUnit } from "@/lib/specs/units";
import { spreadsheetSafe } from "@/lib/spreadsheet-safe";
import type { Database } from "../../db";
import { categories, products, productSpecs, specAttributes } from "../../db/schema";
import { priceBreaksOf } from "../price-breaks";
import { specCell, VALUES_JOINED } from "./catalog-import";

/** Rows read per statement while an export streams. */
const EXPORT_BATCH = 2_000;

/**
 * The catalogue as CSV: the columns an import takes (CSV_PRODUCT_COLUMNS), then one `spec.<key>`
 * column per specification the shop's categories define, each value in the shop's notation
 * ("10 kΩ", "0805", "yes") as the import reads it back unchanged.
 */
export function createCatalogCsvService(db: Database) {
  return {
    /** Every product as CSV, by id, read in batches so memory stays flat (the same columns an import takes). */
    async *exportCsv(): AsyncGenerator<string> {
      // every key once, in the order of the categories and their attributes; a key means the same in every category
      const defs = await db
        .select()
        .from(specAttributes)
        .innerJoin(categories, eq(categories.id, specAttributes.categoryId))
        .orderBy(asc(categories.sortOrder), asc(categories.id), asc(specAttributes.sortOrder), asc(specAttributes.id));
      const byCategory = new Map<string, SpecAttributeDef>();
      const byKey = new Map<string, SpecAttributeDef>();
      for (const { spec_attributes: a } of defs) {
        const def: SpecAttributeDef = {
          key: a.key,
          nameEn: a.nameEn,
          nameSw: a.nameSw,
          kind: a.kind,
          unit: a.unit as SpecUnit | null,
          options: a.options,
          isFilter: a.isFilter,
          isKey: a.isKey,
          sortOrder: a.sortOrder,
        };
        byCategory.set(`${a.categoryId}|${a.key}`, def);
        if (!byKey.has(a.key)) byKey.set(a.key, def);
      }
      const keys = [...byKey.keys()];
      yield stringify([[...CSV_PRODUCT_COLUMNS, ...keys.map(specColumn)]]);
      let after = 0;
      for (;;) {
        const rows = await db
          .select({
            id: products.id,
            sku: products.sku,
            name: products.name,
            description: products.description,
            categoryId: products.categoryId,
            category: categories.slug,
            brand: products.brand,
            price: products.price,
            originalPrice: products.originalPrice,
            stock: products.stockQuantity,
            free: products.freeDelivery,
            sameDay: products.sameDayDelivery,
            packSize: products.packSize,
          })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .where(gt(products.id, after))
          .orderBy(asc(products.id))
          .limit(EXPORT_BATCH);
        if (!rows.length) return;
        // the products' own values (an option's are on the product's page); several of one key apart by semicolons
        const specs = new Map<number, Map<string, string>>();
        if (keys.length) {
          const values = await db
            .select({ productId: productSpecs.productId, key: productSpecs.key, num: productSpecs.num, text: productSpecs.text })
            .from(productSpecs)
            .where(
              and(
                inArray(
                  productSpecs.productId,
                  rows.map((r) => r.id),
                ),
                isNull(productSpecs.variantId),
              ),
            )
            .orderBy(asc(productSpecs.id));
          const categoryOf = new Map(rows.map((r) => [r.id, r.categoryId]));
          for (const v of values) {
            const def = byCategory.get(`${categoryOf.get(v.productId)}|${v.key}`) ?? byKey.get(v.key);
            if (!def) continue;
            const own = specs.get(v.productId) ?? new Map<string, string>();
            const value = def.kind === "number" ? Number(v.num) : def.kind === "boolean" ? v.text === "true" : (v.text ?? "");
            const before = own.get(v.key);
            own.set(v.key, before === undefined ? specCell(def, value) : `${before}${VALUES_JOINED}${specCell(def, value)}`);
            specs.set(v.productId, own);
          }
        }
        const ladders = await priceBreaksOf(
          db,
          rows.map((r) => r.id),
        );
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
          pack_size: r.packSize,
          // the product's own ladder (an option's is on the product's page)
          price_breaks: formatLadder(breaksFor(ladders.get(r.id) ?? [], null)),
        });
        yield stringify(
          rows.map((r) => [...CSV_PRODUCT_COLUMNS.map((c) => byColumn(r)[c]), ...keys.map((key) => spreadsheetSafe(specs.get(r.id)?.get(key) ?? ""))]),
        );
        after = rows[rows.length - 1]!.id;
      }
    },
  };
}

export type CatalogCsvService = ReturnType<typeof createCatalogCsvService>;
