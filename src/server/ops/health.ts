import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { MIGRATIONS_DIR } from "../db/client";
import { rowsOf, type Database } from "../db";

/** How long the readiness check waits for the database before it says "not ready". */
export const READY_DATABASE_TIMEOUT_MS = 2_000;

export interface Readiness {
  ready: boolean;
  database: "ok" | "down";
  migrations: "ok" | "pending";
  draining: boolean;
}

/** The number of migrations the repository holds (drizzle's journal). */
function expectedMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * Whether this server should get traffic: the database answers within READY_DATABASE_TIMEOUT_MS,
 * every migration of this build is applied (a server of a newer build waits for the deploy's
 * migration run), and it is not draining for a stop. A load balancer or orchestrator asks
 * `ready`; `live` only says the process answers at all.
 */
export function createHealth(db: Database) {
  let draining = false;
  let migrationsApplied = false;
  const expected = expectedMigrations();

  async function databaseAnswers(): Promise<{ up: boolean; applied: number }> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("database did not answer in time")), READY_DATABASE_TIMEOUT_MS);
    });
    try {
      const read = db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const result = await Promise.race([read, timeout]);
      return { up: true, applied: Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0) };
    } catch {
      return { up: false, applied: 0 };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async readiness(): Promise<Readiness> {
      const { up, applied } = await databaseAnswers();
      // once applied, a build's migrations stay applied
      migrationsApplied ||= up && applied >= expected;
      return { ready: up && migrationsApplied && !draining, database: up ? "ok" : "down", migrations: migrationsApplied ? "ok" : "pending", draining };
    },
    /** From now on `ready` says no, so the load balancer sends new requests elsewhere while in-flight ones finish. */
    drain(): void {
      draining = true;
    },
  };
}

export type Health = ReturnType<typeof createHealth>;
