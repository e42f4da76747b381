import { loadConfig, type ServerConfig } from "../config";
import { openDatabase, type DbHandle } from "./client";

export { rowsOf, type Database, type DbHandle } from "./client";
export { withTransaction } from "./transaction";

/**
 * The database of the environment's configuration, for command-line scripts (seeding, admin
 * accounts). The running shop opens it once through the composition root (src/server/services.ts).
 */
export function openConfiguredDatabase(config: ServerConfig = loadConfig()): Promise<DbHandle> {
  return openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: config.PG_POOL_SIZE });
}
