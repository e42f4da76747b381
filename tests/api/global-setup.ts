import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freshPostgresDatabase } from "./production-server";
import { openDatabase } from "../../src/server/db/client";
import { embedCatalogImages } from "../../src/server/image-search/embed-catalog";
import { ensureSeeded } from "../../src/server/seed/ensure-seeded";
import { localMediaStore } from "../../src/server/media/media-store";

declare module "vitest" {
  export interface ProvidedContext {
    database: { databaseUrl?: string; dataDir?: string; mediaDir: string };
  }
}

/**
 * One seeded database for the API suite: the embedded PGlite in a temporary folder by default,
 * or a fresh database on the PostgreSQL server of TEST_DATABASE_URL (dropped afterwards).
 */
export default async function setup(project: TestProject) {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "storefront-api-"));
  const mediaDir = path.join(work, "media");
  const serverUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;

  if (serverUrl) {
    const fresh = await freshPostgresDatabase(serverUrl, "storefront_test");
    databaseUrl = fresh.url;
    dropDatabase = fresh.drop;
  }

  const dataDir = databaseUrl ? undefined : path.join(work, "data");
  const handle = await openDatabase({ databaseUrl, dataDir });
  await ensureSeeded(handle.db, { media: localMediaStore(mediaDir) });
  await embedCatalogImages(handle.db, localMediaStore(mediaDir));
  await handle.close();
  project.provide("database", { databaseUrl, dataDir, mediaDir });

  return async () => {
    await dropDatabase?.();
    await fs.rm(work, { recursive: true, force: true });
  };
}
