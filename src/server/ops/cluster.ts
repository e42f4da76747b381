import cluster, { type Worker } from "node:cluster";
import { AggregatorRegistry } from "prom-client";

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
const METRICS_ASK = "storefront:metrics-ask";
const METRICS_ANSWER = "storefront:metrics-answer";
/** How long a worker waits for the primary's sum of every worker's metrics. */
const METRICS_WAIT_MS = 3_000;

type MetricsMessage = { type: typeof METRICS_ASK; id: number } | { type: typeof METRICS_ANSWER; id: number; text?: string; error?: string };

let asked = 0;
/**
 * In a worker: every worker's metrics summed by the primary (prom-client's cluster aggregation),
 * so a scrape that reaches any worker sees the whole machine; null when the primary does not
 * answer in time (the caller then shows this worker's own).
 */
export function clusterMetrics(): Promise<string | null> {
  if (!cluster.isWorker || !process.send) return Promise.resolve(null);
  const id = ++asked;
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(null), METRICS_WAIT_MS);
    const listen = (message: MetricsMessage) => {
      if (message?.type === METRICS_ANSWER && message.id === id) finish(message.text ?? null);
    };
    function finish(text: string | null) {
      clearTimeout(timer);
      process.off("message", listen);
      resolve(text);
    }
    process.on("message", listen);
    process.send!({ type: METRICS_ASK, id } satisfies MetricsMessage);
  });
}

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
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker: Worker, message: MetricsMessage) => {
    if (message?.type !== METRICS_ASK) return;
    const answer = (reply: { text?: string; error?: string }) => worker.send({ type: METRICS_ANSWER, id: message.id, ...reply } satisfies MetricsMessage);
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
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
