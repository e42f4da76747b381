import { and, asc, eq, lt, sql } from "drizzle-orm";
import { DEFAULT_VARIANT_ID } from "@/lib/variants";
import type { Cart, CartItem } from "@/lib/guest-cart";
import { unitPriceAt, type ShopTier } from "@/lib/price-breaks";
import { rowsOf, withTransaction, type Database } from "../db";
import { DomainError } from "../errors";
import { onSale } from "../catalog/products";
import { laddersFor } from "../catalog/price-breaks";
import { createSettingsService, type SettingsService } from "../settings/settings";
import { cartItems, cartLines, cartMerges, productVariants, products } from "../db/schema";

export const MAX_LINE_QUANTITY = 999;
export const OUT_OF_STOCK = "Product out of stock";
/**
 * The most distinct lines (product and variant) one merge adds. A merge locks every product it
 * touches until it commits, so its size bounds how long other shoppers' adds of those products wait.
 */
export const MAX_MERGE_LINES = 100;
/**
 * The most lines one merge request may send before summing repeats; past it the request is refused.
 * It bounds the work of reading the request and the size of the stored answer (dropped lines
 * included) that a retry gets back.
 */
export const MAX_MERGE_REQUEST_LINES = 500;
/** How long a merge id is kept: a retried sign-in comes within minutes, never a day later. */
export const MERGE_ID_TTL_HOURS = 24;

const DEFAULT_FOR_VARIANT_PRODUCT = "This product has options: choose one (variantId) to add it";

const itemNotFound = () => new DomainError("not-found", "Cart item not found");

export type AddOutcome = { quantity: number; added: number; partialStock: boolean; message: string | null };

/**
 * Locks the product row for the rest of the transaction, then resolves the line's variant: the
 * stock and price a line may use always come from here, never from the client.
 */
async function lockedStock(tx: Database, productId: number, variantId: string): Promise<{ stock: number }> {
  const [product] = await tx
    .select({
      id: products.id,
      stock: products.stockQuantity,
      // spelled out: Drizzle writes a one-table select's columns unqualified, and a bare "id" in the
      // subquery would be the variant's own id
      hasVariants: sql<boolean>`exists (select 1 from product_variants v where v.product_id = products.id)`,
      // back-orders: beyond its stock while the shop knows when more comes (placing the order checks the date again)
      backOrderable: sql<boolean>`(products.allow_backorder and (products.on_demand_weeks is not null or products.incoming_date >= current_date))`,
    })
    .from(products)
    .where(and(eq(products.id, productId), onSale))
    .for("update");
  if (!product) throw new DomainError("not-found", "Product not found");
  // "default" is the line of a product without options: for one with options it would be priced at
  // the cheapest option while counted against the product's own stock.
  if (variantId === DEFAULT_VARIANT_ID && product.hasVariants) throw new DomainError("invalid-variant", DEFAULT_FOR_VARIANT_PRODUCT);
  if (variantId === DEFAULT_VARIANT_ID) return { stock: product.backOrderable ? MAX_LINE_QUANTITY : product.stock };
  const [variant] = await tx
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.combinationId, variantId)));
  if (!variant) throw new DomainError("invalid-variant", "variantId is not a valid combination for this product");
  return { stock: product.backOrderable ? MAX_LINE_QUANTITY : variant.stock };
}

/**
 * What the shopper's cart already holds of a line. A statement of its own, after the lock: under
 * READ COMMITTED it sees what a parallel add committed while this one waited for the row lock.
 */
async function quantityInCart(tx: Database, userId: number, productId: number, variantId: string): Promise<number> {
  const [row] = await tx
    .select({ quantity: cartLines.quantity })
    .from(cartItems)
    .innerJoin(cartLines, and(eq(cartLines.itemId, cartItems.id), eq(cartLines.variantId, variantId)))
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
  return row?.quantity ?? 0;
}

/** Creates the cart item if needed and sets the line, in one statement. */
async function writeLine(tx: Database, userId: number, productId: number, variantId: string, quantity: number): Promise<void> {
  await tx.execute(sql`
    with item as (
      insert into cart_items (user_id, product_id) values (${userId}, ${productId})
      on conflict (user_id, product_id) do update set updated_at = now()
      returning id)
    insert into cart_lines (item_id, variant_id, quantity) select id, ${variantId}, ${quantity} from item
    on conflict (item_id, variant_id) do update set quantity = excluded.quantity`);
}

/** Adds inside a transaction: the line never goes above the stock, parallel adds never lose one. */
async function addLine(tx: Database, userId: number, productId: number, variantId: string, quantity: number): Promise<AddOutcome> {
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
  return withTransaction(db, (tx) => addLine(tx, userId, line.productId, line.variantId, line.quantity));
}

/** Sets one line (0 removes it); above the stock it is set to the stock, with a message. */
export function setLineQuantity(
  db: Database,
  userId: number,
  itemId: number,
  variantId: string,
  quantity: number,
): Promise<{ quantity: number; message: string | null }> {
  return withTransaction(db, async (tx) => {
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

async function removeLineTx(tx: Database, itemId: number, variantId: string): Promise<void> {
  await tx.delete(cartLines).where(and(eq(cartLines.itemId, itemId), eq(cartLines.variantId, variantId)));
  await tx.delete(cartItems).where(and(eq(cartItems.id, itemId), sql`not exists (select 1 from cart_lines l where l.item_id = ${cartItems.id})`));
}

export async function removeLine(db: Database, userId: number, itemId: number, variantId: string): Promise<void> {
  await withTransaction(db, async (tx) => {
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
  dropped: { productId: number; variantId: string; reason: MergeDropReason }[];
}

/** Why a guest line was not added: the product is gone, the variant is not one it has, no stock, or past the merge's line cap. */
export type MergeDropReason = "not-found" | "invalid-variant" | "out-of-stock" | "too-many-lines";

/** One key per cart line; the product id is a number, so the first colon ends it. */
const lineKey = (productId: number, variantId: string) => `${productId}:${variantId}`;

/**
 * Sums repeated lines (the same product and variant) and keeps the first MAX_MERGE_LINES distinct
 * ones, in the guest cart's order; the rest come back as dropped with reason too-many-lines.
 */
export function capMergeLines(lines: readonly GuestLine[]): { kept: GuestLine[]; overflow: GuestLine[] } {
  const byKey = new Map<string, GuestLine>();
  for (const line of lines) {
    const key = lineKey(line.productId, line.variantId);
    const seen = byKey.get(key);
    if (seen) seen.quantity += line.quantity;
    else byKey.set(key, { ...line });
  }
  const all = [...byKey.values()];
  return { kept: all.slice(0, MAX_MERGE_LINES), overflow: all.slice(MAX_MERGE_LINES) };
}

/**
 * Adds a guest cart's lines under the same price and stock rules as one add, in a fixed number of
 * statements whatever the number of lines: lock the products (in id order, so two merges or a merge
 * and an add touching the same products never deadlock), then read the variants' stock and what the
 * cart already holds (a statement of its own after the locks, so it sees what a parallel add
 * committed while this one waited), decide every line here, and write them all in one statement.
 * The merge id is recorded in the same transaction, so a retried sign-in with the same id changes
 * nothing and gets the first answer.
 */
export function mergeGuestCart(db: Database, userId: number, mergeId: string, lines: GuestLine[]): Promise<MergeResult & { repeated: boolean }> {
  const { kept, overflow } = capMergeLines(lines);
  return withTransaction(db, async (tx) => {
    const claimed = await tx.insert(cartMerges).values({ userId, mergeId, result: {} }).onConflictDoNothing().returning({ mergeId: cartMerges.mergeId });
    if (!claimed.length) {
      const [previous] = await tx
        .select({ result: cartMerges.result })
        .from(cartMerges)
        .where(and(eq(cartMerges.userId, userId), eq(cartMerges.mergeId, mergeId)));
      return { ...(previous?.result as MergeResult), repeated: true };
    }
    const result: MergeResult = { merged: [], dropped: [] };
    const sorted = [...kept].sort((a, b) => a.productId - b.productId || a.variantId.localeCompare(b.variantId));
    const input = JSON.stringify(sorted.map((l) => ({ product_id: l.productId, variant_id: l.variantId })));

    const productIds = [...new Set(sorted.map((l) => l.productId))];
    const locked = productIds.length
      ? rowsOf<{ id: number; stock: number; has_variants: boolean; back_orderable: boolean }>(
          await tx.execute(sql`
            select p.id, p.stock_quantity as stock, exists (select 1 from product_variants v where v.product_id = p.id) as has_variants,
              (p.allow_backorder and (p.on_demand_weeks is not null or p.incoming_date >= current_date)) as back_orderable
            from products p
            where p.id in (select (e->>'product_id')::int from jsonb_array_elements(${input}::jsonb) e) and p.archived_at is null
            order by p.id
            for update of p`),
        )
      : [];
    const lineState = sorted.length
      ? rowsOf<{ product_id: number; variant_id: string; variant_stock: number | null; in_cart: number | null }>(
          await tx.execute(sql`
            with input as (select (e->>'product_id')::int as product_id, e->>'variant_id' as variant_id from jsonb_array_elements(${input}::jsonb) e)
            select input.product_id, input.variant_id, v.stock as variant_stock, l.quantity as in_cart
            from input
            left join product_variants v on v.product_id = input.product_id and v.combination_id = input.variant_id
            left join cart_items i on i.user_id = ${userId} and i.product_id = input.product_id
            left join cart_lines l on l.item_id = i.id and l.variant_id = input.variant_id`),
        )
      : [];

    const productsById = new Map(locked.map((p) => [Number(p.id), p]));
    const stateOf = new Map(lineState.map((r) => [lineKey(Number(r.product_id), r.variant_id), r]));
    const writes: { product_id: number; variant_id: string; quantity: number }[] = [];
    for (const line of sorted) {
      const product = productsById.get(line.productId);
      const state = stateOf.get(lineKey(line.productId, line.variantId));
      const drop = (reason: MergeDropReason) => result.dropped.push({ productId: line.productId, variantId: line.variantId, reason });
      if (!product) {
        drop("not-found");
        continue;
      }
      let stock: number;
      if (line.variantId === DEFAULT_VARIANT_ID) {
        if (product.has_variants) {
          drop("invalid-variant");
          continue;
        }
        stock = Number(product.stock);
      } else if (state?.variant_stock === null || state?.variant_stock === undefined) {
        drop("invalid-variant");
        continue;
      } else {
        stock = Number(state.variant_stock);
      }
      const inCart = Number(state?.in_cart ?? 0);
      // back-orders: beyond its stock, as one add allows (placing the order checks the date again)
      const room = (product.back_orderable ? MAX_LINE_QUANTITY : Math.min(stock, MAX_LINE_QUANTITY)) - inCart;
      if (room <= 0) {
        drop("out-of-stock");
        continue;
      }
      const added = Math.min(line.quantity, room);
      writes.push({ product_id: line.productId, variant_id: line.variantId, quantity: inCart + added });
      result.merged.push({ productId: line.productId, variantId: line.variantId, quantity: added, partialStock: added < line.quantity });
    }
    if (writes.length) {
      await tx.execute(sql`
        with input as (
          select * from jsonb_to_recordset(${JSON.stringify(writes)}::jsonb) as t(product_id int, variant_id text, quantity int)),
        item as (
          insert into cart_items (user_id, product_id) select distinct ${userId}::int, product_id from input
          on conflict (user_id, product_id) do update set updated_at = now()
          returning id, product_id)
        insert into cart_lines (item_id, variant_id, quantity)
        select item.id, input.variant_id, input.quantity from input join item on item.product_id = input.product_id
        on conflict (item_id, variant_id) do update set quantity = excluded.quantity`);
    }
    for (const line of overflow) result.dropped.push({ productId: line.productId, variantId: line.variantId, reason: "too-many-lines" });
    await tx
      .update(cartMerges)
      .set({ result })
      .where(and(eq(cartMerges.userId, userId), eq(cartMerges.mergeId, mergeId)));
    return { ...result, repeated: false };
  });
}

/** Deletes merge ids older than a retried sign-in can come (MERGE_ID_TTL_HOURS); returns how many. */
export async function pruneCartMerges(db: Database, olderThanHours: number = MERGE_ID_TTL_HOURS): Promise<number> {
  const removed = await db
    .delete(cartMerges)
    .where(lt(cartMerges.createdAt, sql`now() - make_interval(hours => ${olderThanHours})`))
    .returning({ mergeId: cartMerges.mergeId });
  return removed.length;
}

/**
 * The cart (items with their variant lines, totals), priced now from the catalogue: each line at
 * its quantity's price (its product's price breaks, else the shop's quantity tiers), with the
 * ladder it follows so the cart can say which, and what the next step would cost.
 */
export async function getCart(db: Database, userId: number, tiers: readonly ShopTier[]): Promise<Cart> {
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
      // an archived product left in a cart can no longer be bought: it shows as sold out
      stock: sql<number>`case when ${onSale} then ${products.stockQuantity} else 0 end`,
      sku: products.sku,
      freeDelivery: products.freeDelivery,
      sameDayDelivery: products.sameDayDelivery,
      variantPrice: productVariants.price,
      variantRowId: productVariants.id,
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

  const unitPrice = (r: (typeof rows)[number]) => (r.variantId === DEFAULT_VARIANT_ID ? (r.lowest ?? r.price) : (r.variantPrice ?? r.price));
  const ladders = await laddersFor(
    db,
    rows.map((r) => ({ productId: r.productId, variantRowId: r.variantId === DEFAULT_VARIANT_ID ? null : r.variantRowId, unitPrice: unitPrice(r) })),
    tiers,
  );
  const items = new Map<number, CartItem>();
  for (const [i, r] of rows.entries()) {
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
          same_day_delivery: r.sameDayDelivery,
        },
      };
      items.set(r.itemId, item);
    }
    const pricing = ladders[i]!;
    const price = unitPriceAt(pricing, r.quantity);
    item.variants.push({
      variantId: r.variantId,
      attributes: r.variantAttributes ?? {},
      quantity: r.quantity,
      price,
      sku: r.variantSku ?? r.sku,
      image: r.image,
      pricing,
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
/** `settings`: where the shop's quantity tiers come from (the process's cached settings of `db` unless given). */
export function createCartService(db: Database, settings: Pick<SettingsService, "get"> = createSettingsService(db)) {
  return {
    get: async (userId: number) => getCart(db, userId, (await settings.get()).bulkPricingTiers),
    add: (userId: number, line: { productId: number; variantId: string; quantity: number }) => addToCart(db, userId, line),
    setLine: (userId: number, itemId: number, variantId: string, quantity: number) => setLineQuantity(db, userId, itemId, variantId, quantity),
    removeLine: (userId: number, itemId: number, variantId: string) => removeLine(db, userId, itemId, variantId),
    clear: (userId: number) => clearCart(db, userId),
    merge: (userId: number, mergeId: string, lines: GuestLine[]) => mergeGuestCart(db, userId, mergeId, lines),
    /** deletes merge ids older than a retry can come; run by the services' hourly job */
    pruneMerges: () => pruneCartMerges(db),
    /** items in the cart (the header badge), without pricing the lines */
    count: (userId: number) => cartItemCount(db, userId),
  };
}

export type CartService = ReturnType<typeof createCartService>;
