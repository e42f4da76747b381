import os from "node:os";
import { Piscina } from "piscina";
import { DomainError } from "../errors";
import { ImageRejectedError } from "./decode";
import type { EmbedResult, EmbedTask } from "./embed-worker";

/** Image searches that may wait for a worker before new ones are turned away as busy. */
const MAX_WAITING = 32;

/** piscina's refusals when every worker is busy and the queue is full (or has no room at all) */
const POOL_FULL = new Set(["Task queue is at limit", "No task queue available and all Workers are busy"]);

/** The pool is full: the caller should say "busy, try again" rather than wait. */
export class EmbedPoolBusyError extends DomainError {
  constructor() {
    super("busy", "Search by image is busy right now. Please try again in a moment.");
  }
}

export interface EmbedPool {
  /** which embedder the workers run, and its vector length */
  info(): Promise<{ model: string; dimensions: number }>;
  /** throws ImageRejectedError for pictures that cannot be decoded */
  embed(image: Buffer): Promise<Float32Array>;
  /** pictures being embedded now and waiting for a worker */
  queue(): { running: number; waiting: number };
  close(): Promise<void>;
}

/**
 * A small pool of worker threads running the embedder. From sources (tsx, Vitest) the worker is the
 * TypeScript file, loaded through tsx; in the production bundle it is dist/embed-worker.mjs.
 */
export function createEmbedPool(options: { threads?: number; modelPath?: string; maxWaiting?: number } = {}): EmbedPool {
  const fromSource = import.meta.url.endsWith(".ts");
  const filename = new URL(fromSource ? "./embed-worker.ts" : "./embed-worker.mjs", import.meta.url).href;
  const threads = Math.max(1, options.threads ?? Math.min(4, os.availableParallelism() - 1));
  const pool = new Piscina<EmbedTask, EmbedResult>({
    filename,
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 60_000,
    // Each waiting task holds an upload (up to 10 MB): past this many, refuse instead of piling up.
    maxQueue: options.maxWaiting ?? MAX_WAITING,
    execArgv: fromSource ? ["--import", "tsx"] : [],
    env: { ...process.env, IMAGE_MODEL_PATH: options.modelPath ?? process.env.IMAGE_MODEL_PATH ?? "" },
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
  let info: Promise<{ model: string; dimensions: number }> | null = null;
  return {
    info() {
      info ??= run({ kind: "info" }).then(
        (r) => {
          if (!r.ok) throw new Error(r.message);
          return { model: r.model, dimensions: r.dimensions };
        },
        (error: unknown) => {
          info = null;
          throw error;
        },
      );
      return info;
    },
    async embed(image) {
      const copy = new Uint8Array(image);
      const result = await run({ kind: "embed", image: copy }, [copy.buffer]);
      if (!result.ok) throw new ImageRejectedError(result.message, result.code);
      if (!result.vector) throw new Error("the embedding worker returned no vector");
      return result.vector;
    },
    queue: () => ({ running: Math.max(0, inFlight - pool.queueSize), waiting: pool.queueSize }),
    close: () => pool.destroy(),
  };
}
