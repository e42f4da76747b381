import type { ImageKeywordDetail } from "@/lib/api-contract";
import type { Database } from "../db";
import { categories } from "../db/schema";
import type { MediaStore } from "../media/media-store";
import { productsByImages } from "../catalog/products";
import type { Product } from "../catalog/to-product";
import { inspectImage } from "./decode";
import { createEmbedPool, type EmbedderInfo, type EmbedPool, type QueryData } from "./embed-pool";
import { embeddersEndingWith, syncImageEmbeddings, type StoredVectors, type SyncResult } from "./embeddings-store";
import { imageKeywords, keywordDetails } from "./keywords";
import { keypointCatalogue, type KeypointCatalogue } from "./keypoint-catalogue";
import { rankImages } from "./ranking";
import { openVectorIndex, type NearestImage, type VectorIndex } from "./vector-index";

export interface ImageSearchResult {
  products: Product[];
  keywords: string[];
  keywordDetails: Record<string, ImageKeywordDetail>;
}

/** How many nearest image files are looked at, and how many products are answered. */
const NEAREST_IMAGES = 24;
const RESULT_PRODUCTS = 24;
/** Products whose keywords count: the closest few say what the picture shows. */
const KEYWORD_PRODUCTS = 8;

/** How often progress is logged while a new embedder's vectors are being computed. */
const PROGRESS_EVERY_MS = 10_000;
/** Runs embedding fewer pictures than this are not reported while they run. */
const PROGRESS_FROM = 20;
/** How long which stored vectors answer searches (the current embedder's or the previous one's) is kept. */
const TARGET_RECHECK_MS = 5_000;

interface SearchTarget {
  /** the embedder whose stored vectors are searched */
  model: string;
  /** true while the current embedder's vectors are still being computed: its queries are projected */
  previous: boolean;
  /** the stored vectors' length, which a projected query is brought to with zeros in front */
  dimensions?: number;
}

/** Of the embedders in `stored` other than `model`, the one with the most vectors. */
function largestOther(stored: Map<string, StoredVectors>, model: string): ({ model: string } & StoredVectors) | null {
  let largest: ({ model: string } & StoredVectors) | null = null;
  for (const [other, vectors] of stored) if (other !== model && vectors.count > (largest?.count ?? 0)) largest = { model: other, ...vectors };
  return largest;
}

/**
 * A projected query (the previous embedder's block) for stored vectors that are longer: those of an
 * older learned encoder fused with that block, whose learned part the zeros leave out.
 */
function alignTo(query: Float32Array, dimensions: number | undefined): Float32Array {
  if (!dimensions || query.length >= dimensions) return query;
  const aligned = new Float32Array(dimensions);
  aligned.set(query, dimensions - query.length);
  return aligned;
}

/**
 * Search by image for one database: the embedding pool, the vector index (pgvector or in-process)
 * and the keeping of stored vectors in step with the catalogue.
 */
export class ImageSearch {
  private readonly indexes = new Map<string, Promise<VectorIndex>>();
  /** image files that could not be read or decoded: not retried on every sync */
  private readonly unreadable = new Set<string>();
  private target: { value: SearchTarget; checkedAt: number; settled: boolean } | null = null;
  private fallbackSaid = false;
  private keypointsFallbackSaid = false;
  /** the stored keypoints, once the workers say which extractor they run */
  private keypoints: KeypointCatalogue | null = null;

  constructor(
    private readonly db: Database,
    private readonly pool: EmbedPool,
    private readonly media: MediaStore,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  private async info(): Promise<EmbedderInfo> {
    const info = await this.pool.info();
    if (info.fallback && !this.fallbackSaid) {
      this.fallbackSaid = true;
      this.log(info.fallback);
    }
    if (info.keypointsFallback && !this.keypointsFallbackSaid) {
      this.keypointsFallbackSaid = true;
      this.log(info.keypointsFallback);
    }
    if (info.keypoints) this.keypoints ??= keypointCatalogue(this.db, info.keypoints);
    return info;
  }

  async model(): Promise<string> {
    return (await this.info()).model;
  }

  vectorIndex(model?: string): Promise<VectorIndex> {
    const open = async () => openVectorIndex(this.db, model ?? (await this.model()));
    const key = model ?? "";
    let index = this.indexes.get(key);
    if (!index) {
      index = open().catch((error: unknown) => {
        this.indexes.delete(key); // e.g. the pool was full: try again next time
        throw error;
      });
      this.indexes.set(key, index);
    }
    return index;
  }

  /**
   * The current embedder's vectors, unless they are still being computed and an older embedder's
   * cover more pictures: then those, searched with the current query projected onto them. Older
   * means the previous embedder (the descriptor) or any learned encoder fused with it, e.g. the
   * one an upgrade replaced.
   */
  private async searchTarget(): Promise<SearchTarget> {
    const info = await this.info();
    const now = Date.now();
    if (this.target && (this.target.settled || now - this.target.checkedAt < TARGET_RECHECK_MS)) return this.target.value;
    const current: SearchTarget = { model: info.model, previous: false };
    if (!info.previous) {
      this.target = { value: current, checkedAt: now, settled: true };
      return current;
    }
    const stored = await embeddersEndingWith(this.db, info.previous);
    const mine = stored.get(info.model)?.count ?? 0;
    const older = largestOther(stored, info.model);
    const value = older && older.count > mine ? { model: older.model, previous: true, dimensions: older.dimensions } : current;
    // once the older embedders' vectors are gone they do not come back
    this.target = { value, checkedAt: now, settled: !older && mine > 0 };
    return value;
  }

  /** Embeds every product image without a vector from the current embedder. */
  async sync(): Promise<SyncResult> {
    const info = await this.info();
    // "searches use the older vectors meanwhile" only where there are any (not on a new database);
    // once they are gone they do not come back, so the periodic syncs stop asking
    const older = info.previous && !this.target?.settled ? largestOther(await embeddersEndingWith(this.db, info.previous), info.model) : null;
    let lastLog = Date.now();
    const result = await syncImageEmbeddings(this.db, {
      media: this.media,
      model: info.model,
      extractor: info.keypoints,
      embed: (image, want) => this.pool.embed(image, want),
      skip: this.unreadable,
      onProgress: (done, total, work) => {
        // a new upload or two is not worth a line; a new embedder's whole catalogue is
        if (total < PROGRESS_FROM || done === total || (done > 0 && Date.now() - lastLog < PROGRESS_EVERY_MS)) return;
        lastLog = Date.now();
        const what = [work.vectors ? `${info.model} vectors` : "", work.keypoints ? `${info.keypoints} keypoints` : ""].filter(Boolean).join(" and ");
        const meanwhile = older && work.vectors ? `; searches use the ${older.model} vectors meanwhile` : "";
        this.log(`Image search: computing ${what}, ${done} of ${total} pictures done${meanwhile}.`);
      },
    });
    for (const image of result.failed) this.unreadable.add(image);
    if (result.embedded || result.removed) {
      for (const index of this.indexes.values()) (await index.catch(() => null))?.invalidate();
      this.target = null;
    }
    if (result.keypoints || result.removed) this.keypoints?.invalidate();
    // loaded now (at start, after an upload) rather than by the next search
    await this.keypoints?.current();
    return result;
  }

  /** Throws ImageRejectedError for anything that is not a decodable picture of a searchable size. */
  async search(image: Buffer): Promise<ImageSearchResult> {
    await inspectImage(image);
    return this.searchWith((options) => this.pool.embedQuery(image, options));
  }

  /**
   * The search from a photo's query data, which `embedQuery` computes for the options this
   * catalogue needs: the nearest pictures in the database's index, their ranking and products.
   * `search` computes it in the pool; the retrieval test replays what it computed on an earlier
   * database through here.
   */
  async searchWith(embedQuery: (options: Parameters<EmbedPool["embedQuery"]>[1]) => Promise<QueryData>): Promise<ImageSearchResult> {
    // the target first: it asks the pool which model it runs, which must not queue behind this embed
    const target = await this.searchTarget();
    const index = await this.vectorIndex(target.model);
    const catalogue = (await this.keypoints?.current()) ?? null;
    const { vectors, verified } = await embedQuery({
      previous: target.previous,
      catalogue: catalogue ? { version: catalogue.version, buffer: catalogue.buffer } : undefined,
    });
    const queries = vectors.map((q) => alignTo(q, target.dimensions));
    // a stored picture's similarity is its best view's (the whole photo or a crop of it)
    const similarity = new Map<string, number>();
    const keepBest = (list: NearestImage[]) => {
      for (const n of list) similarity.set(n.image, Math.max(similarity.get(n.image) ?? -Infinity, n.similarity));
    };
    for (const list of await Promise.all(queries.map((q) => index.nearest(q, NEAREST_IMAGES)))) keepBest(list);
    const seen = verified.map((v) => ({ image: catalogue!.images[v.picture]!, inliers: v.inliers }));
    // pictures the keypoints verify that no view had among its nearest: their similarity too
    const missing = seen.map((v) => v.image).filter((image) => !similarity.has(image));
    if (missing.length) for (const list of await Promise.all(queries.map((q) => index.similarities(q, missing)))) keepBest(list);
    const ranked = rankImages(similarity, seen).slice(0, NEAREST_IMAGES);
    const score = new Map(ranked.map((r) => [r.image, r.score]));
    const products = await productsByImages(
      this.db,
      ranked.map((r) => r.image),
      RESULT_PRODUCTS,
    );
    // one product per image file: bulk copies of one photo must not outvote the other matches
    const representatives = [...new Map(products.map((p) => [p.image, p] as const)).values()].slice(0, KEYWORD_PRODUCTS);
    const keywords = imageKeywords(representatives.map((p) => ({ name: p.name, category: p.category, brand: p.brand, similarity: score.get(p.image) ?? 0 })));
    const named = keywords.length ? await this.db.select({ name: categories.name, nameSw: categories.nameSw, slug: categories.slug }).from(categories) : [];
    return { products, keywords, keywordDetails: keywordDetails(keywords, named) };
  }
}

export interface ImageSearchOptions {
  /** where the product pictures are read from */
  media: MediaStore;
  /** worker threads that decode and embed pictures */
  workers?: number;
  /** an ONNX image encoder of the operator's own; unset, the built-in learned encoder */
  modelPath?: string;
  /** "learned" (default) or "descriptor" */
  encoder?: string;
  /** false: no keypoint matching (IMAGE_KEYPOINTS=off) */
  keypoints?: boolean;
  /** progress of vector recomputation and a fallback to the descriptor are said here */
  log?: (line: string) => void;
  /** searches that may wait for a worker before new ones are turned away as busy */
  maxWaiting?: number;
}

/**
 * Search by image for the process: the worker pool starts with the first search or sync (a page
 * render or a test that never searches by image costs no threads), and stops with `close`.
 */
export function createImageSearchService(db: Database, options: ImageSearchOptions) {
  let pool: EmbedPool | null = null;
  let instance: ImageSearch | null = null;
  const started = () => {
    pool ??= createEmbedPool({
      threads: options.workers,
      modelPath: options.modelPath,
      encoder: options.encoder,
      keypoints: options.keypoints,
      maxWaiting: options.maxWaiting,
    });
    instance ??= new ImageSearch(db, pool, options.media, options.log);
    return instance;
  };
  return {
    /** Throws a DomainError (not-an-image, image-damaged, too-many-pixels, busy) for what cannot be searched. */
    search: (image: Buffer) => started().search(image),
    /** Embeds every product image that has no vector from the current embedder yet. */
    sync: () => started().sync(),
    /** the worker pool's queue (nothing before the first search or sync) */
    queue: () => pool?.queue() ?? { running: 0, waiting: 0 },
    async close(): Promise<void> {
      const running = pool;
      pool = null;
      instance = null;
      await running?.close();
    },
  };
}

export type ImageSearchService = ReturnType<typeof createImageSearchService>;
