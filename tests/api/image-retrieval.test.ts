import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../src/server/db/client";
import { createEmbedPool } from "../../src/server/image-search/embed-pool";
import { localMediaStore, mediaKey } from "../../src/server/media/media-store";
import { ImageSearch } from "../../src/server/image-search/image-search";
import { ALTERATIONS, PHOTO_ALTERATIONS, type Alteration } from "../fixtures/image-alterations";
import { retrievalSplit } from "../fixtures/retrieval-split";
import { BULK_SKU_PREFIX } from "../../src/seed/bulk-catalog";
import { setupApi } from "./harness";

const api = setupApi();
const pool = createEmbedPool({ threads: 2 });
afterAll(() => pool.close());

interface Tally {
  hit1: number;
  hit5: number;
  total: number;
}

const rate = (t: Tally, hits: number) => (t.total ? hits / t.total : 0).toFixed(3);
const row = (name: string, tuning: Tally, evaluation: Tally) =>
  `${name.padEnd(44)} ${rate(tuning, tuning.hit1)}  ${rate(tuning, tuning.hit5)}    ${rate(evaluation, evaluation.hit1)}  ${rate(evaluation, evaluation.hit5)}`;
const sum = (tallies: Tally[]): Tally =>
  tallies.reduce((a, t) => ({ hit1: a.hit1 + t.hit1, hit5: a.hit5 + t.hit5, total: a.total + t.total }), { hit1: 0, hit5: 0, total: 0 });

/**
 * Retrieval quality of search by image over the whole demo catalogue: every product is looked for
 * with altered copies of its own photo, through the same path as the API (decode, crops, embed in
 * the worker pool, nearest neighbours in the database's index, products by image). Products are
 * split in two halves: the fusion weights were chosen on the tuning half
 * (bench/tune-image-search.ts), and the targets hold on the evaluation half.
 */
describe("search by image finds the product from a shopper's photo", () => {
  it("meets its targets on the evaluation half, per alteration and overall", { timeout: 1_800_000 }, async () => {
    const products = rowsOf<{ id: number; image: string }>(
      await api.handle.db.execute(sql`select id, image from products where sku not like ${`${BULK_SKU_PREFIX}%`} order by id`),
    );
    expect(products.length).toBeGreaterThan(400);
    const media = localMediaStore(api.mediaDir);
    const search = new ImageSearch(api.handle.db, pool, media);
    // the learned encoder must really be running: a fallback to the descriptor alone fails here
    expect(await search.model()).toMatch(/^fused:onnx:image-encoder\.onnx:[0-9a-f]{12}\+descriptor-v\d+$/);
    const pictures = new Map<number, Buffer>();
    for (const p of products) pictures.set(p.id, (await media.read(mediaKey(p.image)!))!);

    /** the products of one half, searched with `alter`'s copies of their pictures */
    const measure = async (alter: Alteration, half: "tuning" | "evaluation"): Promise<Tally> => {
      const queue = products.filter((p) => retrievalSplit(p.id) === half);
      const tally: Tally = { hit1: 0, hit5: 0, total: queue.length };
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < queue.length) {
            const product = queue[next++]!;
            const { products: found } = await search.search(await alter(pictures.get(product.id)!, product.id));
            const rank = found.findIndex((p) => p.id === product.id);
            if (rank === 0) tally.hit1++;
            if (rank >= 0 && rank < 5) tally.hit5++;
          }
        }),
      );
      return tally;
    };

    const lines = [`${"".padEnd(44)} tuning half       evaluation half`, `${"".padEnd(44)} top-1  recall@5  top-1  recall@5`];
    const photo: Record<string, { tuning: Tally; evaluation: Tally }> = {};
    for (const [name, alter] of Object.entries(PHOTO_ALTERATIONS)) {
      photo[name] = { tuning: await measure(alter, "tuning"), evaluation: await measure(alter, "evaluation") };
      lines.push(row(name, photo[name].tuning, photo[name].evaluation));
    }
    const photoTuning = sum(Object.values(photo).map((r) => r.tuning));
    const photoEvaluation = sum(Object.values(photo).map((r) => r.evaluation));
    lines.push(row("all shopper-photo alterations", photoTuning, photoEvaluation));

    // the earlier, milder edits of the shop's own picture (resized, recompressed, reframed) must stay found
    const edits: Record<string, Tally> = {};
    for (const [name, alter] of Object.entries(ALTERATIONS)) {
      edits[name] = await measure(alter, "evaluation");
      lines.push(row(name, { hit1: 0, hit5: 0, total: 0 }, edits[name]));
    }
    const editsEvaluation = sum(Object.values(edits));
    lines.push(row("all edits of the shop's picture", { hit1: 0, hit5: 0, total: 0 }, editsEvaluation));
    console.log(`Search by image over ${products.length} products (${(await search.vectorIndex()).kind} index):\n${lines.join("\n")}`);

    for (const [name, r] of Object.entries(photo)) expect(r.evaluation.hit5 / r.evaluation.total, `recall@5 of "${name}"`).toBeGreaterThanOrEqual(0.85);
    expect(photoEvaluation.hit1 / photoEvaluation.total, "overall top-1").toBeGreaterThanOrEqual(0.85);
    expect(photoEvaluation.hit5 / photoEvaluation.total, "overall recall@5").toBeGreaterThanOrEqual(0.95);
    expect(editsEvaluation.hit5 / editsEvaluation.total, "recall@5 of edits").toBeGreaterThanOrEqual(0.95);
    expect(editsEvaluation.hit1 / editsEvaluation.total, "top-1 of edits").toBeGreaterThanOrEqual(0.85);
  });
});
