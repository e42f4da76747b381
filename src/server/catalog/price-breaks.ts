import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  breaksFor,
  checkLadder,
  PACK_SIZE_MAX,
  priceLadder,
  type LadderProblem,
  type PriceBreak,
  type PriceLadder,
  type ShopTier,
  type StoredPriceBreak,
} from "@/lib/price-breaks";
import { rowsOf, withTransaction, type Database } from "../db";
import { priceBreaks, productVariants, products } from "../db/schema";
import { DomainError } from "../errors";

/**
 * Prices by quantity in the catalogue: reading a product's breaks (for its page, the cart, the
 * checkout, the BOM matcher) and an admin writing them. The rule itself (which ladder applies,
 * the unit price at a quantity, what a valid ladder is) is `src/lib/price-breaks.ts`.
 */

/** Every stored break of these products, by product, each product's by option (shared ones first) then quantity. */
export async function priceBreaksOf(db: Database, productIds: readonly number[]): Promise<Map<number, StoredPriceBreak[]>> {
  const out = new Map<number, StoredPriceBreak[]>();
  const ids = [...new Set(productIds)];
  if (!ids.length) return out;
  const rows = await db
    .select({ productId: priceBreaks.productId, variantId: priceBreaks.variantId, minQuantity: priceBreaks.minQuantity, price: priceBreaks.price })
    .from(priceBreaks)
    .where(inArray(priceBreaks.productId, ids))
    .orderBy(asc(priceBreaks.productId), sql`${priceBreaks.variantId} nulls first`, asc(priceBreaks.minQuantity));
  for (const { productId, ...row } of rows) {
    const list = out.get(productId) ?? [];
    list.push(row);
    out.set(productId, list);
  }
  return out;
}

/** A line to price: its product, its option's row id (null for a product without options) and its one-unit price. */
export interface LineToPrice {
  productId: number;
  variantRowId: number | null;
  unitPrice: number;
}

/**
 * The ladder of each line (by index): the line's own breaks (its option's, else the product's
 * shared ones) where it has any, otherwise the shop's tiers. One read for all the lines.
 */
export async function laddersFor(db: Database, lines: readonly LineToPrice[], tiers: readonly ShopTier[]): Promise<PriceLadder[]> {
  const breaks = await priceBreaksOf(
    db,
    lines.map((l) => l.productId),
  );
  return lines.map((l) => priceLadder(l.unitPrice, breaksFor(breaks.get(l.productId) ?? [], l.variantRowId), tiers));
}

/** A break as a product's detail shows it; `variantId` null: the product's own ladder (every option without one of its own). */
export interface DetailPriceBreak extends PriceBreak {
  variantId: number | null;
}

/**
 * A product's prices by quantity for its page and API detail: each ladder (the product's shared
 * one, and each option's own) with its one-unit step first ("1+ TSh 3,000 · 10+ TSh 2,600 · 100+
 * TSh 2,200"), only the breaks that lower today's price; empty when the product has no breaks of
 * its own (the shop's tiers then apply, which the settings tell). `packSize`: pieces per unit sold.
 */
export async function productPricing(
  db: Database,
  product: { id: number; price: number; product_variants?: readonly { id: string; price: number }[] },
): Promise<{ priceBreaks: DetailPriceBreak[]; packSize: number }> {
  const [[row], stored] = await Promise.all([
    db.select({ packSize: products.packSize }).from(products).where(eq(products.id, product.id)),
    priceBreaksOf(db, [product.id]),
  ]);
  const rows = stored.get(product.id) ?? [];
  const out: DetailPriceBreak[] = [];
  const ladder = (variantId: number | null, unitPrice: number) => {
    const steps = priceLadder(unitPrice, breaksFor(rows, variantId), []).steps;
    if (steps.length > 1) out.push(...steps.map((s) => ({ ...s, variantId })));
  };
  if (rows.some((r) => r.variantId === null)) ladder(null, product.price);
  for (const v of product.product_variants ?? []) if (rows.some((r) => r.variantId === Number(v.id))) ladder(Number(v.id), v.price);
  return { priceBreaks: out, packSize: row?.packSize ?? 1 };
}

/** Pieces per unit sold, by product (1 where a product is not sold in packs). */
export async function packSizesOf(db: Database, productIds: readonly number[]): Promise<Map<number, number>> {
  const ids = [...new Set(productIds)];
  if (!ids.length) return new Map();
  const rows = await db.select({ id: products.id, packSize: products.packSize }).from(products).where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r.packSize]));
}

const PROBLEM_TEXT: Record<LadderProblem, string> = {
  quantity: "a quantity must be a whole number from 2",
  duplicate: "a quantity is there twice",
  price: "a price must be a whole number of shillings above 0",
  notBelowUnitPrice: "a break's price must be below the price of one",
  notDecreasing: "each break's price must be below the one for a smaller quantity",
  tooMany: "a ladder has at most 10 breaks",
};

/** The refusal of a bad ladder: `{code: "validation", field: "priceBreaks", reason, problems: [{path, problem}]}`. */
export function ladderRefusal(problem: LadderProblem, path: string): DomainError<"validation"> {
  return new DomainError("validation", `The prices by quantity are not right: ${PROBLEM_TEXT[problem]}`, {
    field: "priceBreaks",
    reason: problem,
    problems: [{ path, problem }],
  });
}

/**
 * Replaces one ladder of a product: its shared one (`variantId` null) or an option's own (the
 * option's row id). Checked against the one-unit price it lowers (the option's, or the product's
 * own, which for a product with options is the cheapest option's). An empty ladder removes it.
 * Returns the breaks stored, by quantity. Runs in the caller's transaction when given one.
 */
export function setPriceBreaks(db: Database, productId: number, variantId: number | null, ladder: readonly PriceBreak[]): Promise<PriceBreak[]> {
  return withTransaction(db, (tx) => writeLadder(tx, productId, variantId, ladder, ""));
}

/** `setPriceBreaks` inside a transaction; a refusal's path starts with `path` (the ladder's place in a larger form). */
async function writeLadder(tx: Database, productId: number, variantId: number | null, ladder: readonly PriceBreak[], path: string): Promise<PriceBreak[]> {
  const [product] = await tx.select({ price: products.price }).from(products).where(eq(products.id, productId)).for("update");
  if (!product) throw new DomainError("not-found", `Product ${productId} not found`);
  let unitPrice = product.price;
  if (variantId !== null) {
    const [variant] = await tx
      .select({ price: productVariants.price })
      .from(productVariants)
      .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)));
    if (!variant) throw new DomainError("invalid-variant", `Product ${productId} has no option ${variantId}`);
    unitPrice = variant.price;
  }
  const checked = checkLadder(unitPrice, ladder);
  if (!checked.ok) throw ladderRefusal(checked.problem, `${path}${checked.index}`);
  await tx
    .delete(priceBreaks)
    .where(and(eq(priceBreaks.productId, productId), variantId === null ? isNull(priceBreaks.variantId) : eq(priceBreaks.variantId, variantId)));
  if (checked.breaks.length) await tx.insert(priceBreaks).values(checked.breaks.map((b) => ({ productId, variantId, ...b })));
  return checked.breaks;
}

/** A product's ladders as an admin edits them: options named by their combination id (stable across edits of the options). */
export interface ProductPricingInput {
  packSize: number;
  ladders: { option: string | null; breaks: PriceBreak[] }[];
}

/** The product's pack size and every ladder it has, options by combination id (the admin form's and the audit log's form). */
export async function readProductPricing(db: Database, productId: number): Promise<ProductPricingInput> {
  const [product] = await db.select({ packSize: products.packSize }).from(products).where(eq(products.id, productId));
  if (!product) throw new DomainError("not-found", `Product ${productId} not found`);
  const rows = rowsOf<{ combination_id: string | null; min_quantity: number; price: number }>(
    await db.execute(sql`
      select v.combination_id, b.min_quantity, b.price
      from price_breaks b left join product_variants v on v.id = b.variant_id
      where b.product_id = ${productId}
      order by b.variant_id nulls first, b.min_quantity`),
  );
  const ladders = new Map<string | null, PriceBreak[]>();
  for (const r of rows) {
    const list = ladders.get(r.combination_id) ?? [];
    list.push({ minQuantity: Number(r.min_quantity), price: Number(r.price) });
    ladders.set(r.combination_id, list);
  }
  return { packSize: product.packSize, ladders: [...ladders].map(([option, breaks]) => ({ option, breaks })) };
}

/**
 * Sets a product's pack size and replaces all its ladders with the ones given (a ladder not given
 * is removed), each checked; a refusal names the ladder and break (`ladders.1.breaks.0`). Runs in
 * the caller's transaction. Returns what the product had before and has now.
 */
export async function replaceProductPricing(
  tx: Database,
  productId: number,
  input: ProductPricingInput,
): Promise<{ before: ProductPricingInput; after: ProductPricingInput }> {
  const before = await readProductPricing(tx, productId);
  if (!Number.isInteger(input.packSize) || input.packSize < 1 || input.packSize > PACK_SIZE_MAX)
    throw new DomainError("validation", `The pack size must be a whole number from 1 to ${PACK_SIZE_MAX}`, { field: "packSize", reason: "packSize" });
  const options = await tx
    .select({ id: productVariants.id, combinationId: productVariants.combinationId })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  const optionId = new Map(options.map((o) => [o.combinationId, o.id]));
  const seen = new Set<string | null>();
  const targets = input.ladders.map((ladder, i) => {
    if (seen.has(ladder.option))
      throw new DomainError("validation", "An option has two ladders", {
        field: "priceBreaks",
        reason: "duplicateOption",
        problems: [{ path: `ladders.${i}.option`, problem: "duplicateOption" }],
      });
    seen.add(ladder.option);
    if (ladder.option === null) return null;
    const id = optionId.get(ladder.option);
    if (id === undefined)
      throw new DomainError("validation", `The product has no option ${ladder.option}`, {
        field: "priceBreaks",
        reason: "unknownOption",
        problems: [{ path: `ladders.${i}.option`, problem: "unknownOption" }],
      });
    return id;
  });
  await tx.update(products).set({ packSize: input.packSize }).where(eq(products.id, productId));
  await tx.delete(priceBreaks).where(eq(priceBreaks.productId, productId));
  for (const [i, ladder] of input.ladders.entries()) await writeLadder(tx, productId, targets[i]!, ladder.breaks, `ladders.${i}.breaks.`);
  return { before, after: await readProductPricing(tx, productId) };
}

/**
 * The options' own ladders by combination id, read before a product's options are replaced (their
 * rows, and the breaks that name them, are deleted and written again); `restoreOptionBreaks` puts
 * them back on the options that stay.
 */
export async function optionBreaksByCombination(tx: Database, productId: number): Promise<Map<string, PriceBreak[]>> {
  const rows = rowsOf<{ combination_id: string; min_quantity: number; price: number }>(
    await tx.execute(sql`
      select v.combination_id, b.min_quantity, b.price
      from price_breaks b join product_variants v on v.id = b.variant_id
      where b.product_id = ${productId}`),
  );
  const out = new Map<string, PriceBreak[]>();
  for (const r of rows) out.set(r.combination_id, [...(out.get(r.combination_id) ?? []), { minQuantity: Number(r.min_quantity), price: Number(r.price) }]);
  return out;
}

export async function restoreOptionBreaks(tx: Database, productId: number, saved: Map<string, PriceBreak[]>): Promise<void> {
  if (!saved.size) return;
  const options = await tx
    .select({ id: productVariants.id, combinationId: productVariants.combinationId })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  const values = options.flatMap((o) => (saved.get(o.combinationId) ?? []).map((b) => ({ productId, variantId: o.id, ...b })));
  if (values.length) await tx.insert(priceBreaks).values(values);
}
