import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../src/server/db/client";
import { createEmbedPool } from "../../src/server/image-search/embed-pool";
import { localMediaStore, mediaKey } from "../../src/server/media/media-store";
import { ImageSearch } from "../../src/server/image-search/image-search";
import { ALTERATIONS } from "../fixtures/image-alterations";
import { setupApi } from "./harness";

const api = setupApi();
const pool = createEmbedPool({ threads: 2 });
afterAll(() => pool.close());

/**
 * Retrieval quality of search by image over the whole demo catalogue: every product is looked for
 * with altered copies of its own photo, through the same path as the API (decode, embed in the
 * worker pool, nearest neighbours in the database's index, products by image).
 */
describe("search by image finds the product from altered photos", () => {
  it("recall@5 ≥ 0.95 and top-1 ≥ 0.85 over every product and alteration", { timeout: 900_000 }, async () => {
    const products = rowsOf<{ id: number; image: string }>(
      await api.handle.db.execute(sql`select id, image from products where sku not like 'BULK-%' order by id`),
    );
    expect(products.length).toBeGreaterThan(400);
    const search = new ImageSearch(api.handle.db, pool, localMediaStore(api.mediaDir));

    const lines: string[] = [];
    let top1 = 0;
    let top5 = 0;
    let total = 0;
    for (const [name, alter] of Object.entries(ALTERATIONS)) {
      let hit1 = 0;
      let hit5 = 0;
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < products.length) {
            const i = next++;
            const product = products[i]!;
            const photo = await alter((await localMediaStore(api.mediaDir).read(mediaKey(product.image)!))!, i);
            const { products: found } = await search.search(photo);
            const rank = found.findIndex((p) => p.id === product.id);
            if (rank === 0) hit1++;
            if (rank >= 0 && rank < 5) hit5++;
          }
        }),
      );
      lines.push(`${name.padEnd(36)} top-1 ${(hit1 / products.length).toFixed(3)}  recall@5 ${(hit5 / products.length).toFixed(3)}`);
      top1 += hit1;
      top5 += hit5;
      total += products.length;
    }
    lines.push(
      `${"all".padEnd(36)} top-1 ${(top1 / total).toFixed(3)}  recall@5 ${(top5 / total).toFixed(3)}  (${total} queries, ${(await search.vectorIndex()).kind} index)`,
    );
    console.log(`Search by image over ${products.length} products:\n${lines.join("\n")}`);
    expect(top5 / total).toBeGreaterThanOrEqual(0.95);
    expect(top1 / total).toBeGreaterThanOrEqual(0.85);
  });
});
