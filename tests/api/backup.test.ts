import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { root } from "../../scripts/build-lib.mjs";
import { addToCart } from "../../src/server/cart/cart";
import { openDatabase, rowsOf, type DbHandle } from "../../src/server/db/client";
import { products, users } from "../../src/server/db/schema";
import { ensureSeeded } from "../../src/server/seed/ensure-seeded";

/**
 * `npm run backup` / `npm run restore` on the embedded database: a seeded database with shoppers
 * and carts is backed up, restored into a new folder, and compared table by table (row counts and
 * an md5 of every row), media included. A running shop is refused, and a restore never overwrites.
 */
let work: string;
let dataDir: string;

function npmScript(script: "backup" | "restore", args: string[], dir: string) {
  const result = spawnSync(process.execPath, [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), `scripts/${script}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "" },
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

async function tableDigest(handle: DbHandle, table: string) {
  const [row] = rowsOf<{ rows: number; md5: string | null }>(
    await handle.db.execute(sql.raw(`select count(*)::int as rows, md5(string_agg(t::text, '|' order by t.id)) as md5 from ${table} t`)),
  );
  return { rows: Number(row!.rows), md5: row!.md5 };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), "storefront-backup-"));
  dataDir = path.join(work, "data");
  const handle = await openDatabase({ dataDir });
  try {
    await ensureSeeded(handle.db, { mediaDir: path.join(dataDir, "media") });
    const shoppers = await handle.db
      .insert(users)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          email: `backup-${i}@example.co.tz`,
          fullName: `Backup Shopper ${i}`,
          passwordHash: "x",
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id });
    const stocked = await handle.db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.stockQuantity} > 10 and ${products.variantConfig} is null`)
      .limit(6);
    for (const [i, shopper] of shoppers.entries()) {
      for (const product of stocked.slice(0, i + 1)) await addToCart(handle.db, shopper.id, { productId: product.id, variantId: "default", quantity: 1 + i });
    }
  } finally {
    await handle.close();
  }
}, 300_000);

afterAll(async () => {
  if (work) await fs.rm(work, { recursive: true, force: true });
});

describe("backup and restore of the embedded database", () => {
  it("refuses to back up while another process has the database open", { timeout: 120_000 }, async () => {
    const running = await openDatabase({ dataDir, migrate: false });
    try {
      const result = npmScript("backup", ["--out", path.join(work, "refused.tar.gz")], dataDir);
      expect(result.status).toBe(1);
      expect(result.out).toMatch(/Stop it first/);
      await expect(fs.stat(path.join(work, "refused.tar.gz"))).rejects.toThrow();
    } finally {
      await running.close();
    }
  });

  it("restores products, users, carts and media exactly, into a new folder only", { timeout: 240_000 }, async () => {
    const archive = path.join(work, "shop.tar.gz");
    const backup = npmScript("backup", ["--out", archive], dataDir);
    expect(backup.status, backup.out).toBe(0);
    console.log(backup.out.trim(), `(${Math.round((await fs.stat(archive)).size / 1024)} KB)`);

    const restoredDir = path.join(work, "restored");
    const restore = npmScript("restore", [archive], restoredDir);
    expect(restore.status, restore.out).toBe(0);
    console.log(restore.out.trim());

    const again = npmScript("restore", [archive], restoredDir);
    expect(again.status).toBe(1);
    expect(again.out).toMatch(/already holds a database/);

    const original = await openDatabase({ dataDir, migrate: false });
    const restored = await openDatabase({ dataDir: restoredDir, migrate: false });
    try {
      for (const table of ["products", "product_variants", "categories", "users", "sessions", "cart_items", "cart_lines"]) {
        const [a, b] = [await tableDigest(original, table), await tableDigest(restored, table)];
        expect(b, table).toEqual(a);
        if (["products", "users", "cart_lines"].includes(table)) expect(a.rows, table).toBeGreaterThan(0);
      }
    } finally {
      await original.close();
      await restored.close();
    }

    const media = await listFiles(path.join(dataDir, "media"));
    expect(media.length).toBeGreaterThan(100);
    expect(await listFiles(path.join(restoredDir, "media"))).toEqual(media);
    const sample = media[Math.floor(media.length / 2)]!;
    expect(Buffer.compare(await fs.readFile(path.join(restoredDir, "media", sample)), await fs.readFile(path.join(dataDir, "media", sample)))).toBe(0);
  });
});
