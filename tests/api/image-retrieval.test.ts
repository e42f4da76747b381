import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../src/server/db/client";
import { createEmbedPool } from "../../src/server/image-search/embed-pool";
import { localMediaStore, mediaKey } from "../../src/server/media/media-store";
import { picturesLacking } from "../../src/server/image-search/embeddings-store";
import { ImageSearch } from "../../src/server/image-search/image-search";
import { KEYPOINT_EXTRACTOR } from "../../src/server/image-search/keypoint-extractor";
import { ALTERATIONS, PHOTO_ALTERATIONS, type Alteration } from "../fixtures/image-alterations";
import { retrievalSplit } from "../fixtures/retrieval-split";
import { BULK_SKU_PREFIX } from "../../src/seed/bulk-catalog";
import { setupApi } from "./harness";
import { hashOfFiles } from "../../scripts/build-lib.mjs";
import { cached, catalogueHash, sha256 } from "../support/embedding-cache";

/** what makes the altered photos: the alterations and the code they use */
const ALTERATIONS_CODE_KEY = hashOfFiles(["tests/fixtures", "src/lib/random.ts"]);

// the seeded catalogue as it was before any other test added products: the cached query data's
// keys include the catalogue's keypoints, so every run and both databases ask the same keys
const api = setupApi({ pristine: true });

/**
 * The aim: every alteration recall@5 ≥ 0.85, overall top-1 ≥ 0.85 and recall@5 ≥ 0.95. It is met
 * with room to spare (top-1 0.99, recall@5 1.00 when measured), so the test holds the figures a
 * little under what is measured instead: a change that makes search by image clearly worse fails
 * here long before it would miss the aim.
 */
const FLOORS = { alterationRecall5: 0.95, overallTop1: 0.95, overallRecall5: 0.98, editsTop1: 0.95, editsRecall5: 0.98 };
const AIMS = { alterationRecall5: 0.85, overallTop1: 0.85, overallRecall5: 0.95 };
const pool = createEmbedPool({ threads: 2 });
afterAll(() => pool.close());

interface Tally {
  hit1: number;
  hit5: number;
  total: number;
}

const rate = (t: Tally, hits: number) => (t.total ? hits / t.total : 0).toFixed(3);
const row = (name: string, t: Tally) => `${name.padEnd(54)} ${rate(t, t.hit1)}  ${rate(t, t.hit5)}`;
const sum = (tallies: Tally[]): Tally =>
  tallies.reduce((a, t) => ({ hit1: a.hit1 + t.hit1, hit5: a.hit5 + t.hit5, total: a.total + t.total }), { hit1: 0, hit5: 0, total: 0 });

/**
 * Retrieval quality of search by image over the whole demo catalogue: every product is looked for
 * with altered copies of its own photo, through the same path as the API (decode, crops, embed and
 * match keypoints in the worker pool, nearest neighbours in the database's index, ranking, products
 * by image). Products are split in two halves: the weights were chosen on the tuning half (npm run
 * tune:image-search prints its figures), and this measures the other, evaluation half.
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
    // and so must keypoint matching, on every picture's stored keypoints
    expect((await pool.info()).keypoints).toBe(KEYPOINT_EXTRACTOR);
    expect(await picturesLacking(api.handle.db, await search.model(), KEYPOINT_EXTRACTOR)).toEqual([]);
    const pictures = new Map<number, Buffer>();
    for (const p of products) pictures.set(p.id, (await media.read(mediaKey(p.image)!))!);

    const evaluation = products.filter((p) => retrievalSplit(p.id) === "evaluation");
    const embedder = JSON.stringify(await pool.info());
    const pictureHashes = new Map([...pictures].map(([id, bytes]) => [id, sha256(bytes)]));
    /**
     * `queue`'s products, searched with `alter`'s copies of their pictures. The altered photo's
     * query data (vectors, pictures its keypoints verify) is computed once per run and code (the
     * tests' embedding cache, keyed also by the alterations' code and the catalogue's keypoints):
     * the second database replays it, and searches, ranks and checks on its own index.
     */
    const measure = async (name: string, alter: Alteration, queue: typeof products): Promise<Tally> => {
      const tally: Tally = { hit1: 0, hit5: 0, total: queue.length };
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < queue.length) {
            const product = queue[next++]!;
            const { products: found } = await search.searchWith((options) =>
              cached(
                sha256(
                  "retrieval",
                  embedder,
                  ALTERATIONS_CODE_KEY,
                  name,
                  String(product.id),
                  pictureHashes.get(product.id)!,
                  String(Boolean(options?.previous)),
                  catalogueHash(options?.catalogue),
                ),
                async () => pool.embedQuery(await alter(pictures.get(product.id)!, product.id), options),
              ),
            );
            // found means its picture was: other products showing the very same file (bulk copies,
            // another test's) cannot be told from it by any search by image, and come in sales order
            const rank = found.findIndex((p) => p.image === product.image);
            if (rank === 0) tally.hit1++;
            if (rank >= 0 && rank < 5) tally.hit5++;
          }
        }),
      );
      return tally;
    };

    const lines = [`${"evaluation half".padEnd(54)} top-1  recall@5`];
    /** every alteration of a set in turn, a line each, then the set's total */
    const measureAll = async (set: Record<string, Alteration>, label: string, queue: typeof products) => {
      const tallies: Record<string, Tally> = {};
      for (const [name, alter] of Object.entries(set)) {
        tallies[name] = await measure(name, alter, queue);
        lines.push(row(name, tallies[name]));
      }
      const total = sum(Object.values(tallies));
      lines.push(row(label, total));
      return { tallies, total };
    };
    const { tallies: photo, total: photoEvaluation } = await measureAll(PHOTO_ALTERATIONS, "all shopper-photo alterations", evaluation);
    // The earlier, milder edits of the shop's own picture (resized, recompressed, reframed) must
    // stay found. They are all but solved (recall@5 0.998 over the whole half), so a fixed third of
    // the half watches them: seven more passes over all of it cost two minutes of every test run.
    const { total: editsEvaluation } = await measureAll(
      ALTERATIONS,
      "all edits of the shop's picture (a third of the half)",
      evaluation.filter((_, i) => i % 3 === 0),
    );
    console.log(`Search by image over ${products.length} products (${(await search.vectorIndex()).kind} index):\n${lines.join("\n")}`);

    const met = (value: number, aim: number) => `${value.toFixed(3)} (aim ${aim}${value >= aim ? ", met" : ", not met"})`;
    console.log(
      `Evaluation half, shopper-photo alterations: overall top-1 ${met(photoEvaluation.hit1 / photoEvaluation.total, AIMS.overallTop1)}, recall@5 ${met(photoEvaluation.hit5 / photoEvaluation.total, AIMS.overallRecall5)}; ` +
        `alterations under recall@5 ${AIMS.alterationRecall5}: ${
          Object.entries(photo)
            .filter(([, r]) => r.hit5 / r.total < AIMS.alterationRecall5)
            .map(([name]) => name)
            .join("; ") || "none"
        }`,
    );
    for (const [name, r] of Object.entries(photo)) {
      expect(r.hit5 / r.total, `recall@5 of "${name}"`).toBeGreaterThanOrEqual(FLOORS.alterationRecall5);
    }
    expect(photoEvaluation.hit1 / photoEvaluation.total, "overall top-1").toBeGreaterThanOrEqual(FLOORS.overallTop1);
    expect(photoEvaluation.hit5 / photoEvaluation.total, "overall recall@5").toBeGreaterThanOrEqual(FLOORS.overallRecall5);
    expect(editsEvaluation.hit5 / editsEvaluation.total, "recall@5 of edits").toBeGreaterThanOrEqual(FLOORS.editsRecall5);
    expect(editsEvaluation.hit1 / editsEvaluation.total, "top-1 of edits").toBeGreaterThanOrEqual(FLOORS.editsTop1);
  });
});
