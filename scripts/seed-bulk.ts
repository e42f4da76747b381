// npm run seed:bulk -- --count 100000: grows the catalogue to that many products with generated,
// realistic ones (src/seed/bulk-catalog.ts), for benchmarks. Run again, it adds only what is missing.
import { parseArgs } from "node:util";
import { loadConfig } from "@/server/config";
import { openConfiguredDatabase, type DbHandle } from "@/server/db";
import { embedCatalogImages } from "@/server/image-search/embed-catalog";
import { seedBulk } from "@/seed/bulk";
import { ensureSeeded } from "@/server/seed/ensure-seeded";
import { configuredMediaStore } from "@/server/media/media-store";

const { values } = parseArgs({ options: { count: { type: "string", default: "100000" } } });
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1 || count > 2_000_000) {
  console.error("--count must be a whole number between 1 and 2,000,000");
  process.exit(2);
}
const config = loadConfig();
const media = configuredMediaStore(config);
const started = Date.now();
let handle: DbHandle | undefined;
try {
  handle = await openConfiguredDatabase();
  const { db } = handle;
  await ensureSeeded(db, { media, log: console.log, explicit: true });
  const { total, added, removed, timings } = await seedBulk(handle, count, { log: console.log });
  console.log(
    `Phases (s): ${Object.entries(timings)
      .map(([name, s]) => `${name} ${s.toFixed(1)}`)
      .join(", ")}${removed ? `; removed ${removed}` : ""}`,
  );
  // bulk products reuse the demo images: only files without a vector are embedded
  await embedCatalogImages(db, media, console.log);
  console.log(`Catalogue now holds ${total} products (${added} synthetic) — ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle?.close().catch(() => undefined);
}
