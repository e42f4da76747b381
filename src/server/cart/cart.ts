import { and, asc, eq, sql } from "drizzle-orm";
import { DEFAULT_VARIANT_ID } from "@/lib/variants";
import type { Cart, CartItem } from "@/lib/guest-cart";
import type { Database } from "../db";
import { DomainError } from "../errors";
import { cartItems, cartLines, cartMerges, productVariants, products } from "../db/schema";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const MAX_LINE_QUANTITY = 999;
export const OUT_OF_STOCK = "Product out of stock";

const itemNotFound = () => new DomainError("not-found", "Cart item not found");

export type AddOutcome = { quantity: number; added: number; partialStock: boolean; message: string | null };

/**
 * Locks the product row for the rest of the transaction, then resolves the line's variant: the
 * stock and price a line may use always come from here, never from the client.
 */
async function lockedStock(tx: Tx, productId: number, variantId: string): Promise<{ stock: number }> {
  const [product] = await tx.select({ id: products.id, stock: products.stockQuantity }).from(products).where(eq(products.id, productId)).for("update");
  if (!product) throw new DomainError("not-found", "Product not found");
  if (variantId === DEFAULT_VARIANT_ID) return { stock: product.stock };
  const [variant] = await tx
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.combinationId, variantId)));
  if (!variant) throw new DomainError("invalid-variant", "variantId is not a valid combination for this product");
  return { stock: variant.stock };
}

/**
 * What the shopper's cart already holds of a line. A statement of its own, after the lock: under
 * READ COMMITTED it sees what a parallel add committed while this one waited for the row lock.
 */
async function quantityInCart(tx: Tx, userId: number, productId: number, variantId: string): Promise<number> {
  const [row] = await tx
    .select({ quantity: cartLines.quantity })
    .from(cartItems)
    .innerJoin(cartLines, and(eq(cartLines.itemId, cartItems.id), eq(cartLines.variantId, variantId)))
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
  return row?.quantity ?? 0;
}

/** Creates the cart item if needed and sets the line, in one statement. */
async function writeLine(tx: Tx, userId: number, productId: number, variantId: string, quantity: number): Promise<void> {
  await tx.execute(sql`
    with item as (
      insert into cart_items (user_id, product_id) values (${userId}, ${productId})
      on conflict (user_id, product_id) do update set updated_at = now()
      returning id)
    insert into cart_lines (item_id, variant_id, quantity) select id, ${variantId}, ${quantity} from item
    on conflict (item_id, variant_id) do update set quantity = excluded.quantity`);
}

/** Adds inside a transaction: the line never goes above the stock, parallel adds never lose one. */
async function addLine(tx: Tx, userId: number, productId: number, variantId: string, quantity: number): Promise<AddOutcome> {
  const { stock } = await lockedStock(tx, productId, variantId);
  const inCart = await quantityInCart(tx, userId, productId, variantId);
  const room = Math.min(stock, MAX_LINE_QUANTITY) - inCart;
  if (room <= 0) throw new DomainError("out-of-stock", OUT_OF_STOCK);
  const added = Math.min(quantity, room);
  await writeLine(tx, userId, productId, variantId, inCart + added);
  const partialStock = added < quantity;
  return { quantity: inCart + added, added, partialStock, message: partialStock ? `Only ${room} more available` : null };
}

export function addToCart(db: Database, userId: number, line: { productId: number; variantId: string; quantity: number }): Promise<AddOutcome> {
  return db.transaction((tx) => addLine(tx, userId, line.productId, line.variantId, line.quantity));
}

/** Sets one line (0 removes it); above the stock it is set to the stock, with a message. */
export function setLineQuantity(
  db: Database,
  userId: number,
  itemId: number,
  variantId: string,
  quantity: number,
): Promise<{ quantity: number; message: string | null }> {
  return db.transaction(async (tx) => {
    const [item] = await tx
      .select({ productId: cartItems.productId })
      .from(cartItems)
      .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)));
    if (!item) throw itemNotFound();
    const [line] = await tx
      .select({ id: cartLines.id })
      .from(cartLines)
      .where(and(eq(cartLines.itemId, itemId), eq(cartLines.variantId, variantId)));
    if (!line) throw itemNotFound();
    if (quantity === 0) {
      await removeLineTx(tx, itemId, variantId);
      return { quantity: 0, message: null };
    }
    const { stock } = await lockedStock(tx, item.productId, variantId);
    const allowed = Math.min(quantity, stock, MAX_LINE_QUANTITY);
    if (allowed <= 0) {
      await removeLineTx(tx, itemId, variantId);
      throw new DomainError("out-of-stock", OUT_OF_STOCK);
    }
    await tx.update(cartLines).set({ quantity: allowed }).where(eq(cartLines.id, line.id));
    return { quantity: allowed, message: allowed < quantity ? `Only ${allowed} available` : null };
  });
}

async function removeLineTx(tx: Tx, itemId: number, variantId: string): Promise<void> {
  await tx.delete(cartLines).where(and(eq(cartLines.itemId, itemId), eq(cartLines.variantId, variantId)));
  await tx.delete(cartItems).where(and(eq(cartItems.id, itemId), sql`not exists (select 1 from cart_lines l where l.item_id = ${cartItems.id})`));
}

export async function removeLine(db: Database, userId: number, itemId: number, variantId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [item] = await tx
      .select({ id: cartItems.id })
      .from(cartItems)
      .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)));
    if (!item) throw itemNotFound();
    const removed = await tx
      .delete(cartLines)
      .where(and(eq(cartLines.itemId, itemId), eq(cartLines.variantId, variantId)))
      .returning({ id: cartLines.id });
    if (!removed.length) throw itemNotFound();
    await tx.delete(cartItems).where(and(eq(cartItems.id, itemId), sql`not exists (select 1 from cart_lines l where l.item_id = ${cartItems.id})`));
  });
}

export async function clearCart(db: Database, userId: number): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
}

export interface GuestLine {
  productId: number;
  variantId: string;
  quantity: number;
}

export interface MergeResult {
  merged: { productId: number; variantId: string; quantity: number; partialStock: boolean }[];
  dropped: { productId: number; variantId: string; reason: string }[];
}

/**
 * Adds a guest cart's lines under the same price and stock rules. The merge id is recorded in the
 * same transaction, so a retried sign-in with the same id changes nothing and gets the first answer.
 */
export function mergeGuestCart(db: Database, userId: number, mergeId: string, lines: GuestLine[]): Promise<MergeResult & { repeated: boolean }> {
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(cartMerges).values({ userId, mergeId, result: {} }).onConflictDoNothing().returning({ mergeId: cartMerges.mergeId });
    if (!claimed.length) {
      const [previous] = await tx
        .select({ result: cartMerges.result })
        .from(cartMerges)
        .where(and(eq(cartMerges.userId, userId), eq(cartMerges.mergeId, mergeId)));
      return { ...(previous?.result as MergeResult), repeated: true };
    }
    const result: MergeResult = { merged: [], dropped: [] };
    // lock products in id order: two merges touching the same products never deadlock
    for (const line of [...lines].sort((a, b) => a.productId - b.productId || a.variantId.localeCompare(b.variantId))) {
      try {
        const outcome = await addLine(tx, userId, line.productId, line.variantId, line.quantity);
        result.merged.push({ productId: line.productId, variantId: line.variantId, quantity: outcome.added, partialStock: outcome.partialStock });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        result.dropped.push({ productId: line.productId, variantId: line.variantId, reason: error.code });
      }
    }
    await tx
      .update(cartMerges)
      .set({ result })
      .where(and(eq(cartMerges.userId, userId), eq(cartMerges.mergeId, mergeId)));
    return { ...result, repeated: false };
  });
}

/** The cart (items with their variant lines, totals), priced now from the catalogue. */
export async function getCart(db: Database, userId: number): Promise<Cart> {
  const rows = await db
    .select({
      itemId: cartItems.id,
      productId: cartItems.productId,
      createdAt: cartItems.createdAt,
      updatedAt: cartItems.updatedAt,
      variantId: cartLines.variantId,
      quantity: cartLines.quantity,
      name: products.name,
      image: products.image,
      price: products.price,
      originalPrice: products.originalPrice,
      stock: products.stockQuantity,
      sku: products.sku,
      freeDelivery: products.freeDelivery,
      variantPrice: productVariants.price,
      variantSku: productVariants.sku,
      variantAttributes: productVariants.attributes,
      lowest: sql<number | null>`(select min(v.price) from product_variants v where v.product_id = ${products.id})`,
    })
    .from(cartItems)
    .innerJoin(cartLines, eq(cartLines.itemId, cartItems.id))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(productVariants, and(eq(productVariants.productId, cartItems.productId), eq(productVariants.combinationId, cartLines.variantId)))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id), asc(cartLines.id));

  const items = new Map<number, CartItem>();
  for (const r of rows) {
    let item = items.get(r.itemId);
    if (!item) {
      item = {
        id: String(r.itemId),
        productId: r.productId,
        variants: [],
        totalQuantity: 0,
        totalPrice: 0,
        currency: "TZS",
        appliedDiscount: 0,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
        product: {
          id: r.productId,
          name: r.name,
          image: r.image,
          price: r.price,
          original_price: r.originalPrice,
          in_stock: r.stock > 0,
          stock_quantity: r.stock,
          sku: r.sku,
          free_delivery: r.freeDelivery,
        },
      };
      items.set(r.itemId, item);
    }
    const price = r.variantId === DEFAULT_VARIANT_ID ? (r.lowest ?? r.price) : (r.variantPrice ?? r.price);
    item.variants.push({
      variantId: r.variantId,
      attributes: r.variantAttributes ?? {},
      quantity: r.quantity,
      price,
      sku: r.variantSku ?? r.sku,
      image: r.image,
    });
    item.totalQuantity += r.quantity;
    item.totalPrice += r.quantity * price;
  }
  const list = [...items.values()];
  return { items: list, totals: { subtotal: list.reduce((n, i) => n + i.totalPrice, 0), total_items: list.reduce((n, i) => n + i.totalQuantity, 0) } };
}

/** How many items the cart holds (the header badge), without pricing the lines. */
export async function cartItemCount(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
    .from(cartItems)
    .innerJoin(cartLines, eq(cartLines.itemId, cartItems.id))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId));
  return Number(row?.count ?? 0);
}

/** The signed-in shopper's cart: priced and stock-checked here, whatever the browser sends. */
export function createCartService(db: Database) {
  return {
    get: (userId: number) => getCart(db, userId),
    add: (userId: number, line: { productId: number; variantId: string; quantity: number }) => addToCart(db, userId, line),
    setLine: (userId: number, itemId: number, variantId: string, quantity: number) => setLineQuantity(db, userId, itemId, variantId, quantity),
    removeLine: (userId: number, itemId: number, variantId: string) => removeLine(db, userId, itemId, variantId),
    clear: (userId: number) => clearCart(db, userId),
    merge: (userId: number, mergeId: string, lines: GuestLine[]) => mergeGuestCart(db, userId, mergeId, lines),
    /** items in the cart (the header badge), without pricing the lines */
    count: (userId: number) => cartItemCount(db, userId),
  };
}

export type CartService = ReturnType<typeof createCartService>;
