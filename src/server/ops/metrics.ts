import { sql } from "drizzle-orm";
import cluster from "node:cluster";
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { clusterMetrics } from "./cluster";
import { rowsOf, type Database } from "../db";

/** What the metrics read from the rest of the process when they are scraped. */
export interface MetricSources {
  db: Database;
  /** the PostgreSQL pool's connections (absent on the embedded database, which has no pool) */
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
  /** search by image: pictures being embedded and waiting for a worker */
  imageSearchQueue: () => { running: number; waiting: number };
  /** the background jobs' queues (pg-boss, or this process's) */
  jobQueues?: () => Promise<{ job: string; waiting: number; running: number }[]>;
}

/** The outbox tables whose backlog is a queue of background work. */
const QUEUES = ["mail_outbox", "fiscal_outbox"] as const;

/**
 * The process's Prometheus metrics: request latency per route and status (the API's routes by
 * their pattern, pages as one route, so the label set stays small), the database pool, the
 * background queues' backlog and failures, the image-search queue, and Node's own (memory, event
 * loop lag, GC). One registry per process, exposed at /metrics.
 */
export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestSeconds = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: "shop_job_failures_total",
    help: "Background job runs that failed, by job",
    labelNames: ["job"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "shop_db_pool_connections",
    help: "Database pool connections by state (in use, idle, and requests waiting for one)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = sources.pool;
      this.set({ state: "in_use" }, pool ? pool.totalCount - pool.idleCount : 0);
      this.set({ state: "idle" }, pool ? pool.idleCount : 0);
      this.set({ state: "waiting" }, pool ? pool.waitingCount : 0);
    },
  });
  new Gauge({
    name: "shop_image_search_queue",
    help: "Search-by-image pictures being embedded (running) and waiting for a worker",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const queue = sources.imageSearchQueue();
      this.set({ state: "running" }, queue.running);
      this.set({ state: "waiting" }, queue.waiting);
    },
  });
  new Gauge({
    name: "shop_job_queue_depth",
    help: "Background work not yet done, by queue and state (pending, sending, failed awaiting a retry, dead after the last attempt)",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    // every worker reads the same tables: a machine's sum would count them once per worker
    aggregator: "first",
    async collect() {
      this.reset();
      for (const queue of QUEUES) {
        // the (state, next attempt) index answers this without reading the sent rows
        const rows = rowsOf<{ state: string; n: number }>(
          await sources.db.execute(sql`select state, count(*)::int as n from ${sql.identifier(queue)} where state <> 'sent' group by state`),
        );
        for (const state of ["pending", "sending", "failed", "dead"]) this.set({ queue, state }, Number(rows.find((r) => r.state === state)?.n ?? 0));
      }
      for (const { job, waiting, running } of (await sources.jobQueues?.().catch(() => [])) ?? []) {
        this.set({ queue: job, state: "pending" }, waiting);
        this.set({ queue: job, state: "running" }, running);
      }
    },
  });

  if (cluster.isWorker) {
    // the primary's aggregation asks each worker for this registry
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([registry]);
  }

  return {
    registry,
    /** One answered request: `route` is the API route's pattern, "page", "media" or "unmatched". */
    observeRequest(method: string, route: string, status: number, seconds: number) {
      requestSeconds.observe({ method, route, status_code: String(status) }, seconds);
    },
    jobFailed(job: string) {
      jobFailures.inc({ job });
    },
    /** The Prometheus text exposition of every metric (of every worker, under WEB_CONCURRENCY). */
    exposition: async () => (await clusterMetrics()) ?? registry.metrics(),
    contentType: registry.contentType,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
