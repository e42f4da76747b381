import type { Database } from "../db";
import type { MediaStore } from "../media/media-store";
import { productsByImages } from "../catalog/products";
import type { Product } from "../catalog/to-product";
import { inspectImage } from "./decode";
import { createEmbedPool, type EmbedPool } from "./embed-pool";
import { syncImageEmbeddings, type SyncResult } from "./embeddings-store";
import { imageKeywords } from "./keywords";
import { openVectorIndex, type VectorIndex } from "./vector-index";

export interface ImageSearchResult {
  products: Product[];
  keywords: string[];
}

/** How many nearest image files are looked at, and how many products are answered. */
const NEAREST_IMAGES = 24;
const RESULT_PRODUCTS = 24;
/** Products whose keywords count: the closest few say what the picture shows. */
const KEYWORD_PRODUCTS = 8;

/**
 * Search by image for one database: the embedding pool, the vector index (pgvector or in-process)
 * and the keeping of stored vectors in step with the catalogue.
 */
export class ImageSearch {
  private index: Promise<VectorIndex> | null = null;
  /** image files that could not be read or decoded: not retried on every sync */
  private readonly unreadable = new Set<string>();

  constructor(
    private readonly db: Database,
    private readonly pool: EmbedPool,
    private readonly media: MediaStore,
  ) {}

  async model(): Promise<string> {
    return (await this.pool.info()).model;
  }

  vectorIndex(): Promise<VectorIndex> {
    this.index ??= this.model()
      .then((model) => openVectorIndex(this.db, model))
      .catch((error: unknown) => {
        this.index = null; // e.g. the pool was full: try again next time
        throw error;
      });
    return this.index;
  }

  /** Embeds every product image without a vector from the current embedder. */
  async sync(): Promise<SyncResult> {
    const result = await syncImageEmbeddings(this.db, {
      media: this.media,
      model: await this.model(),
      embed: (image) => this.pool.embed(image),
      skip: this.unreadable,
    });
    for (const image of result.failed) this.unreadable.add(image);
    if (result.embedded || result.removed) (await this.vectorIndex()).invalidate();
    return result;
  }

  /** Throws ImageRejectedError for anything that is not a decodable picture of a searchable size. */
  async search(image: Buffer): Promise<ImageSearchResult> {
    await inspectImage(image);
    // the index first: it asks the pool which model it runs, which must not queue behind this embed
    const index = await this.vectorIndex();
    const vector = await this.pool.embed(image);
    const nearest = await index.nearest(vector, NEAREST_IMAGES);
    const similarity = new Map(nearest.map((n) => [n.image, n.similarity]));
    const products = await productsByImages(
      this.db,
      nearest.map((n) => n.image),
      RESULT_PRODUCTS,
    );
    // one product per image file: bulk copies of one photo must not outvote the other matches
    const representatives = [...new Map(products.map((p) => [p.image, p] as const)).values()].slice(0, KEYWORD_PRODUCTS);
    const keywords = imageKeywords(
      representatives.map((p) => ({ name: p.name, category: p.category, brand: p.brand, similarity: similarity.get(p.image) ?? 0 })),
    );
    return { products, keywords };
  }
}

export interface ImageSearchOptions {
  /** where the product pictures are read from */
  media: MediaStore;
  /** worker threads that decode and embed pictures */
  workers?: number;
  /** an ONNX image encoder; unset, the built-in descriptor */
  modelPath?: string;
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
    pool ??= createEmbedPool({ threads: options.workers, modelPath: options.modelPath, maxWaiting: options.maxWaiting });
    instance ??= new ImageSearch(db, pool, options.media);
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
