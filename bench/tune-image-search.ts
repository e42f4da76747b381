// npm run tune:image-search: chooses search by image's fusion weights (how much the learned
// encoder's and the descriptor's cosines count, and how much a crop counts against the whole
// photo) on the TUNING half of the demo catalogue only. The retrieval test
// (tests/api/image-retrieval.test.ts) then measures the chosen weights on the other half.
//
// Every product's picture is altered the ways a shopper's photo differs from it
// (tests/fixtures/image-alterations.ts); each photo's views (the whole picture and the proposed
// crops) are encoded once by both encoders, and every weighting is then scored from those cosines
// against the whole catalogue, in memory.
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
import { createOnnxEncoder } from "../src/server/image-search/onnx-embedder";
import { queryViews } from "../src/server/image-search/view-embedder";
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
  console.log(`Encoding ${products.length} catalogue pictures…`);
  const catalogue: Float32Array[][] = [[], []];
  for (const picture of pictures) {
    const view = await decodeUpright(picture, 640);
    for (const [e, encoder] of encoders.entries()) catalogue[e]!.push((await encoder.encode([view]))[0]!);
  }

  const tuning = products.map((p, i) => ({ ...p, index: i })).filter((p) => retrievalSplit(p.id) === "tuning");
  const limit = Number(args["per-alteration"] ?? tuning.length);
  /** per alteration, per query: for each view, the cosines against every catalogue picture, per encoder */
  const cosines: Record<string, { product: number; views: Float32Array[][] }[]> = {};
  for (const [name, alter] of Object.entries(PHOTO_ALTERATIONS)) {
    const started = Date.now();
    const queries: { product: number; views: Float32Array[][] }[] = [];
    for (const p of tuning.slice(0, limit)) {
      const views = await queryViews(await alter(pictures[p.index]!, p.id));
      const perView = views.map(() => encoders.map(() => new Float32Array(products.length)));
      for (const [e, encoder] of encoders.entries()) {
        const vectors = await encoder.encode(views);
        vectors.forEach((q, v) => {
          for (let c = 0; c < products.length; c++) perView[v]![e]![c] = dot(q, catalogue[e]![c]!);
        });
      }
      queries.push({ product: p.index, views: perView });
    }
    cosines[name] = queries;
    console.log(`  ${name}: ${queries.length} photos in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  type Score = { top1: number; top5: number; perAlteration: Record<string, { top1: number; top5: number }> };
  const score = (learnedWeight: number, cropFactor: number): Score => {
    const perAlteration: Score["perAlteration"] = {};
    let top1 = 0;
    let top5 = 0;
    let total = 0;
    for (const [name, queries] of Object.entries(cosines)) {
      let hit1 = 0;
      let hit5 = 0;
      for (const q of queries) {
        const best = new Float32Array(products.length).fill(-Infinity);
        q.views.forEach(([l, d], v) => {
          const factor = v === 0 ? 1 : cropFactor;
          for (let c = 0; c < products.length; c++) best[c] = Math.max(best[c]!, factor * (learnedWeight * l![c]! + (1 - learnedWeight) * d![c]!));
        });
        const mine = best[q.product]!;
        let better = 0;
        for (let c = 0; c < products.length; c++) if (best[c]! > mine) better++;
        if (better === 0) hit1++;
        if (better < 5) hit5++;
      }
      perAlteration[name] = { top1: hit1 / queries.length, top5: hit5 / queries.length };
      top1 += hit1;
      top5 += hit5;
      total += queries.length;
    }
    return { top1: top1 / total, top5: top5 / total, perAlteration };
  };
  // what matters: the weakest alteration's recall@5, then overall top-1
  const objective = (s: Score) => Math.min(...Object.values(s.perAlteration).map((a) => a.top5)) + s.top1;

  let best = { learned: FUSION_WEIGHTS.learned, cropFactor: FUSION_WEIGHTS.cropFactor, score: score(FUSION_WEIGHTS.learned, FUSION_WEIGHTS.cropFactor) };
  const current = best;
  for (let w = 0.2; w <= 1.0001; w += 0.05) {
    for (let f = 0.8; f <= 1.1001; f += 0.01) {
      const s = score(w, f);
      if (objective(s) > objective(best.score) + 1e-9) best = { learned: w, cropFactor: f, score: s };
    }
  }
  const table = (s: Score) =>
    Object.entries(s.perAlteration)
      .map(([name, a]) => `  ${name.padEnd(44)} top-1 ${a.top1.toFixed(3)}  recall@5 ${a.top5.toFixed(3)}`)
      .join("\n") + `\n  ${"all".padEnd(44)} top-1 ${s.top1.toFixed(3)}  recall@5 ${s.top5.toFixed(3)}`;
  console.log(`\nTuning half: ${tuning.length} products × ${Object.keys(cosines).length} alterations, searched among ${products.length}.`);
  console.log(
    `\nCurrent weights (learned ${current.learned}, descriptor ${(1 - current.learned).toFixed(2)}, crops × ${current.cropFactor}):\n${table(current.score)}`,
  );
  console.log(
    `\nBest found (learned ${best.learned.toFixed(2)}, descriptor ${(1 - best.learned).toFixed(2)}, crops × ${best.cropFactor.toFixed(2)}):\n${table(best.score)}`,
  );
  for (const [label, w, f] of [
    ["learned encoder alone", 1, best.cropFactor],
    ["descriptor alone", 0, best.cropFactor],
    ["no crops", best.learned, 0],
  ] as const) {
    console.log(`\n${label}:\n${table(score(w, f))}`);
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
