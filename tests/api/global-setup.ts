import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/server/db/client";
import { embedCatalogImages } from "../../src/server/image-search/embed-catalog";
import { ensureSeeded } from "../../src/server/seed/ensure-seeded";

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
    const name = `storefront_test_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }

  const dataDir = databaseUrl ? undefined : path.join(work, "data");
  const handle = await openDatabase({ databaseUrl, dataDir });
  await ensureSeeded(handle.db, { mediaDir });
  await embedCatalogImages(handle.db, mediaDir);
  await handle.close();
  project.provide("database", { databaseUrl, dataDir, mediaDir });

  return async () => {
    await dropDatabase?.();
    await fs.rm(work, { recursive: true, force: true });
  };
}
