import os from "node:os";
import { Piscina } from "piscina";
import { DomainError } from "../errors";
import { ImageRejectedError } from "./decode";
import type { EmbedderInfo, EmbedResult, EmbedTask, PictureData, QueryData } from "./embed-worker";

export type { EmbedderInfo, PictureData, QueryData };

/** Image searches that may wait for a worker before new ones are turned away as busy. */
const MAX_WAITING = 32;
/** How long a stop waits for the photos under way and waiting (a few seconds at the most). */
const CLOSE_TIMEOUT_MS = 10_000;

/** piscina's refusals when every worker is busy and the queue is full (or has no room at all) */
const POOL_FULL = new Set(["Task queue is at limit", "No task queue available and all Workers are busy"]);

/** The pool is full: the caller should say "busy, try again" rather than wait. */
export class EmbedPoolBusyError extends DomainError {
  constructor() {
    super("busy", "Search by image is busy right now. Please try again in a moment.");
  }
}

export interface EmbedPool {
  info(): Promise<EmbedderInfo>;
  /**
   * A catalogue picture's stored vector and keypoint record, those asked for (both by default; the
   * keypoints only where the workers can compute them). Throws ImageRejectedError for pictures
   * that cannot be decoded.
   */
  embed(image: Buffer, want?: { vector: boolean; keypoints: boolean }): Promise<PictureData>;
  /**
   * A shopper's photo's query vectors (for the previous embedder's stored vectors with `previous`),
   * and which of `catalogue`'s pictures its keypoints verify (none without a catalogue).
   */
  embedQuery(image: Buffer, options?: { previous?: boolean; catalogue?: { version: string; buffer: SharedArrayBuffer } }): Promise<QueryData>;
  /** pictures being embedded now and waiting for a worker */
  queue(): { running: number; waiting: number };
  close(): Promise<void>;
}

export interface EmbedPoolOptions {
  threads?: number;
  /** an ONNX image encoder of the operator's own (IMAGE_MODEL_PATH) */
  modelPath?: string;
  /** "learned" (default) or "descriptor" (IMAGE_ENCODER) */
  encoder?: string;
  /** false: no keypoints are computed or matched (IMAGE_KEYPOINTS=off) */
  keypoints?: boolean;
  maxWaiting?: number;
}

/**
 * A small pool of worker threads running the embedder. From sources (tsx, Vitest) the worker is the
 * TypeScript file, loaded through tsx; in the production bundle it is dist/embed-worker.mjs.
 */
export function createEmbedPool(options: EmbedPoolOptions = {}): EmbedPool {
  const fromSource = import.meta.url.endsWith(".ts");
  const filename = new URL(fromSource ? "./embed-worker.ts" : "./embed-worker.mjs", import.meta.url).href;
  const threads = Math.max(1, options.threads ?? Math.min(4, os.availableParallelism() - 1));
  const pool = new Piscina<EmbedTask, EmbedResult>({
    filename,
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 60_000,
    closeTimeout: CLOSE_TIMEOUT_MS,
    // Each waiting task holds an upload (up to 10 MB): past this many, refuse instead of piling up.
    maxQueue: options.maxWaiting ?? MAX_WAITING,
    execArgv: fromSource ? ["--import", "tsx"] : [],
    // First come, first served. By default piscina puts a task it could not hand to a busy worker
    // back at the end of the queue; with searches arriving steadily, the second in line was sent to
    // the back each time the worker freed up, and waited 20 s while later photos went first (measured
    // with 4 shoppers searching at once).
    stricterFIFO: true,
    env: {
      ...process.env,
      IMAGE_MODEL_PATH: options.modelPath ?? process.env.IMAGE_MODEL_PATH ?? "",
      IMAGE_ENCODER: options.encoder ?? process.env.IMAGE_ENCODER ?? "",
      IMAGE_KEYPOINTS: options.keypoints === false ? "off" : options.keypoints === true ? "on" : (process.env.IMAGE_KEYPOINTS ?? ""),
    },
  });
  let inFlight = 0;
  const run = (task: EmbedTask, transferList?: ArrayBuffer[]) => {
    inFlight++;
    return pool
      .run(task, transferList ? { transferList } : {})
      .catch((error: unknown) => {
        if (error instanceof Error && POOL_FULL.has(error.message)) throw new EmbedPoolBusyError();
        throw error;
      })
      .finally(() => inFlight--);
  };
  // Kept once known; a failed attempt (say, the pool was full) is not remembered, the next call asks again.
  let info: Promise<EmbedderInfo> | null = null;
  /** the worker's answer about a picture, a refusal thrown as ImageRejectedError */
  const answer = async (task: EmbedTask, transferList: ArrayBuffer[]) => {
    const result = await run(task, transferList);
    if (!result.ok) throw new ImageRejectedError(result.message, result.code);
    return result;
  };
  return {
    info() {
      info ??= run({ kind: "info" }).then(
        (r) => {
          if (!r.ok) throw new Error(r.message);
          if (r.kind !== "info") throw new Error("the embedding worker did not answer with its embedder");
          const { model, dimensions, previous, fallback, keypoints, keypointsFallback } = r;
          return {
            model,
            dimensions,
            ...(previous ? { previous } : {}),
            ...(fallback ? { fallback } : {}),
            ...(keypoints ? { keypoints } : {}),
            ...(keypointsFallback ? { keypointsFallback } : {}),
          };
        },
        (error: unknown) => {
          info = null;
          throw error;
        },
      );
      return info;
    },
    async embed(image, want = { vector: true, keypoints: true }) {
      const copy = new Uint8Array(image);
      const result = await answer({ kind: "embed", image: copy, ...want }, [copy.buffer]);
      if (result.kind !== "picture" || (want.vector && !result.vector)) throw new Error("the embedding worker returned no vector");
      return { ...(result.vector ? { vector: result.vector } : {}), ...(result.keypoints ? { keypoints: result.keypoints } : {}) };
    },
    async embedQuery(image, options = {}) {
      const copy = new Uint8Array(image);
      const result = await answer({ kind: "query", image: copy, previous: options.previous, catalogue: options.catalogue }, [copy.buffer]);
      if (result.kind !== "query" || result.vectors.length === 0) throw new Error("the embedding worker returned no vector");
      return { vectors: result.vectors, verified: result.verified };
    },
    queue: () => ({ running: Math.max(0, inFlight - pool.queueSize), waiting: pool.queueSize }),
    // A stop lets the photos being embedded finish: a search whose shopper has gone still holds a
    // worker, and ending that worker mid-inference aborts the whole process (onnxruntime's native
    // error cannot be caught), so the server would exit with a crash instead of stopping. Past
    // CLOSE_TIMEOUT_MS the workers are ended anyway.
    close: () => pool.close().catch(() => pool.destroy()),
  };
}
