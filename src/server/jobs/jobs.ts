import pg from "pg";
import PgBoss from "pg-boss";

/** One kind of background work: what it does, and how often it is asked for. */
export interface JobSpec {
  name: string;
  run: () => Promise<void>;
  /** every server asks for a run this often; across servers it runs once per period */
  everyMs: number;
}

/** Runs after a failure: at most this many, waiting 5 s, then 10, 20, … (backoff). */
const RETRY_LIMIT = 3;
const RETRY_DELAY_S = 5;
/** The advisory lock app servers take turns on to set pg-boss up. */
const JOB_SETUP_LOCK_KEY = 726_500_5;

export interface JobQueue {
  readonly kind: "pg-boss" | "in-process";
  /**
   * Asks for a run of `name` now. While a run is waiting, asking again is the same request (false
   * is answered): a job enqueued twice runs once.
   */
  enqueue(name: string): Promise<boolean>;
  /** Starts the workers and the periodic requests; the in-process queue runs every job once first. */
  start(): Promise<void>;
  /** Stops taking work and waits for the runs in progress, at most `timeoutMs`. */
  stop(timeoutMs: number): Promise<void>;
  /** Runs waiting (queued, or due for a retry) and running, by job, for the metrics. */
  depth(): Promise<{ job: string; waiting: number; running: number }[]>;
}

export interface JobQueueOptions {
  jobs: JobSpec[];
  log: (line: string) => void;
  /** a run that threw (it is retried with backoff until RETRY_LIMIT) */
  onFailure: (job: string, error: unknown) => void;
  /** the first retry's wait (doubled at each further one); RETRY_DELAY_S unless a test shortens it */
  retryDelaySeconds?: number;
}

/**
 * The jobs on pg-boss (a PostgreSQL job queue), for one or several app servers on one database:
 * every server works the queues and asks for the periodic runs, and the database makes each run
 * happen once. A queue is "stately" (at most one run waiting and one running), a periodic request
 * is throttled to one per period across servers, and a run whose server dies mid-way expires and
 * is retried by another: nothing is lost or doubled when servers start or stop at once.
 */
export function pgBossJobQueue(connectionString: string, options: JobQueueOptions & { schema?: string }): JobQueue {
  const boss = new PgBoss({
    connectionString,
    schema: options.schema ?? "pgboss",
    // its own small pool: job polling must never wait behind the shop's requests, nor they behind it
    max: 3,
    application_name: "storefront-jobs",
    // no cron schedules are used: periodic runs are throttled requests (sub-minute periods)
    schedule: false,
  });
  boss.on("error", (error: Error) => options.log(`job queue: ${error.message}`));
  const timers: NodeJS.Timeout[] = [];
  const byName = new Map(options.jobs.map((job) => [job.name, job]));

  const request = async (job: JobSpec) => {
    // one run per period across servers: the slot is the period's number since the epoch
    await boss.sendThrottled(job.name, {}, {}, Math.max(1, Math.round(job.everyMs / 1000))).catch((error: unknown) => {
      options.log(`job queue: ${job.name} not requested: ${error instanceof Error ? error.message : String(error)}`);
    });
  };

  return {
    kind: "pg-boss",
    async enqueue(name) {
      if (!byName.has(name)) throw new Error(`unknown job ${name}`);
      return (await boss.send(name, {})) !== null;
    },
    async start() {
      // pg-boss's set-up (its schema, a table per queue) deadlocks when two servers run it at
      // once: servers starting together take turns, on a connection of its own
      const lock = new pg.Client({ connectionString, application_name: "storefront-jobs" });
      await lock.connect();
      try {
        await lock.query("select pg_advisory_lock($1)", [JOB_SETUP_LOCK_KEY]);
        await boss.start();
        for (const job of options.jobs) {
          if (await boss.getQueue(job.name)) continue;
          await boss.createQueue(job.name, {
            name: job.name,
            policy: "stately",
            retryLimit: RETRY_LIMIT,
            retryDelay: options.retryDelaySeconds ?? RETRY_DELAY_S,
            retryBackoff: true,
            // a run longer than this is taken as lost (its server died) and retried
            expireInSeconds: 15 * 60,
          });
        }
      } finally {
        await lock.end().catch(() => undefined); // ends the session, and with it the lock
      }
      for (const job of options.jobs) {
        // asked for before working: a run already waiting (from before a restart) is this period's run
        await request(job);
        await boss.work(job.name, { pollingIntervalSeconds: 1 }, async () => {
          try {
            await job.run();
          } catch (error) {
            options.onFailure(job.name, error);
            throw error;
          }
        });
        const timer = setInterval(() => void request(job), job.everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop(timeoutMs) {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: true });
    },
    async depth() {
      return Promise.all(
        options.jobs.map(async (job) => {
          // states run created < retry < active < completed: "before" counts the states ahead of it
          const [waiting, unfinished] = await Promise.all([
            boss.getQueueSize(job.name, { before: "active" }),
            boss.getQueueSize(job.name, { before: "completed" }),
          ]);
          return { job: job.name, waiting, running: unfinished - waiting };
        }),
      );
    },
  };
}

/**
 * The same jobs in this process, for the embedded database (no other process can share it): a
 * request while a run waits is the same request, a failed run is retried with the same backoff,
 * and the periodic requests are timers.
 */
export function inProcessJobQueue(options: JobQueueOptions): JobQueue {
  const byName = new Map(options.jobs.map((job) => [job.name, job]));
  const waiting = new Set<string>();
  const running = new Map<string, Promise<void>>();
  const active = new Set<string>();
  const timers: NodeJS.Timeout[] = [];
  const retries = new Set<NodeJS.Timeout>();
  let stopped = false;

  const runOnce = async (job: JobSpec, attempt: number): Promise<void> => {
    active.add(job.name);
    try {
      await job.run();
    } catch (error) {
      options.onFailure(job.name, error);
      if (attempt < RETRY_LIMIT && !stopped) {
        const retry = setTimeout(
          () => {
            retries.delete(retry);
            void enqueue(job.name, attempt + 1);
          },
          (options.retryDelaySeconds ?? RETRY_DELAY_S) * 1000 * 2 ** attempt,
        );
        retry.unref();
        retries.add(retry);
      }
    } finally {
      active.delete(job.name);
    }
  };

  // a run waits for the running one of its job: one at a time per job, as with the stately queues
  const enqueue = async (name: string, attempt = 0): Promise<boolean> => {
    const job = byName.get(name);
    if (!job) throw new Error(`unknown job ${name}`);
    if (stopped || waiting.has(name)) return false;
    waiting.add(name);
    const before = running.get(name) ?? Promise.resolve();
    const run = before.then(() => {
      waiting.delete(name);
      return runOnce(job, attempt);
    });
    running.set(name, run);
    void run.finally(() => {
      if (running.get(name) === run) running.delete(name);
    });
    return true;
  };

  return {
    kind: "in-process",
    enqueue: (name) => enqueue(name),
    async start() {
      stopped = false;
      // the first runs before the server answers, as a single server always did (the image index is complete at once)
      for (const job of options.jobs) await enqueue(job.name);
      await Promise.all(running.values());
      for (const job of options.jobs) {
        const timer = setInterval(() => void enqueue(job.name), job.everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop(timeoutMs) {
      stopped = true;
      for (const timer of timers.splice(0)) clearInterval(timer);
      for (const retry of retries) clearTimeout(retry);
      retries.clear();
      const deadline = new Promise((resolve) => setTimeout(resolve, timeoutMs).unref());
      await Promise.race([Promise.all(running.values()), deadline]);
    },
    async depth() {
      return options.jobs.map((job) => ({ job: job.name, waiting: waiting.has(job.name) ? 1 : 0, running: active.has(job.name) ? 1 : 0 }));
    },
  };
}
