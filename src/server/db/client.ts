import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import lockfile from "proper-lockfile";
import * as schema from "./schema";

/**
 * The shop's database, whichever driver serves it (PGlite or node-postgres), and equally a
 * transaction inside it: domain code takes this one type and runs the same either way (see
 * `withTransaction` in ./transaction.ts).
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** the embedded database's own client (backups dump its files through it) */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… for a PostgreSQL server; otherwise the embedded PGlite is used. */
  databaseUrl?: string;
  /** Folder for the embedded database files; "memory://" keeps it in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  migrate?: boolean;
  /**
   * Time limits for the shop's queries, so an overloaded or stuck database answers "busy" instead
   * of holding requests: a row lock not had within `lockMs`, a statement running past
   * `statementMs` (0 = no limit for either), a pooled connection not free or not opened within
   * `acquireMs`. Unset (scripts such as bulk seeding), nothing is limited.
   */
  timeouts?: DatabaseTimeouts;
}

export interface DatabaseTimeouts {
  lockMs: number;
  statementMs: number;
  acquireMs: number;
}

export const MIGRATIONS_DIR = process.env.MIGRATIONS_DIR ?? path.join(process.cwd(), "src/server/db/migrations");
const MIGRATION_LOCK_KEY = 726_500_1;

export class DataDirInUseError extends Error {}

export async function openDatabase(options: OpenOptions): Promise<DbHandle> {
  const handle = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize ?? 10, options.timeouts)
    : await openPglite(options.dataDir ?? "./data");
  if (options.migrate !== false) await migrateDatabase(handle);
  return handle;
}

async function openPostgres(url: string, poolSize: number, timeouts: DatabaseTimeouts | undefined): Promise<DbHandle & { pool: pg.Pool }> {
  // Many small concurrent queries: parallel workers only add start-up cost and steal the cores
  // other requests need, so each query runs on its own backend. The time limits are session
  // settings of every pooled connection, so every statement and transaction carries them.
  // JIT compiling pays off for long analytic queries only: for a count over many rows it adds
  // tens of milliseconds of compilation to a query that runs in a few. A search reads search_rank
  // in its stored order (most popular first) and stops early, so a scan never starts mid-table.
  const settings = ["-c max_parallel_workers_per_gather=0", "-c jit=off", "-c synchronize_seqscans=off"];
  if (timeouts) settings.push(`-c lock_timeout=${Math.floor(timeouts.lockMs)}`, `-c statement_timeout=${Math.floor(timeouts.statementMs)}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: settings.join(" "),
    ...(timeouts ? { connectionTimeoutMillis: timeouts.acquireMs } : {}),
  });
  pool.on("error", (err) => console.error("postgres pool error:", err.message));
  const db = drizzlePg(pool, { schema });
  return { db, kind: "postgres", pool, close: () => pool.end() };
}

/** Which of our own embedded-database transactions the running code is inside of, if any. */
const ownTransaction = new AsyncLocalStorage<{ open: boolean }>();

export class OwnTransactionWaitError extends Error {}

/**
 * The embedded database has one connection, which a transaction holds until it ends. A query on
 * the database itself (not on the transaction's `tx`) made from inside that transaction would wait
 * for it forever, and every later request of the shop behind it: the shop would hang. Such a query
 * fails at once instead, naming the mistake. Work merely started inside a transaction and run after
 * it has ended is not concerned.
 */
function refuseQueriesInsideOwnTransaction(client: PGlite): PGlite {
  const guard =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      ownTransaction.getStore()?.open
        ? Promise.reject(
            new OwnTransactionWaitError(
              "A query on the embedded database was made inside one of its own transactions, outside that transaction: it would wait for it forever (pass the transaction instead)",
            ),
          )
        : run(...args);
  const transaction = client.transaction.bind(client);
  client.query = guard(client.query.bind(client)) as PGlite["query"];
  client.exec = guard(client.exec.bind(client));
  client.transaction = guard(<T>(callback: Parameters<PGlite["transaction"]>[0]) => {
    const mark = { open: true };
    return ownTransaction.run(mark, () =>
      transaction(async (tx) => {
        try {
          return (await callback(tx)) as T;
        } finally {
          mark.open = false;
        }
      }),
    );
  }) as PGlite["transaction"];
  return client;
}

/**
 * PGlite takes no time limits: it is one connection inside this process (transactions queue in
 * JavaScript, one at a time, so there is no pool to wait for and no other session can hold a row
 * lock), and the WebAssembly build has no timer signals, so `statement_timeout` is accepted but
 * never fires (tried: `pg_sleep(1)` under a 100 ms limit runs to the end).
 */
async function openPglite(dataDir: string): Promise<DbHandle> {
  if (dataDir.startsWith("memory://")) {
    const client = refuseQueriesInsideOwnTransaction(await PGlite.create({ extensions: { pg_trgm, vector } }));
    return { db: drizzlePglite(client, { schema }), kind: "pglite", close: () => client.close() };
  }
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const release = lockDataDir(dir);
  try {
    const client = refuseQueriesInsideOwnTransaction(await PGlite.create(path.join(dir, "pg"), { extensions: { pg_trgm, vector } }));
    const db = drizzlePglite(client, { schema });
    return {
      db,
      kind: "pglite",
      pglite: client,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Folders this process holds the lock of (a lock naming this process's id is stale only if it is not here). */
const heldDataDirs = new Set<string>();

/**
 * PGlite cannot share its files between processes: one process owns DATA_DIR at a time. The lock
 * is a folder whose age proper-lockfile refreshes every 5 s; beside it, the owner's host and
 * process id. A shop killed with SIGKILL (or by the OOM killer) leaves its lock behind: when the
 * owner named there is no longer running on this host, the lock is taken over at once, so the shop
 * restarts immediately instead of being refused until the lock ages out (15 s).
 */
export function lockDataDir(dir: string): () => void {
  const lockPath = path.join(dir, "db.lock");
  const ownerPath = path.join(dir, "db.lock.owner");
  const take = () => lockfile.lockSync(dir, { lockfilePath: lockPath, stale: 15_000, update: 5_000 });
  let unlock: () => void;
  try {
    unlock = take();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
    if (!ownerIsGone(dir, ownerPath)) {
      throw new DataDirInUseError(
        `The embedded database in ${dir} is in use by another process (is the shop already running?). Stop it first, or set DATA_DIR to another folder.`,
      );
    }
    fs.rmSync(lockPath, { recursive: true, force: true });
    unlock = take();
  }
  fs.writeFileSync(ownerPath, `${os.hostname()}\n${process.pid}\n`);
  heldDataDirs.add(dir);
  return () => {
    heldDataDirs.delete(dir);
    fs.rmSync(ownerPath, { force: true });
    unlock();
  };
}

/** Whether the process named as the lock's owner has ended (same host only; unknown = still there). */
function ownerIsGone(dir: string, ownerPath: string): boolean {
  let owner: string[];
  try {
    owner = fs.readFileSync(ownerPath, "utf8").split("\n");
  } catch {
    return false;
  }
  const [host, pid] = [owner[0], Number(owner[1])];
  if (host !== os.hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  // After a restart in a container the new process can get the old one's id.
  if (pid === process.pid) return !heldDataDirs.has(dir);
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/** Applies the migrations in the repository; idempotent, and serialised across app servers. */
export async function migrateDatabase(handle: DbHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as never, config);
    return;
  }
  const pool = (handle as DbHandle & { pool: pg.Pool }).pool;
  const lockClient = await pool.connect();
  try {
    // Waiting for another server's migrations, and a migration itself, may take longer than a
    // request's time limits allow: this session runs without them until it goes back to the pool.
    await lockClient.query("SET lock_timeout = 0; SET statement_timeout = 0");
    await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    // The migrations run on the lock's own connection: with a pool of one, asking the pool for a
    // second connection while this one holds the lock would wait forever.
    await migratePg(drizzlePg(lockClient, { schema }) as never, config);
  } finally {
    await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lockClient.query("RESET lock_timeout; RESET statement_timeout").catch(() => undefined);
    lockClient.release();
  }
}

/** Rows of a raw `db.execute` result, the same for both drivers. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export async function ping(db: Database): Promise<boolean> {
  const result = await db.execute(sql`select 1 as ok`);
  return rowsOf<{ ok: number }>(result)[0]?.ok === 1;
}
