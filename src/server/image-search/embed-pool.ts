import os from "node:os";
import { Piscina } from "piscina";
import { ImageRejectedError } from "./decode";
import type { EmbedResult, EmbedTask } from "./embed-worker";

export interface EmbedPool {
  /** which embedder the workers run, and its vector length */
  info(): Promise<{ model: string; dimensions: number }>;
  /** throws ImageRejectedError for pictures that cannot be decoded */
  embed(image: Buffer): Promise<Float32Array>;
  close(): Promise<void>;
}

/**
 * A small pool of worker threads running the embedder. From sources (tsx, Vitest) the worker is the
 * TypeScript file, loaded through tsx; in the production bundle it is dist/embed-worker.mjs.
 */
export function createEmbedPool(options: { threads?: number; modelPath?: string } = {}): EmbedPool {
  const fromSource = import.meta.url.endsWith(".ts");
  const filename = new URL(fromSource ? "./embed-worker.ts" : "./embed-worker.mjs", import.meta.url).href;
  const threads = Math.max(1, options.threads ?? Math.min(4, os.availableParallelism() - 1));
  const pool = new Piscina<EmbedTask, EmbedResult>({
    filename,
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 60_000,
    execArgv: fromSource ? ["--import", "tsx"] : [],
    env: { ...process.env, IMAGE_MODEL_PATH: options.modelPath ?? process.env.IMAGE_MODEL_PATH ?? "" },
  });
  let info: Promise<{ model: string; dimensions: number }> | null = null;
  return {
    info() {
      info ??= pool.run({ kind: "info" }).then((r) => {
        if (!r.ok) throw new Error(r.message);
        return { model: r.model, dimensions: r.dimensions };
      });
      return info;
    },
    async embed(image) {
      const copy = new Uint8Array(image);
      const result = await pool.run({ kind: "embed", image: copy }, { transferList: [copy.buffer] });
      if (!result.ok) throw new ImageRejectedError(result.message, result.status);
      if (!result.vector) throw new Error("the embedding worker returned no vector");
      return result.vector;
    },
    close: () => pool.destroy(),
  };
}
