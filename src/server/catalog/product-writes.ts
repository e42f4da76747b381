import { eq, sql } from "drizzle-orm";
import type { Database } from "../db";
import { products } from "../db/schema";
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

function wholeShillings(value: number | undefined, field: string): void {
  if (value !== undefined && (!Number.isSafeInteger(value) || value < 0))
    throw new DomainError("invalid-input", `${field} must be a whole number of shillings, not negative`);
}

/**
 * Writes a product's new price or stock and answers its values before and after, without touching
 * the caches: inside a transaction, the caller drops them after the commit (a reader in between
 * would otherwise cache the old values again). The "was" price never falls below the price (a deal
 * is only a real one). The row is locked, so two admins' changes apply one after the other.
 */
export async function applyProductChanges(db: Database, id: number, changes: ProductChanges): Promise<{ before: ProductValues; after: ProductValues }> {
  wholeShillings(changes.price, "price");
  wholeShillings(changes.originalPrice, "originalPrice");
  if (changes.stockQuantity !== undefined && (!Number.isSafeInteger(changes.stockQuantity) || changes.stockQuantity < 0))
    throw new DomainError("invalid-input", "stockQuantity must be a whole number, not negative");
  const values = { price: products.price, originalPrice: products.originalPrice, stockQuantity: products.stockQuantity };
  const [before] = await db.select(values).from(products).where(eq(products.id, id)).for("update");
  if (!before) throw new DomainError("not-found", "No such product");
  const set: Record<string, unknown> = { updatedAt: sql`now()` };
  if (changes.price !== undefined) set.price = changes.price;
  if (changes.stockQuantity !== undefined) set.stockQuantity = changes.stockQuantity;
  const price = changes.price !== undefined ? sql`${changes.price}::int` : sql`${products.price}`;
  const was = changes.originalPrice !== undefined ? sql`${changes.originalPrice}::int` : sql`${products.originalPrice}`;
  set.originalPrice = sql`greatest(${was}, ${price})`;
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
