import { sql } from "drizzle-orm";
import type { PopularBasis } from "@/lib/reviews";
import { rowsOf, type Database } from "../db";
import { cachedPopularThreshold } from "./catalog-cache";

/**
 * The "Popular" badge's threshold: the reviews (or sales) of the product at the edge of the
 * catalogue's top `topPercent` % (archived products apart), so a product at or above it is in the
 * top share; null for an empty catalogue. Two indexed reads (the count, then one row read down the
 * (reviews, id) or (sales_count, id) index), kept five minutes and dropped with the catalogue.
 */
export async function popularThreshold(db: Database, popular: { basis: PopularBasis; topPercent: number }): Promise<number | null> {
  const { threshold } = await cachedPopularThreshold(`${popular.basis}:${popular.topPercent}`, async () => {
    const [counted] = rowsOf<{ total: number }>(await db.execute(sql`select count(*)::int as total from products where archived_at is null`));
    const total = Number(counted?.total ?? 0);
    if (total === 0) return { threshold: null };
    const rank = Math.max(1, Math.ceil((total * popular.topPercent) / 100));
    const column = popular.basis === "sales" ? sql.raw("sales_count") : sql.raw("reviews");
    const [edge] = rowsOf<{ value: number }>(
      await db.execute(sql`select ${column}::int as value from products where archived_at is null order by ${column} desc, id desc offset ${rank - 1} limit 1`),
    );
    return { threshold: edge ? Number(edge.value) : null };
  });
  return threshold;
}
