// npm run tune:image-search: chooses search by image's weights on the TUNING half of the demo
// catalogue only: how much the learned encoder's and the descriptor's cosines count and how much a
// crop counts against the whole photo (FUSION_WEIGHTS), then when keypoints verify a picture and
// what that adds (RANKING). The retrieval test (tests/api/image-retrieval.test.ts) then measures
// the chosen weights on the other half.
//
// Every product's picture is altered the ways a shopper's photo differs from it
// (tests/fixtures/image-alterations.ts); each photo is encoded once (its views by both encoders,
// its keypoints matched against the catalogue's), and every weighting is then scored from those
// cosines and inlier counts against the whole catalogue, in memory.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase, rowsOf } from "../src/server/db/client";
import { BUILT_IN_MODEL, FUSION_WEIGHTS } from "../src/server/image-search/create-embedder";
import { decodeUpright } from "../src/server/image-search/decode";
import { descriptorEncoder } from "../src/server/image-search/descriptor-embedder";
import type { ViewEncoder } from "../src/server/image-search/embedder";
import { KeypointIndex } from "../src/server/image-search/keypoint-index";
import { catalogueKeypoints, PHOTO_SIDE, photoKeypoints } from "../src/server/image-search/keypoint-extractor";
import { decodeKeypoints } from "../src/server/image-search/keypoints";
import { createOnnxEncoder } from "../src/server/image-search/onnx-embedder";
import { RANKING, verificationBonus, type RankingSettings } from "../src/server/image-search/ranking";
import { fitWithin, PICTURE_SIDE, queryViews } from "../src/server/image-search/view-embedder";
import { localMediaStore, mediaKey } from "../src/server/media/media-store";
import { ensureSeeded } from "../src/server/seed/ensure-seeded";
import { PHOTO_ALTERATIONS } from "../tests/fixtures/image-alterations";
import { retrievalSplit } from "../tests/fixtures/retrieval-split";

const { values: args } = parseArgs({ options: { "per-alteration": { type: "string" } } });

const work = await fs.mkdtemp(path.join(os.tmpdir(), "tune-image-search-"));
const media = localMediaStore(path.join(work, "media"));
const handle = await openDatabase({ dataDir: path.join(work, "data") });
try {
  console.log("Seeding the demo catalogue…");
  await ensureSeeded(handle.db, { media });
  const products = rowsOf<{ id: number; image: string }>(await handle.db.execute(sql`select id, image from products order by id`));
  const learned = await createOnnxEncoder(path.resolve(BUILT_IN_MODEL), { mean: [0, 0, 0], std: [1, 1, 1], source: "the learned image encoder" });
  const encoders: ViewEncoder[] = [learned, descriptorEncoder];

  const pictures = await Promise.all(products.map(async (p) => (await media.read(mediaKey(p.image)!))!));
  console.log(`Encoding ${products.length} catalogue pictures and their keypoints…`);
  const catalogue: Float32Array[][] = [[], []];
  const records: Uint8Array[] = [];
  for (const picture of pictures) {
    const view = await decodeUpright(picture, PICTURE_SIDE);
    for (const [e, encoder] of encoders.entries()) catalogue[e]!.push((await encoder.encode([view]))[0]!);
    records.push(await catalogueKeypoints(view));
  }
  const keypointIndex = new KeypointIndex(records.map((r) => decodeKeypoints(r.buffer, r.byteOffset, r.byteLength)));

  const tuning = products.map((p, i) => ({ ...p, index: i })).filter((p) => retrievalSplit(p.id) === "tuning");
  const limit = Number(args["per-alteration"] ?? tuning.length);
  interface Query {
    product: number;
    /** for each view, the cosines against every catalogue picture, per encoder */
    views: Float32Array[][];
    /** catalogue pictures with the inliers the photo's keypoints give them */
    seen: { picture: number; inliers: number }[];
  }
  const queries: Record<string, Query[]> = {};
  for (const [name, alter] of Object.entries(PHOTO_ALTERATIONS)) {
    const started = Date.now();
    const list: Query[] = [];
    for (const p of tuning.slice(0, limit)) {
      const photo = await decodeUpright(await alter(pictures[p.index]!, p.id), PHOTO_SIDE);
      const views = queryViews(await fitWithin(photo, PICTURE_SIDE));
      const perView = views.map(() => encoders.map(() => new Float32Array(products.length)));
      for (const [e, encoder] of encoders.entries()) {
        const vectors = await encoder.encode(views);
        vectors.forEach((q, v) => {
          for (let c = 0; c < products.length; c++) perView[v]![e]![c] = dot(q, catalogue[e]![c]!);
        });
      }
      const seen = keypointIndex.match(await photoKeypoints(photo)).map(({ picture, inliers }) => ({ picture, inliers }));
      list.push({ product: p.index, views: perView, seen });
    }
    queries[name] = list;
    console.log(`  ${name}: ${list.length} photos in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  interface Weights {
    learned: number;
    cropFactor: number;
    ranking: RankingSettings | null;
  }
  type Score = { top1: number; top5: number; perAlteration: Record<string, { top1: number; top5: number }> };
  const score = (w: Weights): Score => {
    const perAlteration: Score["perAlteration"] = {};
    let top1 = 0;
    let top5 = 0;
    let total = 0;
    const best = new Float32Array(products.length);
    for (const [name, list] of Object.entries(queries)) {
      let hit1 = 0;
      let hit5 = 0;
      for (const q of list) {
        best.fill(-Infinity);
        q.views.forEach(([l, d], v) => {
          const factor = v === 0 ? 1 : w.cropFactor;
          for (let c = 0; c < products.length; c++) best[c] = Math.max(best[c]!, factor * (w.learned * l![c]! + (1 - w.learned) * d![c]!));
        });
        // rankImages' rule, on the pictures' places rather than their names
        if (w.ranking) {
          const bestInliers = Math.max(0, ...q.seen.map((s) => s.inliers));
          for (const s of q.seen) best[s.picture] = best[s.picture]! + verificationBonus(s.inliers, bestInliers, w.ranking);
        }
        const mine = best[q.product]!;
        let better = 0;
        for (let c = 0; c < products.length; c++) if (best[c]! > mine) better++;
        if (better === 0) hit1++;
        if (better < 5) hit5++;
      }
      perAlteration[name] = { top1: hit1 / list.length, top5: hit5 / list.length };
      top1 += hit1;
      top5 += hit5;
      total += list.length;
    }
    return { top1: top1 / total, top5: top5 / total, perAlteration };
  };
  // what matters: the weakest alteration's recall@5, then overall top-1
  const objective = (s: Score) => Math.min(...Object.values(s.perAlteration).map((a) => a.top5)) + s.top1;

  // First the vectors' weights, on the vectors alone: they rank by themselves whenever keypoints
  // prove nothing (a blurred photo of a plain part, or no OpenCV). Then, with those, when keypoints
  // verify a picture and what that adds.
  const current: Weights = { learned: FUSION_WEIGHTS.learned, cropFactor: FUSION_WEIGHTS.cropFactor, ranking: RANKING };
  let vectors = { weights: { ...current, ranking: null } as Weights, score: score({ ...current, ranking: null }) };
  for (let l = 0.2; l <= 1.0001; l += 0.05) {
    for (let f = 0.8; f <= 1.1001; f += 0.02) {
      const weights = { learned: l, cropFactor: f, ranking: null };
      const s = score(weights);
      if (objective(s) > objective(vectors.score) + 1e-9) vectors = { weights, score: s };
    }
  }
  let best = { weights: { ...vectors.weights, ranking: RANKING } as Weights, score: score({ ...vectors.weights, ranking: RANKING }) };
  for (const minInliers of [8, 12, 16, 24]) {
    for (const ofBest of [0.3, 0.45, 0.6, 0.75, 0.9]) {
      for (const perInlier of [0, 0.0005, 0.001, 0.002, 0.004]) {
        const weights = { ...vectors.weights, ranking: { minInliers, ofBest, perInlier } };
        const s = score(weights);
        if (objective(s) > objective(best.score) + 1e-9) best = { weights, score: s };
      }
    }
  }

  const describe = (w: Weights) =>
    `learned ${w.learned.toFixed(2)}, descriptor ${(1 - w.learned).toFixed(2)}, crops × ${w.cropFactor.toFixed(2)}` +
    (w.ranking ? `; verified from ${w.ranking.minInliers} inliers and ${w.ranking.ofBest} of the best, + ${w.ranking.perInlier} per inlier` : "; no keypoints");
  const table = (s: Score) =>
    Object.entries(s.perAlteration)
      .map(([name, a]) => `  ${name.padEnd(44)} top-1 ${a.top1.toFixed(3)}  recall@5 ${a.top5.toFixed(3)}`)
      .join("\n") + `\n  ${"all".padEnd(44)} top-1 ${s.top1.toFixed(3)}  recall@5 ${s.top5.toFixed(3)}`;
  console.log(`\nTuning half: ${tuning.length} products × ${Object.keys(queries).length} alterations, searched among ${products.length}.`);
  console.log(`\nCurrent (${describe(current)}):\n${table(score(current))}`);
  console.log(`\nCurrent vectors alone:\n${table(score({ ...current, ranking: null }))}`);
  console.log(`\nBest vectors alone (${describe(vectors.weights)}):\n${table(vectors.score)}`);
  console.log(`\nBest with keypoints (${describe(best.weights)}):\n${table(best.score)}`);
  for (const [label, weights] of [
    ["learned encoder alone, with keypoints", { ...best.weights, learned: 1 }],
    ["descriptor alone, with keypoints", { ...best.weights, learned: 0 }],
    ["no crops, with keypoints", { ...best.weights, cropFactor: 0 }],
  ] as const) {
    console.log(`\n${label}:\n${table(score(weights))}`);
  }
} finally {
  await handle.close();
  await fs.rm(work, { recursive: true, force: true });
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}
