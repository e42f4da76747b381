import { Piscina } from "piscina";
import { boundedQueue } from "../auth/passwords";
import { DomainError } from "../errors";
import type { GerberResult } from "./gerber-zip";

export interface GerberInspectorOptions {
  /** archives inspected at once (each is a few hundred milliseconds of one core at most) */
  workers?: number;
  /** archives that may wait for a worker; past that, new ones are refused as busy */
  maxWaiting?: number;
}

export interface GerberInspector {
  /** checkGerberZip in a worker thread */
  inspect(data: Uint8Array): Promise<GerberResult>;
  close(): Promise<void>;
}

/**
 * Gerber ZIPs are inspected in their own worker thread, behind a bounded queue: inflating an archive
 * is CPU work that would otherwise hold the event loop (and with it every other request) for as
 * long as it runs, and a pile of uploads waiting for it is refused as busy rather than kept in
 * memory. From sources (tsx, Vitest) the worker is the TypeScript file, loaded through tsx; in the
 * production bundle it is dist/gerber-worker.mjs.
 */
export function createGerberInspector(options: GerberInspectorOptions = {}): GerberInspector {
  const workers = Math.max(1, options.workers ?? 1);
  const queue = boundedQueue(
    workers,
    Math.max(0, options.maxWaiting ?? 8),
    () => new DomainError("busy", "The server is busy checking uploads right now. Please try again in a few seconds."),
  );
  let pool: Piscina<Uint8Array, GerberResult> | null = null;
  const start = () => {
    const fromSource = import.meta.url.endsWith(".ts");
    const filename = new URL(fromSource ? "./gerber-worker.ts" : "./gerber-worker.mjs", import.meta.url).href;
    return new Piscina<Uint8Array, GerberResult>({
      filename,
      minThreads: 0,
      maxThreads: workers,
      // an idle worker gives its memory back after a minute
      idleTimeout: 60_000,
      execArgv: fromSource ? ["--import", "tsx"] : [],
    });
  };

  return {
    inspect: (data) =>
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
