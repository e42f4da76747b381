import cluster, { type Worker } from "node:cluster";

export interface ClusterOptions {
  /** how many worker processes serve requests */
  workers: number;
  /** the script the workers run (default: the primary's own) */
  exec?: string;
  log?: (line: string) => void;
  /** how long a stop waits for the workers to drain before it kills them */
  stopTimeoutMs?: number;
}

/** A worker tells the primary it listens (after migrations and seeding) with this message. */
export const WORKER_READY = "storefront:worker-ready";

/**
 * Several worker processes on one machine sharing one port (node:cluster), for its cores. The
 * first worker starts alone, so migrations, seeding and the first admin account happen once; the
 * others start when it is ready. A worker that dies is replaced (after a pause that grows while
 * they keep dying); SIGTERM or SIGINT passes SIGTERM to every worker, each drains and exits, and
 * the primary exits when all have (or kills them after `stopTimeoutMs`).
 */
export function runCluster(options: ClusterOptions): { stopped: Promise<number> } {
  const log = options.log ?? ((line: string) => console.log(line));
  if (options.exec) cluster.setupPrimary({ exec: options.exec });
  let stopping = false;
  let failures = 0;
  let resolveStopped!: (code: number) => void;
  const stopped = new Promise<number>((resolve) => (resolveStopped = resolve));

  const fork = (): Promise<Worker> =>
    new Promise((resolve) => {
      const worker = cluster.fork();
      worker.on("message", (message: unknown) => {
        if (message !== WORKER_READY) return;
        failures = 0;
        resolve(worker);
      });
      worker.once("exit", (code, signal) => {
        resolve(worker);
        if (stopping) {
          if (Object.keys(cluster.workers ?? {}).length === 0) resolveStopped(0);
          return;
        }
        failures++;
        const pause = Math.min(30_000, 500 * 2 ** Math.min(failures, 6));
        log(`worker ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another in ${pause} ms`);
        setTimeout(() => void fork(), pause).unref();
      });
    });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    log(`${signal}: stopping ${running.length} workers`);
    if (running.length === 0) resolveStopped(0);
    for (const worker of running) worker.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      resolveStopped(1);
    }, options.stopTimeoutMs ?? 30_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  void (async () => {
    await fork();
    for (let i = 1; i < options.workers && !stopping; i++) void fork();
    log(`${options.workers} workers started`);
  })();
  return { stopped };
}
