import { inArray, sql } from "drizzle-orm";
import { rowsOf, type Database } from "../db";
import { imageEmbeddings } from "../db/schema";

export interface NearestImage {
  image: string;
  /** the dot product of the stored and the query vector (for unit vectors, their cosine) */
  similarity: number;
}

/**
 * Stored image vectors with the largest dot product with a query vector, best first, ties by image.
 * A dot product rather than a cosine: a fused embedder's stored vectors are two unit vectors side
 * by side and its query carries the weights (fused-encoder.ts); for unit vectors the two agree.
 */
export interface VectorIndex {
  readonly kind: "pgvector" | "memory";
  nearest(vector: Float32Array, k: number): Promise<NearestImage[]>;
  /** The similarity of the query to each of `images` that has a stored vector (any order). */
  similarities(vector: Float32Array, images: string[]): Promise<NearestImage[]>;
  /** Local writes just happened: the next query must see them. */
  invalidate(): void;
}

/** True when migration 0008 could add the pgvector column (the server has the extension). */
export async function hasPgvector(db: Database): Promise<boolean> {
  const rows = rowsOf<{ present: boolean }>(
    await db.execute(sql`select exists (select 1 from information_schema.columns where table_name = 'image_embeddings' and column_name = 'vec') as present`),
  );
  return rows[0]?.present === true;
}

function vectorLiteral(vector: Float32Array): string {
  return `[${Array.from(vector, (v) => (Number.isFinite(v) ? v : 0)).join(",")}]`;
}

/** Exact nearest-neighbour search in SQL with pgvector's inner product (`<#>` is its negative). */
export function pgvectorIndex(db: Database, model: string): VectorIndex {
  return {
    kind: "pgvector",
    async nearest(vector, k) {
      const literal = vectorLiteral(vector);
      const rows = rowsOf<{ image: string; similarity: number }>(
        await db.execute(sql`
          select image, -(vec <#> ${literal}::vector) as similarity
          from image_embeddings
          where model = ${model}
          order by vec <#> ${literal}::vector, image
          limit ${k}`),
      );
      return rows.map((r) => ({ image: r.image, similarity: Number(r.similarity) }));
    },
    async similarities(vector, images) {
      if (images.length === 0) return [];
      const literal = vectorLiteral(vector);
      const rows = rowsOf<{ image: string; similarity: number }>(
        await db.execute(sql`
          select image, -(vec <#> ${literal}::vector) as similarity
          from image_embeddings
          where model = ${model} and ${inArray(imageEmbeddings.image, images)}`),
      );
      return rows.map((r) => ({ image: r.image, similarity: Number(r.similarity) }));
    },
    invalidate() {},
  };
}

/** How long another app server's writes may go unseen by this one's in-process index. */
export const MEMORY_INDEX_RECHECK_MS = 5_000;

/**
 * Exact search over an in-process copy of the stored vectors, for databases without pgvector: one
 * contiguous Float32Array scanned with dot products (the vectors are unit length). It reloads when
 * this process wrote, or when a cheap check finds the table changed (another app server wrote).
 */
export function memoryIndex(db: Database, model: string, recheckMs = MEMORY_INDEX_RECHECK_MS): VectorIndex {
  let images: string[] = [];
  let rowOf = new Map<string, number>();
  let matrix = new Float32Array(0);
  let dimensions = 0;
  let version = "";
  let checkedAt = 0;
  let stale = true;
  let loading: Promise<void> | null = null;

  const currentVersion = async () => {
    const row = rowsOf<{ n: number; latest: string | null }>(
      await db.execute(sql`select count(*)::int as n, max(updated_at)::text as latest from image_embeddings where model = ${model}`),
    )[0];
    return `${row?.n ?? 0}:${row?.latest ?? ""}`;
  };

  const load = async () => {
    const seen = await currentVersion();
    if (!stale && seen === version) return;
    const rows = rowsOf<{ image: string; embedding: number[] }>(
      await db.execute(sql`select image, embedding from image_embeddings where model = ${model} order by image`),
    );
    const width = rows[0]?.embedding.length ?? 0;
    const next = new Float32Array(rows.length * width);
    rows.forEach((r, i) => next.set(r.embedding, i * width));
    images = rows.map((r) => r.image);
    rowOf = new Map(images.map((image, row) => [image, row]));
    matrix = next;
    dimensions = width;
    version = seen;
    stale = false;
  };

  const fresh = async () => {
    const now = Date.now();
    if (!stale && now - checkedAt < recheckMs) return;
    loading ??= load().finally(() => {
      loading = null;
    });
    await loading;
    checkedAt = now;
  };

  const dotWith = (row: number, vector: Float32Array) => {
    let dot = 0;
    const offset = row * dimensions;
    for (let i = 0; i < dimensions; i++) dot += matrix[offset + i]! * vector[i]!;
    return dot;
  };

  return {
    kind: "memory",
    async nearest(vector, k) {
      await fresh();
      if (vector.length !== dimensions) return [];
      const best: NearestImage[] = [];
      for (let row = 0; row < images.length; row++) {
        const dot = dotWith(row, vector);
        if (best.length === k && dot <= best[k - 1]!.similarity) continue;
        const entry = { image: images[row]!, similarity: dot };
        let at = best.length;
        while (at > 0 && best[at - 1]!.similarity < dot) at--;
        best.splice(at, 0, entry);
        if (best.length > k) best.pop();
      }
      return best;
    },
    async similarities(vector, wanted) {
      await fresh();
      if (vector.length !== dimensions) return [];
      return wanted.flatMap((image) => {
        const row = rowOf.get(image);
        return row === undefined ? [] : [{ image, similarity: dotWith(row, vector) }];
      });
    },
    invalidate() {
      stale = true;
    },
  };
}

/** pgvector where the database has it, else the in-process index. */
export async function openVectorIndex(db: Database, model: string): Promise<VectorIndex> {
  return (await hasPgvector(db)) ? pgvectorIndex(db, model) : memoryIndex(db, model);
}
