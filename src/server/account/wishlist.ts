import { and, count, desc, eq } from "drizzle-orm";
import { WISHLIST_MAX } from "@/lib/account";
import type { Product } from "@/lib/product";
import { onSale, productColumns } from "../catalog/products";
import { toProduct, type ProductRow } from "../catalog/to-product";
import type { Database } from "../db";
import { products, wishlistItems } from "../db/schema";
import { DomainError } from "../errors";

export interface WishlistEntry {
  product: Product;
  addedAt: string;
}

/** A shopper's wishlist: products kept for later, one row per product, newest first. */
export function createWishlistService(db: Database) {
  /** The product ids on the list: what the hearts of a page need, in one small answer. */
  async function ids(userId: number): Promise<number[]> {
    const rows = await db
      .select({ productId: wishlistItems.productId })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, userId))
      .orderBy(desc(wishlistItems.createdAt));
    return rows.map((r) => r.productId);
  }

  /** The list with each product as the catalogue has it now (price and stock of today, not of the day it was added). */
  async function list(userId: number): Promise<WishlistEntry[]> {
    const rows = await db
      .select({ ...productColumns, addedAt: wishlistItems.createdAt })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(eq(wishlistItems.userId, userId))
      .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
    return rows.map(({ addedAt, ...row }) => ({ product: toProduct(row as ProductRow), addedAt: addedAt.toISOString() }));
  }

  /** Adds a product (a second add changes nothing); `not-found` for a product that does not exist, `validation` past the list's size. */
  async function add(userId: number, productId: number): Promise<{ added: boolean }> {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), onSale));
    if (!product) throw new DomainError("not-found", "Product not found");
    const [held] = await db.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.userId, userId));
    if ((held?.n ?? 0) >= WISHLIST_MAX)
      throw new DomainError("validation", `A wishlist holds at most ${WISHLIST_MAX} products`, { field: "wishlist", max: WISHLIST_MAX });
    const inserted = await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing().returning({ productId: wishlistItems.productId });
    return { added: inserted.length > 0 };
  }

  async function remove(userId: number, productId: number): Promise<{ removed: boolean }> {
    const deleted = await db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
      .returning({ productId: wishlistItems.productId });
    return { removed: deleted.length > 0 };
  }

  async function clear(userId: number): Promise<{ removed: number }> {
    const deleted = await db.delete(wishlistItems).where(eq(wishlistItems.userId, userId)).returning({ productId: wishlistItems.productId });
    return { removed: deleted.length };
  }

  async function countFor(userId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.userId, userId));
    return row?.n ?? 0;
  }

  return { ids, list, add, remove, clear, count: countFor };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
