import pg from "pg";
import PgBoss from "pg-boss";
import { afterAll, describe, expect, inject, it } from "vitest";
import { inProcessJobQueue, pgBossJobQueue, type JobQueue, type JobSpec } from "../../src/server/jobs/jobs";

/*
 * The background jobs' queue: in this process on the embedded database, pg-boss on PostgreSQL.
 * The pg-boss half needs a PostgreSQL server (the CI's second stage, TEST_DATABASE_URL); it runs
 * two queues on one database, as two app servers do.
 */
const { databaseUrl } = inject("database");
const until = async (check: () => boolean, what: string, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

/** A job that counts its runs, takes a moment, and fails its first `failFirst` runs. */
function probe(name: string, failFirst = 0) {
  const state = { runs: 0, failures: 0 };
  const spec: JobSpec = {
    name,
    everyMs: 60_000,
    run: async () => {
      state.runs++;
      await new Promise((resolve) => setTimeout(resolve, 150));
      if (state.runs <= failFirst) throw new Error(`${name} failed on purpose`);
    },
  };
  return { spec, state };
}

describe("background jobs in this process (the embedded database)", () => {
  it("runs a job asked for twice while it waits once, and retries a failed run with backoff", async () => {
    const once = probe("once");
    const flaky = probe("flaky", 1);
    const failures: string[] = [];
    const queue = inProcessJobQueue({ jobs: [once.spec, flaky.spec], log: () => undefined, onFailure: (job) => failures.push(job), retryDelaySeconds: 0.05 });
    await queue.start(); // the first run of each, before the server answers
    expect(once.state.runs).toBe(1);
    const asked = await Promise.all([queue.enqueue("once"), queue.enqueue("once")]);
    expect(asked.filter(Boolean)).toHaveLength(1);
    await until(() => once.state.runs === 2, "the asked-for run");
    await until(() => flaky.state.runs === 2, "the retry of the failed run");
    expect(failures).toEqual(["flaky"]);
    await queue.stop(5_000);
    expect(await queue.enqueue("once")).toBe(false);
    expect(once.state.runs).toBe(2);
  });
});

describe.skipIf(!databaseUrl)("background jobs on pg-boss, two app servers on one PostgreSQL", () => {
  const schema = `pgboss_test_${process.pid}`;
  const queues: JobQueue[] = [];
  const open = (jobs: JobSpec[]) => {
    const queue = pgBossJobQueue(databaseUrl!, { jobs, log: () => undefined, onFailure: () => undefined, schema, retryDelaySeconds: 1 });
    queues.push(queue);
    return queue;
  };

  afterAll(async () => {
    for (const queue of queues) await queue.stop(5_000).catch(() => undefined);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  });

  it("runs the periodic job once across two servers starting at once, and a job enqueued twice once", { timeout: 90_000 }, async () => {
    // both servers run the same job code: one counter stands for the work done anywhere
    const job = probe("shared");
    // several queues each: pg-boss's own set-up deadlocks when two servers run it at once unguarded
    const others = [probe("other-1"), probe("other-2")].map((other) => other.spec);
    const [a, b] = [open([job.spec, ...others]), open([job.spec, ...others])];
    await Promise.all([a.start(), b.start()]); // each asks for this period's run
    await until(() => job.state.runs >= 1, "the period's run");
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // both servers poll every second meanwhile
    expect(job.state.runs).toBe(1);

    const asked = [await a.enqueue("shared"), await b.enqueue("shared")];
    expect(asked).toEqual([true, false]);
    await until(() => job.state.runs === 2, "the asked-for run");
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(job.state.runs).toBe(2);
    expect((await a.depth())[0]).toEqual({ job: "shared", waiting: 0, running: 0 });
  });

  it("retries a failed run with backoff, and a job that waited while no server worked its queue runs once when one starts", { timeout: 90_000 }, async () => {
    const flaky = probe("flaky", 1);
    const worker = open([flaky.spec]);
    await worker.start();
    await until(() => flaky.state.runs === 2, "the retry", 60_000);

    // a job asked for while no server works its queue (all stopped, say, in a deploy) waits in the
    // database and runs once when a server starts
    const later = probe("later");
    const asker = new PgBoss({ connectionString: databaseUrl!, schema, max: 1, schedule: false, supervise: false });
    await asker.start();
    await asker.createQueue("later", { name: "later", policy: "stately" });
    expect(await asker.send("later", {})).not.toBeNull();
    await asker.stop({ graceful: false, close: true });
    expect(later.state.runs).toBe(0);
    await open([later.spec]).start(); // its own request for the period finds one waiting: the same run
    await until(() => later.state.runs === 1, "the waiting run");
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(later.state.runs).toBe(1);
  });
});
