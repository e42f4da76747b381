import { loadConfig } from "../config";
import { openDatabase, type Database, type DbHandle } from "./client";

export { rowsOf, type Database, type DbHandle } from "./client";

// Next bundles page code apart from server.ts, so a module-level variable would exist twice in
// one process; the one database handle lives on globalThis instead (PGlite allows one per folder).
const KEY = Symbol.for("storefront.database");
type Holder = { [KEY]?: Promise<DbHandle> };

/** The process's database, opened (and migrated) on first use. */
export function getDbHandle(): Promise<DbHandle> {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const config = loadConfig();
    const opening = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: `${config.dataDir}`, poolSize: config.PG_POOL_SIZE });
    holder[KEY] = opening;
    opening.catch(() => {
      if (holder[KEY] === opening) delete holder[KEY];
    });
  }
  return holder[KEY]!;
}

export async function getDb(): Promise<Database> {
  return (await getDbHandle()).db;
}

/** Installs an already-open handle as the process's database (tests, scripts). */
export function setDbHandle(handle: DbHandle): void {
  (globalThis as Holder)[KEY] = Promise.resolve(handle);
}

export async function closeDb(): Promise<void> {
  const holder = globalThis as Holder;
  const opening = holder[KEY];
  delete holder[KEY];
  if (opening) await (await opening).close();
}
