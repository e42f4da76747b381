import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "@/server/db";
import { invalidateCatalogCounts } from "@/server/catalog/catalog-cache";
import { refreshSearchLexicon } from "@/server/search/resolve";

export const BULK_SKU_PREFIX = "BULK-";

/**
 * Grows the catalogue to `count` products for benchmarks: synthetic products made in SQL from
 * the demo catalogue (a variation of a demo product's name, its category, brand and image
 * file, a spread of prices, stock and popularity). Images are shared, not copied.
 */
export async function seedBulk(db: Database, count: number): Promise<{ total: number; added: number }> {
  await db.execute(sql`delete from products where sku like ${BULK_SKU_PREFIX + "%"}`);
  const demo = Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from products`))[0]?.n ?? 0);
  if (demo === 0) throw new Error("Seed the demo catalogue first (npm run seed)");
  const add = Math.max(0, count - demo);
  const batch = 25_000;
  for (let from = 1; from <= add; from += batch) {
    const to = Math.min(add, from + batch - 1);
    await db.execute(sql`
      with templates as (
        select row_number() over (order by id) - 1 as n, * from products where sku not like ${BULK_SKU_PREFIX + "%"}
      ),
      gen as (
        select g, abs(hashint4(g)) as h, abs(hashint4(g + 7919)) as h2 from generate_series(${from}::int, ${to}::int) as g
      )
      insert into products (name, slug, description, image, category_id, category, brand_id, brand, sku, price, original_price,
        stock_quantity, free_delivery, same_day_delivery, rating, reviews, sales_count, variant_config, created_at, updated_at)
      select
        t.name || ' ' || (array['(Pack of 2)', '(Pack of 5)', 'v2', 'Pro', 'Mini', 'Kit', 'Lite', 'Plus', '(Bulk 10 pcs)', 'Gen 3'])[1 + gen.h % 10] || ' · Lot ' || gen.g,
        t.slug || '-lot-' || gen.g,
        t.description,
        t.image,
        t.category_id, t.category, t.brand_id, t.brand,
        ${BULK_SKU_PREFIX} || lpad(gen.g::text, 7, '0'),
        p.price,
        case when gen.h2 % 10 < 3 then (p.price * (1.05 + (gen.h2 % 25) / 100.0))::int else p.price end,
        case when gen.h % 13 = 0 then 0 else gen.h2 % 500 end,
        gen.h % 4 = 0,
        gen.h2 % 3 = 0,
        round((3 + (gen.h % 21) / 10.0)::numeric, 1)::real,
        gen.h2 % 2600,
        gen.h % 6000,
        null,
        now() - make_interval(mins => gen.h % 1000000),
        now()
      from gen
      join templates t on t.n = gen.g % (select count(*) from templates)
      cross join lateral (select greatest(500, round(t.price * (0.5 + (gen.h % 100) / 100.0) / 500) * 500)::int as price) p`);
  }
  // Fresh statistics and visibility map, so the planner walks indexes and counts use index-only scans.
  await db.execute(sql`vacuum analyze products`);
  await db.execute(sql`analyze categories`);
  await refreshSearchLexicon(db);
  invalidateCatalogCounts();
  return { total: demo + add, added: add };
}
