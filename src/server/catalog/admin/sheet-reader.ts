import { Piscina } from "piscina";
import { boundedQueue } from "../../auth/passwords";
import { DomainError } from "../../errors";
import type { SheetFileResult } from "./sheet-file";

export interface SheetReader {
  /** readSheetFile in a worker thread */
  read(data: Uint8Array): Promise<SheetFileResult>;
  close(): Promise<void>;
}

/**
 * Catalogue sheets are read in their own worker thread, behind a bounded queue, like Gerber ZIPs:
 * a large file is CPU work that would otherwise hold the event loop for as long as it runs, and a
 * pile of uploads waiting for it is refused as busy rather than kept in memory. From sources (tsx,
 * Vitest) the worker is the TypeScript file, loaded through tsx; in the production bundle it is
 * dist/sheet-worker.mjs.
 */
export function createSheetReader(options: { workers?: number; maxWaiting?: number } = {}): SheetReader {
  const workers = Math.max(1, options.workers ?? 1);
  const queue = boundedQueue(
    workers,
    Math.max(0, options.maxWaiting ?? 4),
    () => new DomainError("busy", "The server is busy reading other files right now. Please try again in a few seconds."),
  );
  let pool: Piscina<Uint8Array, SheetFileResult> | null = null;
  const start = () => {
    const fromSource = import.meta.url.endsWith(".ts");
    const filename = new URL(fromSource ? "./sheet-worker.ts" : "./sheet-worker.mjs", import.meta.url).href;
    return new Piscina<Uint8Array, SheetFileResult>({
      filename,
      minThreads: 0,
      maxThreads: workers,
      // an idle worker gives its memory back after a minute
      idleTimeout: 60_000,
      execArgv: fromSource ? ["--import", "tsx"] : [],
    });
  };
  return {
    read: (data) =>
      queue.run(async () => {
        pool ??= start();
        return pool.run(data);
      }),
    async close() {
      await pool?.destroy();
      pool = null;
    },
  };
}
