import type { Database } from "./client";

/**
 * Runs `work` in one transaction of `db`: committed when it resolves, rolled back when it throws.
 * The transaction it gets is a `Database` too (Drizzle's transaction class extends its database
 * class, for PGlite and node-postgres alike), so domain functions take a `Database` and run the
 * same inside a caller's transaction or on their own. Called with a transaction, it opens a
 * savepoint inside it. Locks taken inside (`select … for update`, `pg_advisory_xact_lock`) and
 * `set local` settings last until the outermost transaction ends.
 */
export function withTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}
