import { and, asc, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import {
  checkSpecAttribute,
  SPEC_ATTRIBUTES_MAX,
  SPEC_OPTIONS_MAX,
  type AdminSpecAttribute,
  type ProductSpecValues,
  type SpecAttributeInput,
} from "@/lib/spec-admin";
import { specNumbersEqual, type SpecUnit } from "@/lib/specs/units";
import { formatSpecValue, parseSpecValue, type SpecAttributeDef, type SpecValue } from "@/lib/specs/values";
import { logSecurityEvent, type RequestMeta } from "../auth/events";
import { invalidateCatalogCounts } from "../catalog/catalog-cache";
import { withTransaction, type Database } from "../db";
import { categories, productSpecs, specAttributes } from "../db/schema";
import { DomainError } from "../errors";
import { numericText } from "./filters";

type Actor = { id: number; email: string };
type AttributeRow = typeof specAttributes.$inferSelect;

/** A product's values as the product form sends them (see ProductSpecValues). */
export type ProductSpecInput = ProductSpecValues;

/** An attribute a product lost when it moved to a category without it. */
export interface DroppedSpec {
  key: string;
  nameEn: string;
  nameSw: string;
}

const toDef = (row: AttributeRow): SpecAttributeDef & { id: number; categoryId: number } => ({
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
});

/** A stored value read back by its definition. */
function storedValue(def: Pick<SpecAttributeDef, "kind">, row: { num: string | null; text: string | null }): SpecValue {
  if (def.kind === "number") return Number(row.num);
  if (def.kind === "boolean") return row.text === "true";
  return row.text ?? "";
}

/** The columns a value is stored in: a number exactly in base units, anything else as text. */
function storedColumns(value: SpecValue): { num: string | null; text: string | null } {
  return typeof value === "number" ? { num: numericText(value), text: null } : { num: null, text: String(value) };
}

function refuseDefinition(input: SpecAttributeInput) {
  const problem = checkSpecAttribute(input);
  if (problem) throw new DomainError("validation", problem.message, { field: problem.field, reason: problem.reason });
}

/** How many values (and on how many products) a category's attribute carries. */
async function usage(tx: Database, categoryId: number, key: string): Promise<{ values: number; products: number }> {
  const [row] = await tx
    .select({ values: sql<number>`count(*)::int`, products: sql<number>`count(distinct ${productSpecs.productId})::int` })
    .from(productSpecs)
    .where(and(eq(productSpecs.categoryId, categoryId), eq(productSpecs.key, key)));
  return { values: Number(row?.values ?? 0), products: Number(row?.products ?? 0) };
}

async function lockCategory(tx: Database, categoryId: number) {
  const [category] = await tx
    .select({ id: categories.id, name: categories.name, nameSw: categories.nameSw, slug: categories.slug })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .for("update");
  if (!category) throw new DomainError("not-found", `Category ${categoryId} not found`);
  return category;
}

async function attributeOf(tx: Database, categoryId: number, id: number, lock = false): Promise<AttributeRow> {
  const query = tx
    .select()
    .from(specAttributes)
    .where(and(eq(specAttributes.id, id), eq(specAttributes.categoryId, categoryId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new DomainError("not-found", `Category ${categoryId} has no attribute ${id}`);
  return row;
}

/** Every attribute of the categories given (all when none), with how many values products carry, in display order. */
async function listAttributes(db: Database, categoryIds?: number[]): Promise<AdminSpecAttribute[]> {
  const rows = await db
    .select({
      row: specAttributes,
      // qualified by hand: inside the subquery a bare column would be the value row's own
      values: sql<number>`(select count(*)::int from ${productSpecs} s where s.category_id = "spec_attributes"."category_id" and s.key = "spec_attributes"."key")`,
      products: sql<number>`(select count(distinct s.product_id)::int from ${productSpecs} s where s.category_id = "spec_attributes"."category_id" and s.key = "spec_attributes"."key")`,
    })
    .from(specAttributes)
    .where(categoryIds ? inArray(specAttributes.categoryId, categoryIds) : undefined)
    .orderBy(asc(specAttributes.categoryId), asc(specAttributes.sortOrder), asc(specAttributes.id));
  return rows.map(({ row, values, products }) => ({ ...toDef(row), values: Number(values), products: Number(products) }));
}

/**
 * The admin's attribute definitions of a category: list, create, change, reorder, delete. A key is
 * fixed once products carry values under it, and a number's unit or an attribute's kind cannot
 * change while values exist (they are stored in that unit: changing it would change what every
 * stored value means). Deleting an attribute that products carry values for is refused unless
 * `force`, and the refusal says how many values would go. Every change is logged and drops the
 * catalogue's caches (the shop's attribute index with them).
 */
export function createSpecAdmin(db: Database) {
  const log = (tx: Database, actor: Actor, detail: Record<string, unknown>, meta: RequestMeta) =>
    logSecurityEvent(tx, { type: "admin-taxonomy-changed", userId: actor.id, email: actor.email, detail: { by: actor.email, ...detail } }, meta);

  return {
    /** A category and its attributes in display order, each with the values products carry. */
    async list(categoryId: number) {
      const [category] = await db
        .select({ id: categories.id, name: categories.name, nameSw: categories.nameSw, slug: categories.slug })
        .from(categories)
        .where(eq(categories.id, categoryId));
      if (!category) throw new DomainError("not-found", `Category ${categoryId} not found`);
      return { category, attributes: await listAttributes(db, [categoryId]) };
    },

    /** Every category's attributes, by category id (the product form switches between them as the category changes). */
    async byCategory(): Promise<Map<number, AdminSpecAttribute[]>> {
      const out = new Map<number, AdminSpecAttribute[]>();
      for (const attribute of await listAttributes(db)) out.set(attribute.categoryId, [...(out.get(attribute.categoryId) ?? []), attribute]);
      return out;
    },

    async create(actor: Actor, categoryId: number, input: SpecAttributeInput, meta: RequestMeta): Promise<AdminSpecAttribute> {
      refuseDefinition(input);
      const created = await withTransaction(db, async (tx) => {
        await lockCategory(tx, categoryId);
        const existing = await tx
          .select({ key: specAttributes.key, sortOrder: specAttributes.sortOrder })
          .from(specAttributes)
          .where(eq(specAttributes.categoryId, categoryId));
        if (existing.some((a) => a.key === input.key))
          throw new DomainError("validation", `This category already has an attribute with the key ${input.key}`, { field: "key", reason: "specKeyTaken" });
        if (existing.length >= SPEC_ATTRIBUTES_MAX)
          throw new DomainError("validation", `A category has at most ${SPEC_ATTRIBUTES_MAX} attributes`, { field: "key", reason: "specTooMany" });
        const sortOrder = Math.max(0, ...existing.map((a) => a.sortOrder)) + 1;
        const [row] = await tx
          .insert(specAttributes)
          .values({ ...input, nameEn: input.nameEn.trim(), nameSw: input.nameSw.trim(), categoryId, sortOrder })
          .returning();
        await log(tx, actor, { action: "spec-attribute-created", category: categoryId, before: null, after: row }, meta);
        return row!;
      });
      invalidateCatalogCounts();
      return { ...toDef(created), values: 0, products: 0 };
    },

    async update(actor: Actor, categoryId: number, id: number, input: SpecAttributeInput, meta: RequestMeta): Promise<AdminSpecAttribute> {
      refuseDefinition(input);
      const updated = await withTransaction(db, async (tx) => {
        await lockCategory(tx, categoryId);
        const before = await attributeOf(tx, categoryId, id, true);
        const used = await usage(tx, categoryId, before.key);
        if (used.values > 0) {
          const carried = `${used.products} product${used.products === 1 ? "" : "s"} carry ${used.values} value${used.values === 1 ? "" : "s"} of it`;
          if (input.key !== before.key)
            throw new DomainError("invalid-state", `The key cannot change: ${carried}, stored under ${before.key} (and filter addresses name it)`, {
              field: "key",
              reason: "specKeyInUse",
              ...used,
            });
          if (input.kind !== before.kind)
            throw new DomainError(
              "invalid-state",
              `The kind cannot change: ${carried}, stored as ${before.kind === "number" ? "numbers" : before.kind === "list" ? "list values" : "yes/no"}. Remove those values (or delete the attribute) first`,
              { field: "kind", reason: "specKindInUse", ...used },
            );
          if (input.unit !== before.unit)
            throw new DomainError(
              "invalid-state",
              `The unit cannot change: ${carried}, stored in ${before.unit}; in another unit every stored value would mean something else. Remove those values (or delete the attribute) first`,
              { field: "unit", reason: "specUnitInUse", ...used },
            );
          // a list's stored values must stay among its options (none: any text)
          if (input.kind === "list" && input.options.length > 0) {
            const carriers = await tx
              .select({ text: productSpecs.text, products: sql<number>`count(distinct ${productSpecs.productId})::int` })
              .from(productSpecs)
              .where(and(eq(productSpecs.categoryId, categoryId), eq(productSpecs.key, before.key), notInArray(productSpecs.text, input.options)))
              .groupBy(productSpecs.text)
              .orderBy(asc(productSpecs.text));
            const first = carriers[0];
            if (first)
              throw new DomainError(
                "invalid-state",
                `"${first.text}" must stay an option: ${Number(first.products)} product${Number(first.products) === 1 ? "" : "s"} carry it. Change their values first`,
                { field: "options", reason: "specOptionInUse", option: first.text, products: Number(first.products) },
              );
          }
        }
        if (input.key !== before.key) {
          const [taken] = await tx
            .select({ id: specAttributes.id })
            .from(specAttributes)
            .where(and(eq(specAttributes.categoryId, categoryId), eq(specAttributes.key, input.key)));
          if (taken)
            throw new DomainError("validation", `This category already has an attribute with the key ${input.key}`, { field: "key", reason: "specKeyTaken" });
        }
        const [after] = await tx
          .update(specAttributes)
          .set({ ...input, nameEn: input.nameEn.trim(), nameSw: input.nameSw.trim() })
          .where(eq(specAttributes.id, id))
          .returning();
        await log(tx, actor, { action: "spec-attribute-changed", category: categoryId, id, before, after }, meta);
        return { row: after!, used };
      });
      invalidateCatalogCounts();
      return { ...toDef(updated.row), ...updated.used };
    },

    /** The category's attributes in the order given (every one, each once). */
    async reorder(actor: Actor, categoryId: number, ids: number[], meta: RequestMeta): Promise<AdminSpecAttribute[]> {
      await withTransaction(db, async (tx) => {
        await lockCategory(tx, categoryId);
        const all = await tx
          .select({ id: specAttributes.id })
          .from(specAttributes)
          .where(eq(specAttributes.categoryId, categoryId))
          .orderBy(asc(specAttributes.sortOrder), asc(specAttributes.id));
        if (ids.length !== all.length || new Set(ids).size !== ids.length || !all.every((a) => ids.includes(a.id)))
          throw new DomainError("validation", "Send every attribute of the category once, in the new order", { field: "ids" });
        for (const [index, id] of ids.entries())
          await tx
            .update(specAttributes)
            .set({ sortOrder: index + 1 })
            .where(eq(specAttributes.id, id));
        await log(tx, actor, { action: "spec-attributes-reordered", category: categoryId, before: all.map((a) => a.id), after: ids }, meta);
      });
      invalidateCatalogCounts();
      return listAttributes(db, [categoryId]);
    },

    /**
     * Deletes an attribute. Where products carry values for it, only with `force` (the values go
     * with it); without, the refusal says how many values on how many products would go.
     */
    async remove(actor: Actor, categoryId: number, id: number, options: { force: boolean }, meta: RequestMeta) {
      const removed = await withTransaction(db, async (tx) => {
        await lockCategory(tx, categoryId);
        const before = await attributeOf(tx, categoryId, id, true);
        const used = await usage(tx, categoryId, before.key);
        if (used.values > 0 && !options.force)
          throw new DomainError(
            "confirmation-required",
            `${used.products} product${used.products === 1 ? "" : "s"} carry ${used.values} value${used.values === 1 ? "" : "s"} of ${before.nameEn}: deleting it deletes them too. Send force to go ahead`,
            { ...used },
          );
        await tx.delete(productSpecs).where(and(eq(productSpecs.categoryId, categoryId), eq(productSpecs.key, before.key)));
        await tx.delete(specAttributes).where(eq(specAttributes.id, id));
        await log(
          tx,
          actor,
          { action: "spec-attribute-deleted", category: categoryId, id, before, valuesRemoved: used.values, productsTouched: used.products },
          meta,
        );
        return used;
      });
      invalidateCatalogCounts();
      return { removed: true as const, valuesRemoved: removed.values, productsTouched: removed.products };
    },
  };
}

export type SpecAdmin = ReturnType<typeof createSpecAdmin>;

/**
 * Replaces a product's own values (its options' stay) with `input`, read against its category's
 * attributes with the shop's parser. A key the category does not define, or a value that does not
 * read, is refused naming the field (`specs.<key>`). Returns the values before and after, by key.
 */
export async function replaceProductSpecs(
  tx: Database,
  productId: number,
  categoryId: number,
  input: ProductSpecInput,
): Promise<{ before: Record<string, SpecValue>; after: Record<string, SpecValue>; changes: Record<string, { before: string; after: string }> }> {
  const defs = (await tx.select().from(specAttributes).where(eq(specAttributes.categoryId, categoryId))).map(toDef);
  const after: Record<string, SpecValue> = {};
  for (const [key, raw] of Object.entries(input)) {
    const def = defs.find((d) => d.key === key);
    if (!def)
      throw new DomainError("validation", `${key} is not an attribute of this product's category`, { field: `specs.${key}`, reason: "specNotInCategory" });
    if (raw === null || (typeof raw === "string" && !raw.trim())) continue;
    const parsed = parseSpecValue(def, raw);
    if (!parsed.ok)
      throw new DomainError("validation", `${def.nameEn}: "${String(raw)}" is not a value it takes (${parsed.reason})`, {
        field: `specs.${key}`,
        reason: "specValueUnreadable",
      });
    after[key] = parsed.value;
  }
  const old = await tx
    .delete(productSpecs)
    .where(and(eq(productSpecs.productId, productId), isNull(productSpecs.variantId)))
    .returning({ key: productSpecs.key, num: productSpecs.num, text: productSpecs.text });
  const before: Record<string, SpecValue> = {};
  for (const row of old) {
    const def = defs.find((d) => d.key === row.key);
    before[row.key] = def ? storedValue(def, row) : (row.text ?? Number(row.num));
  }
  const rows = Object.entries(after).map(([key, value]) => ({ productId, variantId: null, categoryId, key, ...storedColumns(value) }));
  if (rows.length) await tx.insert(productSpecs).values(rows);
  // what moved, as the shop shows it (English, for the audit trail): `specs.<key>`, "" for none
  const changes: Record<string, { before: string; after: string }> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const def = defs.find((d) => d.key === key);
    const shown = (value: SpecValue | undefined) => (value === undefined ? "" : def ? formatSpecValue(def, value, "en") : String(value));
    const was = before[key];
    const now = after[key];
    const same = was !== undefined && now !== undefined && (typeof was === "number" && typeof now === "number" ? specNumbersEqual(was, now) : was === now);
    if (!same && !(was === undefined && now === undefined)) changes[`specs.${key}`] = { before: shown(was), after: shown(now) };
  }
  return { before, after, changes };
}

/** A product's own values (not its options'), by key, for the keys its category defines. */
export async function productOwnSpecs(db: Database, productId: number): Promise<Record<string, SpecValue>> {
  const rows = await db
    .select({ key: productSpecs.key, num: productSpecs.num, text: productSpecs.text, kind: specAttributes.kind })
    .from(productSpecs)
    .innerJoin(specAttributes, and(eq(specAttributes.categoryId, productSpecs.categoryId), eq(specAttributes.key, productSpecs.key)))
    .where(and(eq(productSpecs.productId, productId), isNull(productSpecs.variantId)))
    .orderBy(asc(productSpecs.id));
  const values: Record<string, SpecValue> = {};
  for (const row of rows) if (!(row.key in values)) values[row.key] = storedValue(row, row);
  return values;
}

/**
 * After a product moved to `categoryId`: its values (its options' too) under keys the new category
 * does not define are deleted, and returned with the names they had, so the admin is told.
 */
export async function dropSpecsOutsideCategory(tx: Database, productId: number, fromCategoryId: number, categoryId: number): Promise<DroppedSpec[]> {
  const keep = (await tx.select({ key: specAttributes.key }).from(specAttributes).where(eq(specAttributes.categoryId, categoryId))).map((a) => a.key);
  const gone = await tx
    .delete(productSpecs)
    .where(and(eq(productSpecs.productId, productId), keep.length ? notInArray(productSpecs.key, keep) : undefined))
    .returning({ key: productSpecs.key });
  const keys = [...new Set(gone.map((g) => g.key))];
  if (!keys.length) return [];
  const named = await tx
    .select({ key: specAttributes.key, nameEn: specAttributes.nameEn, nameSw: specAttributes.nameSw })
    .from(specAttributes)
    .where(and(eq(specAttributes.categoryId, fromCategoryId), inArray(specAttributes.key, keys)));
  return keys.map((key) => named.find((n) => n.key === key) ?? { key, nameEn: key, nameSw: key });
}

/**
 * Carries one category's attributes into another before the first is merged into it: an attribute
 * the other lacks moves over (after the other's own), one both have becomes one (a list keeps
 * every option of both). Both must mean the same: a key that is a number in one and a list in the
 * other, or numbers in different units, refuses the merge, naming it. The products' values follow
 * their products (product_specs' category follows the product's).
 */
export async function mergeCategoryAttributes(tx: Database, fromId: number, intoId: number): Promise<{ moved: number; joined: number }> {
  const from = await tx
    .select()
    .from(specAttributes)
    .where(eq(specAttributes.categoryId, fromId))
    .orderBy(asc(specAttributes.sortOrder), asc(specAttributes.id));
  const into = await tx.select().from(specAttributes).where(eq(specAttributes.categoryId, intoId));
  const same = from.map((a) => ({ a, b: into.find((b) => b.key === a.key) })).filter((p): p is { a: AttributeRow; b: AttributeRow } => p.b !== undefined);
  const clash = same.find(({ a, b }) => a.kind !== b.kind || a.unit !== b.unit);
  if (clash) {
    const what = (r: AttributeRow) => (r.kind === "number" ? `a number in ${r.unit}` : r.kind === "list" ? "a list" : "a yes/no");
    throw new DomainError(
      "invalid-state",
      `These categories cannot be merged: ${clash.a.key} is ${what(clash.a)} in one and ${what(clash.b)} in the other. Change or delete one of them first`,
      { field: "into", reason: "specAttributeConflict", key: clash.a.key },
    );
  }
  for (const { a, b } of same) {
    // a list without options takes any text and stays so; one with options takes the other's options and values too
    let options = b.options;
    if (b.kind === "list" && b.options.length > 0) {
      const stored = await tx
        .selectDistinct({ text: productSpecs.text })
        .from(productSpecs)
        .where(and(eq(productSpecs.categoryId, fromId), eq(productSpecs.key, a.key)));
      const extra = [...a.options, ...stored.map((s) => s.text ?? "")].filter((o) => o && !b.options.includes(o));
      options = [...b.options, ...new Set(extra)];
      if (options.length > SPEC_OPTIONS_MAX) options = [];
    }
    if (options !== b.options || (a.isFilter && !b.isFilter) || (a.isKey && !b.isKey))
      await tx
        .update(specAttributes)
        .set({ options, isFilter: a.isFilter || b.isFilter, isKey: a.isKey || b.isKey })
        .where(eq(specAttributes.id, b.id));
  }
  const moving = from.filter((a) => !into.some((b) => b.key === a.key));
  const last = Math.max(0, ...into.map((b) => b.sortOrder));
  for (const [i, a] of moving.entries())
    await tx
      .update(specAttributes)
      .set({ categoryId: intoId, sortOrder: last + i + 1 })
      .where(eq(specAttributes.id, a.id));
  return { moved: moving.length, joined: same.length };
}
