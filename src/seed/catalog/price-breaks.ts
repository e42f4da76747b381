import { inArray } from "drizzle-orm";
import { checkLadder, packSizeFromName, type PriceBreak } from "@/lib/price-breaks";
import type { Database } from "@/server/db";
import { priceBreaks, products } from "@/server/db/schema";
import type { SeedProduct } from "../types";

/**
 * The demo catalogue's prices by quantity, where distributors have them: the parts bought by the
 * dozen or hundred (passive components, semiconductors and LEDs, connectors and cables sold by the
 * piece or pack), not kits or assortments, nor the dear items bought one at a time. 10+ about 8 %
 * off and 100+ about 18 % off, rounded to 50 shillings below TSh 5,000 and to 100 above. A product
 * with options gets a ladder per option, from that option's own price.
 */
const BREAK_CATEGORIES = new Set(["passive-components", "semiconductors-leds", "cables-connectors"]);
const BREAK_PRICE_MAX = 50_000;

function roundedOff(price: number, percent: number): number {
  const step = price < 5_000 ? 50 : 100;
  return Math.round((price * (100 - percent)) / 100 / step) * step;
}

/** The demo ladder of a product (or one of its options) at a one-unit price; none where the shop would have none. */
export function seedLadder(product: Pick<SeedProduct, "categorySlug" | "name">, price: number): PriceBreak[] {
  if (!BREAK_CATEGORIES.has(product.categorySlug) || price > BREAK_PRICE_MAX || /\b(kit|assortment)\b/i.test(product.name)) return [];
  const checked = checkLadder(price, [
    { minQuantity: 10, price: roundedOff(price, 8) },
    { minQuantity: 100, price: roundedOff(price, 18) },
  ]);
  return checked.ok ? checked.breaks : [];
}

/**
 * Writes the demo ladders and each product's pack size as its name states it ("Pack of 100" is a
 * unit of 100 pieces). Returns how many breaks were written.
 */
export async function seedPriceBreaks(
  db: Database,
  seedProducts: readonly SeedProduct[],
  idBySku: ReadonlyMap<string, number>,
  variantIds: ReadonlyMap<string, number>,
): Promise<number> {
  const rows: (typeof priceBreaks.$inferInsert)[] = [];
  const bySize = new Map<number, number[]>();
  for (const p of seedProducts) {
    const productId = idBySku.get(p.sku)!;
    if (p.variants?.length)
      for (const v of p.variants) {
        const variantId = variantIds.get(v.sku);
        if (variantId !== undefined) rows.push(...seedLadder(p, v.price).map((b) => ({ productId, variantId, ...b })));
      }
    else rows.push(...seedLadder(p, p.price).map((b) => ({ productId, variantId: null, ...b })));
    const size = packSizeFromName(p.name);
    if (size > 1) bySize.set(size, [...(bySize.get(size) ?? []), productId]);
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(priceBreaks).values(rows.slice(i, i + 1000));
  for (const [size, ids] of bySize) await db.update(products).set({ packSize: size }).where(inArray(products.id, ids));
  return rows.length;
}
