import { eq, sql } from "drizzle-orm";
import { withTransaction, type Database } from "../db";
import type { MediaStore } from "../media/media-store";
import { categories, siteSettings } from "../db/schema";
import { DEMO_REVIEWS_KEY } from "./demo-markers";

const SEED_LOCK_KEY = 726_500_2;

/**
 * The row (among the site settings, which ignore keys they do not know) that says the shop's
 * catalogue has had its first start: written once, by the first start that found the database
 * empty (or an older shop's first start with this rule). From then on no start seeds, so an owner
 * who deletes the demo catalogue, or started without it, does not get it back on a restart.
 */
export const CATALOG_STARTED_KEY = "catalog.started";

export interface SeedOptions {
  media: MediaStore;
  log?: (line: string) => void;
  /**
   * false (DEMO_DATA=off): a first start writes nothing but the marker, and the shop starts empty.
   * Default true.
   */
  demo?: boolean;
  /**
   * The seed scripts (`npm run seed`): seed whenever the catalogue is empty, whatever an earlier
   * start decided (the owner asked for the demo by running them).
   */
  explicit?: boolean;
}

/**
 * Seeds the demo catalogue at the first start on an empty database (unless `demo` is false);
 * returns what it did, or null. The demo data and product art (src/seed) are loaded only here, once
 * the database is found empty.
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
    const empty = Number(count) === 0;
    if (options.explicit) {
      if (!empty) return null;
      await markStarted(tx, true);
      const { seedCatalog } = await import("@/seed/seed-catalog");
      return seedCatalog(tx, options);
    }
    const [started] = await tx.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, CATALOG_STARTED_KEY));
    if (started) {
      await ensureDemoReviews(tx, started.value, options);
      return null;
    }
    // a shop that holds a catalogue from before this marker existed has had its first start
    const seed = empty && options.demo !== false;
    await markStarted(tx, empty ? seed : null);
    if (!seed) {
      if (empty) options.log?.("DEMO_DATA=off: the shop starts empty (no demo catalogue).");
      return null;
    }
    const { seedCatalog } = await import("@/seed/seed-catalog");
    return seedCatalog(tx, options);
  });
}

/** `demo`: whether this start seeded the demo catalogue (null: the shop already had a catalogue). */
async function markStarted(tx: Database, demo: boolean | null): Promise<void> {
  await tx
    .insert(siteSettings)
    .values({ key: CATALOG_STARTED_KEY, value: { at: new Date().toISOString(), demo } })
    .onConflictDoNothing();
}

/**
 * A shop that runs on the demo catalogue (seeded by its first start, or from before that was
 * recorded) and was seeded before demo reviews existed gets them once; a shop started empty, or
 * with DEMO_DATA=off, never does.
 */
async function ensureDemoReviews(tx: Database, started: unknown, options: SeedOptions): Promise<void> {
  if (options.demo === false) return;
  const seededDemo = (started as { demo?: boolean | null } | null)?.demo;
  if (seededDemo === false) return;
  const [done] = await tx.select({ key: siteSettings.key }).from(siteSettings).where(eq(siteSettings.key, DEMO_REVIEWS_KEY));
  if (done) return;
  const { backfillDemoReviews } = await import("@/seed/demo-reviews");
  const written = await backfillDemoReviews(tx);
  if (written) options.log?.(`Wrote ${written} demo reviews for the demo catalogue.`);
}
