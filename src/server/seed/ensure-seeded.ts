import { sql } from "drizzle-orm";
import { withTransaction, type Database } from "../db";
import type { MediaStore } from "../media/media-store";
import { categories } from "../db/schema";

const SEED_LOCK_KEY = 726_500_2;

export interface SeedOptions {
  media: MediaStore;
  log?: (line: string) => void;
}

/**
 * Seeds the demo catalogue when the database has none; returns what it did, or null. The demo
 * data and product art (src/seed) are loaded only here, once the database is found empty.
 */
export async function ensureSeeded(db: Database, options: SeedOptions): Promise<{ products: number } | null> {
  return withTransaction(db, async (tx) => {
    // Several app servers may start at once on an empty PostgreSQL: one seeds, the others wait.
    // Seeding (rendering every picture) takes far longer than a request's lock and statement
    // limits, which would stop the waiting servers: this transaction waits without them.
    await tx.execute(sql`set local lock_timeout = 0`);
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(categories)) as [{ count: number }];
    if (Number(count) > 0) return null;
    const { seedCatalog } = await import("@/seed/seed-catalog");
    return seedCatalog(tx, options);
  });
}
