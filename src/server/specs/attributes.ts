import { asc } from "drizzle-orm";
import type { SpecAttributeDef } from "@/lib/specs/values";
import type { Locale } from "@/lib/locale";
import type { SpecUnit } from "@/lib/specs/units";
import type { Database } from "../db";
import { categories, specAttributes } from "../db/schema";
import { cachedList } from "../catalog/catalog-cache";

/** One category's attribute definition, as the shop reads it (with the category it belongs to). */
export interface CategoryAttribute extends SpecAttributeDef {
  id: number;
  categoryId: number;
}

export interface AttributeIndex {
  /** every definition, by category id, in display order */
  byCategory: Map<number, CategoryAttribute[]>;
  /**
   * One definition per key across the shop (the first category's, in category order): what a
   * spec filter without a category, and the search's understanding of a query, read. Keys mean
   * the same in every category (`resistance` is ohms everywhere); only names and options differ.
   */
  byKey: Map<string, CategoryAttribute>;
  /** a key's list options across every category that defines it (a list filter without a category accepts any of them) */
  optionsByKey: Map<string, string[]>;
  /** category ids by slug and lower-case name */
  categoryIds: Map<string, number>;
}

/**
 * The shop's attribute definitions, read once and kept like the category list (dropped with every
 * catalogue change): every listing, facet count and product page reads them.
 */
export async function attributeIndex(db: Database): Promise<AttributeIndex> {
  const { rows, cats } = await cachedList("spec-attributes", async () => {
    const cats = await db.select({ id: categories.id, slug: categories.slug, name: categories.name, sortOrder: categories.sortOrder }).from(categories);
    const rows = await db.select().from(specAttributes).orderBy(asc(specAttributes.categoryId), asc(specAttributes.sortOrder), asc(specAttributes.id));
    return { rows, cats };
  });
  const order = new Map(cats.map((c) => [c.id, c.sortOrder]));
  const byCategory = new Map<number, CategoryAttribute[]>();
  const byKey = new Map<string, CategoryAttribute>();
  const optionsByKey = new Map<string, string[]>();
  const sorted = [...rows].sort((a, b) => (order.get(a.categoryId) ?? 0) - (order.get(b.categoryId) ?? 0) || a.categoryId - b.categoryId);
  for (const row of sorted) {
    const def: CategoryAttribute = {
      id: row.id,
      categoryId: row.categoryId,
      key: row.key,
      nameEn: row.nameEn,
      nameSw: row.nameSw,
      kind: row.kind,
      unit: row.unit as SpecUnit | null,
      options: row.options,
      isFilter: row.isFilter,
      isKey: row.isKey,
      sortOrder: row.sortOrder,
    };
    const list = byCategory.get(row.categoryId) ?? [];
    list.push(def);
    byCategory.set(row.categoryId, list);
    if (!byKey.has(row.key)) byKey.set(row.key, def);
    const options = optionsByKey.get(row.key) ?? [];
    for (const o of row.options) if (!options.includes(o)) options.push(o);
    optionsByKey.set(row.key, options);
  }
  for (const list of byCategory.values()) list.sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const categoryIds = new Map<string, number>();
  for (const c of cats) {
    categoryIds.set(c.slug.toLowerCase(), c.id);
    if (!categoryIds.has(c.name.toLowerCase())) categoryIds.set(c.name.toLowerCase(), c.id);
  }
  return { byCategory, byKey, optionsByKey, categoryIds };
}

/** A category's definitions (display order); empty for a category without any. */
export async function attributesOf(db: Database, categoryId: number): Promise<CategoryAttribute[]> {
  return (await attributeIndex(db)).byCategory.get(categoryId) ?? [];
}

/** The name a reader of `locale` sees. */
export function attributeLabel(def: Pick<SpecAttributeDef, "nameEn" | "nameSw">, locale: Locale): string {
  return locale === "sw" ? def.nameSw || def.nameEn : def.nameEn;
}
