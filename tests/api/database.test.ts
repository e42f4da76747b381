import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { DataDirInUseError, migrateDatabase, openDatabase, rowsOf } from "../../src/server/db/client";

describe("the embedded database", () => {
  it("lets one process own DATA_DIR and refuses a second opener with a clear error", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "storefront-lock-"));
    const first = await openDatabase({ dataDir: path.join(dir, "nested", "data") });
    try {
      const second = openDatabase({ dataDir: path.join(dir, "nested", "data") });
      await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(second).rejects.toThrow(/in use by another process/);
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir: path.join(dir, "nested", "data") });
    await again.close();
    await fs.rm(dir, { recursive: true, force: true });
  }, 90_000); // opens the embedded database (migrations included) two or three times: slow on a busy machine

  it("applies migrations idempotently, with the search extensions in place", async () => {
    const handle = await openDatabase({ dataDir: "memory://" });
    try {
      await migrateDatabase(handle);
      await migrateDatabase(handle);
      const ext = rowsOf<{ extname: string }>(await handle.db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`));
      expect(ext).toHaveLength(1);
      const tables = rowsOf<{ n: number }>(
        await handle.db.execute(
          sql`select count(*)::int as n from information_schema.tables where table_name in ('products', 'product_variants', 'categories', 'brands', 'advertisements', 'site_settings', 'search_lexicon', 'search_suggestion', 'newsletter_subscription')`,
        ),
      );
      expect(tables[0]!.n).toBe(9);
    } finally {
      await handle.close();
    }
  });
});
