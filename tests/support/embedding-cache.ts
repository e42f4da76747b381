import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { hashOfFiles, root } from "../../scripts/build-lib.mjs";
import type { EmbedPool, PictureData, QueryData } from "../../src/server/image-search/embed-pool";

/**
 * Vectors and keypoints are deterministic: the same picture through the same code and model gives
 * the same bytes. A test run computes each once and keeps it here, so the suite's second database
 * (and the seeded template, the e2e server's copy of it) replays only the database side of
 * embedding and search. The folder is keyed by everything that computes them: the image-search
 * code, the model file and the locked package versions; a change to any of them starts a new,
 * empty folder, so changed code is always what is tested. It lives in node_modules/.cache, inside
 * the clone and ignored by git: a clean clone starts cold.
 */
export const CACHE_ROOT = path.join(root, "node_modules", ".cache", "storefront-tests");
export const EMBEDDING_CODE_KEY = hashOfFiles(["src/server/image-search", "models/image-encoder.onnx", "package-lock.json"]).slice(0, 16);
const folder = path.join(CACHE_ROOT, `embeddings-${EMBEDDING_CODE_KEY}`);

const sha256 = (...parts: (string | Uint8Array)[]) => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return hash.digest("hex");
};

/** Whether a process of this machine still runs (a claim or lock naming a dead one is stale). */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * The stored value of `key`, else `compute`'s (then stored; written whole or not at all). Two
 * processes asking for the same key at once (CI's two passes run side by side, the retrieval test
 * in each) compute it once: the first claims it, the other waits for its answer, and computes it
 * itself only if the claimant died.
 */
export async function cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const file = path.join(folder, key.slice(0, 2), `${key}.v8`);
  const read = async () => v8.deserialize(await fs.promises.readFile(file)) as T;
  try {
    return await read();
  } catch {
    // not computed yet (or a half-written file from a killed run): compute it, or wait for whoever does
  }
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const claim = `${file}.computing`;
  let claimed = false;
  try {
    await fs.promises.writeFile(claim, String(process.pid), { flag: "wx" });
    claimed = true;
  } catch {
    for (;;) {
      if (fs.existsSync(file)) return read();
      const owner = await fs.promises.readFile(claim, "utf8").catch(() => null);
      // the claim gone without an answer (its computation failed), or its process dead: compute here
      if (owner === null ? !fs.existsSync(file) : owner !== "" && !alive(Number(owner))) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    const value = await compute();
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await fs.promises.writeFile(partial, v8.serialize(value));
    await fs.promises.rename(partial, file);
    return value;
  } finally {
    if (claimed) await fs.promises.rm(claim, { force: true });
  }
}

/** A catalogue's keypoints are identified by their content (hashed once per version). */
const catalogueHashes = new Map<string, string>();
export function catalogueHash(catalogue: { version: string; buffer: SharedArrayBuffer } | undefined): string {
  if (!catalogue) return "none";
  let hash = catalogueHashes.get(catalogue.version);
  if (!hash) {
    hash = sha256(new Uint8Array(catalogue.buffer));
    catalogueHashes.set(catalogue.version, hash);
  }
  return hash;
}

/**
 * The pool with its pictures' and photos' results kept in the cache. A picture's key is the
 * pool's embedder (its model, keypoint extractor and previous model, as the pool reports them),
 * the picture's bytes and what is asked of it; a photo's, the embedder, its bytes, `previous` and
 * the catalogue's keypoints (the pictures it verifies are positions in that catalogue, the same
 * wherever its content is the same).
 */
export function cachingEmbedPool(pool: EmbedPool): EmbedPool {
  let embedder: Promise<string> | null = null;
  const identity = () => (embedder ??= pool.info().then((info) => JSON.stringify(info)));
  return {
    info: () => pool.info(),
    queue: () => pool.queue(),
    close: () => pool.close(),
    embed: async (image, want = { vector: true, keypoints: true }) =>
      cached<PictureData>(sha256("picture", await identity(), JSON.stringify(want), image), () => pool.embed(image, want)),
    embedQuery: async (image, options = {}) =>
      cached<QueryData>(sha256("photo", await identity(), String(Boolean(options.previous)), catalogueHash(options.catalogue), image), () =>
        pool.embedQuery(image, options),
      ),
  };
}

export { sha256 };
