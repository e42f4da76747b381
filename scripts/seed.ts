// npm run seed [-- --reset]: seeds the demo catalogue into the configured database.
import { sql } from "drizzle-orm";
import { loadConfig } from "@/server/config";
import { openConfiguredDatabase, type DbHandle } from "@/server/db";
import { embedCatalogImages } from "@/server/image-search/embed-catalog";
import { ensureSeeded } from "@/server/seed/ensure-seeded";
import { configuredMediaStore } from "@/server/media/media-store";

const reset = process.argv.includes("--reset");
const config = loadConfig();
const media = configuredMediaStore(config);
let handle: DbHandle | undefined;
try {
  handle = await openConfiguredDatabase();
  const { db } = handle;
  if (reset) {
    await db.execute(sql`truncate product_variants, products, brands, categories, advertisements, search_lexicon restart identity cascade`);
    console.log("Removed the existing catalogue.");
  }
  const result = await ensureSeeded(db, { media, log: console.log, explicit: true });
  await embedCatalogImages(db, media, console.log);
  console.log(result ? `Done: ${result.products} products.` : "The catalogue is already seeded (use `npm run seed -- --reset` to replace it).");
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle?.close().catch(() => undefined);
}
