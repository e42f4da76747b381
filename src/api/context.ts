import type { Database } from "@/server/db";

/** What every API plugin is given: the process's database (opened lazily, shared with Next). */
export interface ApiContext {
  db: () => Promise<Database>;
}
