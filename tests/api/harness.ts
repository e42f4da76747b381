import { afterAll, beforeAll, inject } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApi } from "../../src/api/app";
import { openDatabase, type DbHandle } from "../../src/server/db/client";

export interface ApiHarness {
  app: FastifyInstance;
  handle: DbHandle;
  mediaDir: string;
}

/** Opens the suite's seeded database and an API instance on it for one test file. */
export function setupApi(options: { rateLimit?: number } = {}): ApiHarness {
  const harness = {} as ApiHarness;
  beforeAll(async () => {
    const { databaseUrl, dataDir, mediaDir } = inject("database");
    harness.handle = await openDatabase({ databaseUrl, dataDir, migrate: false });
    harness.mediaDir = mediaDir;
    harness.app = await buildApi({
      db: async () => harness.handle.db,
      rateLimit: options.rateLimit ?? 0,
      trustProxy: false,
      mediaDir,
    });
    await harness.app.ready();
  });
  afterAll(async () => {
    await harness.app?.close();
    await harness.handle?.close();
  });
  return harness;
}

export async function getJson<T = Record<string, unknown>>(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: "GET", url, headers });
  return { status: res.statusCode, headers: res.headers, body: res.json() as T };
}
