import { eq, sql } from "drizzle-orm";
import { wasPriceAfterPriceChange, wasPriceInForce } from "@/lib/was-price";
import type { Database } from "../db";
import { productChanges, products } from "../db/schema";
import { DomainError } from "../errors";
import { invalidateTags } from "../cache/tagged-cache";

/** What a shop may change on a product today: its price (and the "was" price of a deal) and its stock. */
export interface ProductChanges {
  price?: number;
  originalPrice?: number;
  stockQuantity?: number;
}

/** A product's changeable values, before or after a change. */
export interface ProductValues {
  price: number;
  originalPrice: number;
  stockQuantity: number;
}

/**
 * The fields whose value a change really moved, as {before, after}; the "was" price as the one in
 * force (0 for none), so a price change on a product without one records no "was" price.
 */
export function differences(before: ProductValues, after: ProductValues): Record<string, { before: number; after: number }> {
  const out: Record<string, { before: number; after: number }> = {};
  const shown = (values: ProductValues) => ({ ...values, originalPrice: wasPriceInForce(values.price, values.originalPrice) });
  const [from, to] = [shown(before), shown(after)];
  for (const key of ["price", "originalPrice", "stockQuantity"] as const) if (from[key] !== to[key]) out[key] = { before: from[key], after: to[key] };
  return out;
}

function wholeShillings(value: number | undefined, field: string): void {
  if (value !== undefined && (!Number.isSafeInteger(value) || value < 0))
    throw new DomainError("invalid-input", `${field} must be a whole number of shillings, not negative`);
}

/**
 * The prices a product has had, as its change history shows them (each price change's before and
 * after), dearest first: with its price of today, the only values its "was" price may take.
 */
export async function pastPrices(db: Database, id: number): Promise<number[]> {
  const rows = await db
    .select({ price: productChanges.changes })
    .from(productChanges)
    .where(sql`${productChanges.productId} = ${id} and ${productChanges.changes} -> 'price' is not null`);
  const prices = new Set<number>();
  for (const { price } of rows) for (const value of [price.price?.before, price.price?.after]) if (Number.isSafeInteger(value)) prices.add(value!);
  return [...prices].sort((a, b) => b - a);
}

/**
 * The "was" price a change stores. Named by the admin: 0 (or the price itself) for none, else a
 * price above the new price that the product really had (its history shows it, or it is the price
 * the same change lowers); one already in force may stay as it is. Not named: what `wasPriceAfterPriceChange` keeps (a price change never
 * makes or raises one).
 */
export async function checkWasPrice(db: Database, id: number, before: ProductValues, newPrice: number, asked: number | undefined): Promise<number> {
  if (asked === undefined) return wasPriceAfterPriceChange(before, newPrice);
  if (asked === 0 || asked === newPrice) return newPrice;
  if (asked < newPrice)
    throw new DomainError("validation", `The "was" price (${asked}) must be above the price (${newPrice}), or 0 for none`, {
      field: "originalPrice",
      reason: "wasPriceNotAbovePrice",
    });
  // the one in force, named again (a CSV export sent back): nothing is being set
  if (asked === before.originalPrice && before.originalPrice > before.price) return asked;
  // today's price is one it really has, when the same change lowers the price below it
  if (asked !== before.price && !(await pastPrices(db, id)).includes(asked))
    throw new DomainError("validation", `The product never had the price ${asked}: a "was" price must be a price from its history`, {
      field: "originalPrice",
      reason: "wasPriceNeverCharged",
    });
  return asked;
}

/**
 * Writes a product's new price or stock and answers its values before and after, without touching
 * the caches: inside a transaction, the caller drops them after the commit (a reader in between
 * would otherwise cache the old values again). The "was" price is only ever one the admin named,
 * from the product's history, above the price (see `checkWasPrice`). The row is locked, so two
 * admins' changes apply one after the other.
 */
export async function applyProductChanges(db: Database, id: number, changes: ProductChanges): Promise<{ before: ProductValues; after: ProductValues }> {
  wholeShillings(changes.price, "price");
  wholeShillings(changes.originalPrice, "originalPrice");
  if (changes.stockQuantity !== undefined && (!Number.isSafeInteger(changes.stockQuantity) || changes.stockQuantity < 0))
    throw new DomainError("invalid-input", "stockQuantity must be a whole number, not negative");
  const values = { price: products.price, originalPrice: products.originalPrice, stockQuantity: products.stockQuantity };
  const [before] = await db.select(values).from(products).where(eq(products.id, id)).for("update");
  if (!before) throw new DomainError("not-found", "No such product");
  const price = changes.price ?? before.price;
  const set: Record<string, unknown> = {
    updatedAt: sql`now()`,
    price,
    originalPrice: await checkWasPrice(db, id, before, price, changes.originalPrice),
  };
  if (changes.stockQuantity !== undefined) set.stockQuantity = changes.stockQuantity;
  const [after] = await db.update(products).set(set).where(eq(products.id, id)).returning(values);
  return { before, after: after! };
}

/**
 * Changes a product's price or stock, then drops every cached page and listing built from the
 * old values (the `catalog` tag), so the next render of /products and of the product's page shows
 * the new ones.
 */
export async function updateProduct(db: Database, id: number, changes: ProductChanges): Promise<void> {
  await applyProductChanges(db, id, changes);
  invalidateTags("catalog");
}
