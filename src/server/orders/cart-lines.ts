import { sql } from "drizzle-orm";
import type { IncomingStock } from "@/lib/back-orders";
import { unitPriceAt, type PriceSource, type ShopTier } from "@/lib/price-breaks";
import { DEFAULT_VARIANT_ID } from "@/lib/variants";
import { laddersFor } from "../catalog/price-breaks";
import { rowsOf, type Database } from "../db";

/** A cart line as an order needs it: priced and stock-checked from the catalogue, never from the browser. */
export interface CheckoutLine {
  productId: number;
  variantId: string;
  quantity: number;
  name: string;
  sku: string;
  attributes: Record<string, string>;
  /** each unit's price at the line's quantity (its price break, or the shop's tier) */
  unitPrice: number;
  /** the price of one unit bought alone */
  listPrice: number;
  /** whose quantity prices set `unitPrice`: the product's own breaks, the shop's tiers, or none */
  priceSource: PriceSource;
  stock: number;
  freeDelivery: boolean;
  sameDayDelivery: boolean;
  /** back-orders: the product may be ordered beyond its stock, and what the shop knows of its coming stock */
  allowBackorder: boolean;
  incoming: IncomingStock;
}

interface Row {
  product_id: number;
  variant_id: string;
  quantity: number;
  name: string;
  sku: string;
  variant_sku: string | null;
  variant_row_id: number | null;
  attributes: Record<string, string> | null;
  price: number;
  variant_price: number | null;
  stock: number;
  variant_stock: number | null;
  has_variant: boolean;
  free_delivery: boolean;
  same_day_delivery: boolean;
  allow_backorder: boolean;
  incoming_quantity: number | null;
  incoming_date: string | null;
  on_demand_weeks: number | null;
}

/** A line a guest's browser sends (its cart lives there): only what is wanted, never a price. */
export interface RequestedLine {
  productId: number;
  variantId: string;
  quantity: number;
}

/** Whose lines an order is made of: a signed-in shopper's cart in the database, or a guest's lines sent with the request. */
export type LineSource = { userId: number } | { lines: readonly RequestedLine[] };

/** A guest's lines with the same product and option once, quantities added (capped as a cart line is). */
export function mergeRequestedLines(lines: readonly RequestedLine[]): RequestedLine[] {
  const merged = new Map<string, RequestedLine>();
  for (const line of lines) {
    const key = `${line.productId}:${line.variantId}`;
    const seen = merged.get(key);
    merged.set(key, { ...line, quantity: Math.min(999, (seen?.quantity ?? 0) + line.quantity) });
  }
  return [...merged.values()];
}

/**
 * The lines with today's prices (at each line's quantity: its product's price breaks, else the
 * shop's quantity tiers) and stock. `lock` takes the product and variant rows for update, in
 * product order (so two orders never wait on each other in a cycle): inside the placing
 * transaction, stock read here cannot change before it is decremented.
 */
export async function readCheckoutLines(db: Database, source: LineSource, lock: boolean, tiers: readonly ShopTier[]): Promise<CheckoutLine[]> {
  // a guest's lines as rows (jsonb, so both drivers pass one parameter), in the order sent
  const wanted =
    "userId" in source
      ? sql`select ci.product_id, cl.variant_id, cl.quantity, ci.product_id as sort_product, cl.id as sort_line
            from cart_items ci join cart_lines cl on cl.item_id = ci.id where ci.user_id = ${source.userId}`
      : sql`select l."productId" as product_id, l."variantId" as variant_id, l.quantity, l."productId" as sort_product, l.ord as sort_line
            from jsonb_to_recordset(${JSON.stringify(mergeRequestedLines(source.lines).map((l, ord) => ({ ...l, ord })))}::jsonb)
              as l("productId" int, "variantId" text, quantity int, ord int)`;
  if (lock) {
    await db.execute(sql`
      select p.id from products p
      where p.id in (select w.product_id from (${wanted}) w)
      order by p.id for update of p`);
  }
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select w.product_id, w.variant_id, w.quantity, p.name, p.sku, v.sku as variant_sku, v.id as variant_row_id, v.attributes,
             p.price, v.price as variant_price,
             -- an archived product cannot be ordered: its stock counts as none
             case when p.archived_at is null then p.stock_quantity else 0 end as stock,
             case when p.archived_at is null then v.stock else 0 end as variant_stock,
             (v.id is not null) as has_variant, p.free_delivery, p.same_day_delivery,
             (p.allow_backorder and p.archived_at is null) as allow_backorder, p.incoming_quantity,
             to_char(p.incoming_date, 'YYYY-MM-DD') as incoming_date, p.on_demand_weeks
      from (${wanted}) w
      join products p on p.id = w.product_id
      left join product_variants v on v.product_id = w.product_id and v.combination_id = w.variant_id
      order by w.sort_product, w.sort_line`),
  );
  const kept = rows.filter((r) => r.variant_id === DEFAULT_VARIANT_ID || r.has_variant);
  const listPrice = (r: Row) => Number(r.variant_id === DEFAULT_VARIANT_ID ? r.price : (r.variant_price ?? r.price));
  const ladders = await laddersFor(
    db,
    kept.map((r) => ({
      productId: Number(r.product_id),
      variantRowId: r.variant_id === DEFAULT_VARIANT_ID || r.variant_row_id === null ? null : Number(r.variant_row_id),
      unitPrice: listPrice(r),
    })),
    tiers,
  );
  return kept.map((r, i) => ({
    productId: Number(r.product_id),
    variantId: r.variant_id,
    quantity: Number(r.quantity),
    name: r.name,
    sku: r.variant_sku ?? r.sku,
    attributes: r.attributes ?? {},
    unitPrice: unitPriceAt(ladders[i]!, Number(r.quantity)),
    listPrice: listPrice(r),
    priceSource: ladders[i]!.source,
    stock: Number(r.variant_id === DEFAULT_VARIANT_ID ? r.stock : (r.variant_stock ?? 0)),
    freeDelivery: !!r.free_delivery,
    sameDayDelivery: !!r.same_day_delivery,
    allowBackorder: !!r.allow_backorder,
    incoming: {
      incomingQuantity: r.incoming_quantity === null ? null : Number(r.incoming_quantity),
      incomingDate: r.incoming_date,
      onDemandWeeks: r.on_demand_weeks === null ? null : Number(r.on_demand_weeks),
    },
  }));
}
