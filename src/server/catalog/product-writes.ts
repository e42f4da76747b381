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

function wholeShillings(value: number | undefined, field: string): void {
  if (value !== undefined && (!Number.isSafeInteger(value) || value < 0))
    throw new DomainError("invalid-input", `${field} must be a whole number of shillings, not negative`);
}

/**
 * Changes a product's price or stock, then drops every cached page and listing built from the
 * old values (the `catalog` tag), so the next render of /products and of the product's page shows
 * the new ones. The "was" price never falls below the price (a deal is only a real one).
 */
export async function updateProduct(db: Database, id: number, changes: ProductChanges): Promise<void> {
  wholeShillings(changes.price, "price");
  wholeShillings(changes.originalPrice, "originalPrice");
  if (changes.stockQuantity !== undefined && (!Number.isSafeInteger(changes.stockQuantity) || changes.stockQuantity < 0))
    throw new DomainError("invalid-input", "stockQuantity must be a whole number, not negative");
  const set: Record<string, unknown> = { updatedAt: sql`now()` };
  if (changes.price !== undefined) set.price = changes.price;
  if (changes.stockQuantity !== undefined) set.stockQuantity = changes.stockQuantity;
  const price = changes.price !== undefined ? sql`${changes.price}::int` : sql`${products.price}`;
  const was = changes.originalPrice !== undefined ? sql`${changes.originalPrice}::int` : sql`${products.originalPrice}`;
  set.originalPrice = sql`greatest(${was}, ${price})`;
  const updated = await db.update(products).set(set).where(eq(products.id, id)).returning({ id: products.id });
  if (!updated.length) throw new DomainError("not-found", "No such product");
  invalidateTags("catalog");
}
