import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { databaseFromTemplate, freshPostgresDatabase } from "./production-server";
import { openDatabase } from "../../src/server/db/client";
import { embedCatalogImages } from "../../src/server/image-search/embed-catalog";
import { ensureSeeded } from "../../src/server/seed/ensure-seeded";
import { localMediaStore } from "../../src/server/media/media-store";
import { cachingEmbedPool } from "../support/embedding-cache";
import { copySeededData } from "../support/seeded-data";

declare module "vitest" {
  export interface ProvidedContext {
    database: {
      databaseUrl?: string;
      dataDir?: string;
      mediaDir: string;
      /**
       * On PostgreSQL, the seeded shop as it was before any test ran, for tests that need a copy of
       * their own (a production server's database): a template database (copied with CREATE
       * DATABASE … TEMPLATE) and its pictures. On PGlite such tests copy the seeded data folder.
       */
      seededTemplate?: { url: string; mediaDir: string };
    };
  }
}

const say = (line: string) => console.log(line);

/**
 * One seeded database for the API suite: on the embedded PGlite a copy of the tests' seeded data
 * folder (tests/support/seeded-data.ts, made once per clone and code), or on the PostgreSQL server
 * of TEST_DATABASE_URL a template database seeded once per run (its pictures' vectors replayed
 * from the tests' embedding cache when the PGlite pass computed them) and a copy of it for the
 * suite. Everything made here is dropped afterwards.
 */
export default async function setup(project: TestProject) {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "storefront-api-"));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const drops: (() => Promise<void>)[] = [];

  if (serverUrl) {
    const template = await freshPostgresDatabase(serverUrl, "storefront_template");
    drops.push(template.drop);
    const templateMedia = path.join(work, "template-media");
    const handle = await openDatabase({ databaseUrl: template.url });
    try {
      const media = localMediaStore(templateMedia);
      await ensureSeeded(handle.db, { media });
      await embedCatalogImages(handle.db, media, say, cachingEmbedPool);
    } finally {
      await handle.close();
    }
    const suite = await databaseFromTemplate(serverUrl, template.url, "storefront_test");
    drops.unshift(suite.drop);
    const mediaDir = path.join(work, "media");
    await fs.cp(templateMedia, mediaDir, { recursive: true });
    project.provide("database", { databaseUrl: suite.url, mediaDir, seededTemplate: { url: template.url, mediaDir: templateMedia } });
  } else {
    const dataDir = path.join(work, "data");
    await copySeededData(dataDir, say);
    project.provide("database", { dataDir, mediaDir: path.join(dataDir, "media") });
  }

  return async () => {
    for (const drop of drops) await drop().catch((error: unknown) => console.error(error));
    await fs.rm(work, { recursive: true, force: true });
  };
}
