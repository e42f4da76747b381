import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { root } from "../../scripts/build-lib.mjs";
import { addToCart } from "../../src/server/cart/cart";
import { openDatabase, rowsOf, type DbHandle } from "../../src/server/db/client";
import { brands, categories, products, users } from "../../src/server/db/schema";

/**
 * `npm run backup` / `npm run restore` on the embedded database: a catalogue with its pictures, shoppers
 * and carts is backed up, restored into a new folder, and compared table by table (row counts and
 * an md5 of every row), media included. A running shop is refused, and a restore never overwrites.
 */
let work: string;
let dataDir: string;

/** Runs the script as `npm run` does; asynchronously, so a lock this process holds stays fresh meanwhile. */
function npmScript(script: "backup" | "restore", args: string[], dir: string): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), `scripts/${script}.ts`, ...args],
      { cwd: root, env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "" }, encoding: "utf8", timeout: 180_000 },
      (error, stdout, stderr) => resolve({ status: error ? ((error as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
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
  // A small catalogue with its pictures, shoppers and carts (the demo seed would take minutes here).
  const media = path.join(dataDir, "media", "products");
  await fs.mkdir(media, { recursive: true });
  for (let i = 1; i <= 30; i++) await fs.writeFile(path.join(media, `part-${i}.webp`), randomBytes(2000 + i * 37));
  const handle = await openDatabase({ dataDir });
  try {
    const [category] = await handle.db.insert(categories).values({ name: "Sensors", slug: "sensors" }).returning({ id: categories.id });
    const [brand] = await handle.db.insert(brands).values({ name: "Kilima", slug: "kilima" }).returning({ id: brands.id });
    const stocked = await handle.db
      .insert(products)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          name: `Sensor módulo ${i + 1} — 5 V`,
          slug: `sensor-${i + 1}`,
          description: `Line one\nline "two" with 'quotes' and a tab\t.`,
          image: `/media/products/part-${i + 1}.webp`,
          categoryId: category!.id,
          category: "Sensors",
          brandId: brand!.id,
          brand: "Kilima",
          sku: `BK-${i + 1}`,
          price: 1500 * (i + 1),
          originalPrice: 1800 * (i + 1),
          stockQuantity: 20 + i,
          rating: 4.25,
        })),
      )
      .returning({ id: products.id });
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
  it("refuses to back up while another process has the database open", { timeout: 240_000 }, async () => {
    const running = await openDatabase({ dataDir, migrate: false });
    try {
      const result = await npmScript("backup", ["--out", path.join(work, "refused.tar.gz")], dataDir);
      expect(result.status).toBe(1);
      expect(result.out).toMatch(/Stop it first/);
      await expect(fs.stat(path.join(work, "refused.tar.gz"))).rejects.toThrow();
    } finally {
      await running.close();
    }
  });

  it("restores products, users, carts and media exactly, into a new folder only", { timeout: 600_000 }, async () => {
    const archive = path.join(work, "shop.tar.gz");
    const backup = await npmScript("backup", ["--out", archive], dataDir);
    expect(backup.status, backup.out).toBe(0);
    console.log(backup.out.trim(), `(${Math.round((await fs.stat(archive)).size / 1024)} KB)`);

    const restoredDir = path.join(work, "restored");
    const restore = await npmScript("restore", [archive], restoredDir);
    expect(restore.status, restore.out).toBe(0);
    console.log(restore.out.trim());

    const again = await npmScript("restore", [archive], restoredDir);
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
    expect(media.length).toBe(30);
    expect(await listFiles(path.join(restoredDir, "media"))).toEqual(media);
    const sample = media[Math.floor(media.length / 2)]!;
    expect(Buffer.compare(await fs.readFile(path.join(restoredDir, "media", sample)), await fs.readFile(path.join(dataDir, "media", sample)))).toBe(0);
  });
});
