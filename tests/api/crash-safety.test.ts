import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, rowsOf, type DbHandle } from "../../src/server/db/client";
import { brands, categories, products, users } from "../../src/server/db/schema";
import { openSession } from "../../src/server/auth/sessions";
import { SESSION_COOKIE } from "../../src/lib/auth-rules";
import { ensureProductionBuild, freshPostgresDatabase, startProductionServer, type ProductionServer } from "./production-server";

/**
 * Crash safety: the production server (dist/server.mjs) on a fresh database of the suite's kind —
 * the embedded PGlite in a new DATA_DIR, or a new database on TEST_DATABASE_URL's PostgreSQL —
 * takes a stream of cart adds from one signed-in shopper, is killed with SIGKILL in the middle,
 * and is started again on the same data. Every add it acknowledged must be there, and nothing
 * half-written: no cart item without its line, no quantity outside what was acknowledged plus
 * what was still in flight when it died.
 */
const PRODUCTS = 40;
const STREAMS = 8;
/** The stream runs at least this long and until this many adds are acknowledged (at most 30 s: a busy machine is slower). */
const LOAD_MS = 2_500;
const MIN_ACKNOWLEDGED = 40;

const { databaseUrl } = inject("database");
const kind = databaseUrl ? "PostgreSQL" : "PGlite";

let work: string;
let dataDir: string;
let pgUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let server: ProductionServer | undefined;

/** A catalogue of a few plain products (no variants, stock 999) and one verified shopper with a session. */
async function prepare(handle: DbHandle): Promise<{ cookie: string; userId: number; productIds: number[] }> {
  const db = handle.db;
  const [category] = await db.insert(categories).values({ name: "Crash test", slug: "crash-test" }).returning({ id: categories.id });
  const [brand] = await db.insert(brands).values({ name: "Crash", slug: "crash" }).returning({ id: brands.id });
  const rows = await db
    .insert(products)
    .values(
      Array.from({ length: PRODUCTS }, (_, i) => ({
        name: `Crash test part ${i + 1}`,
        slug: `crash-test-part-${i + 1}`,
        image: "/media/products/none.webp",
        categoryId: category!.id,
        category: "Crash test",
        brandId: brand!.id,
        brand: "Crash",
        sku: `CRASH-${i + 1}`,
        price: 1000 + i,
        originalPrice: 1000 + i,
        stockQuantity: 999,
      })),
    )
    .returning({ id: products.id });
  const [user] = await db
    .insert(users)
    .values({ email: "crash@example.co.tz", fullName: "Crash Shopper", passwordHash: "not-used", emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  const session = await openSession(db, user!.id, true, 60, { ip: "127.0.0.1", userAgent: "crash-safety test" });
  return { cookie: `${SESSION_COOKIE}=${session.token}`, userId: user!.id, productIds: rows.map((r) => r.id) };
}

beforeAll(async () => {
  await ensureProductionBuild();
  work = await fs.mkdtemp(path.join(os.tmpdir(), "storefront-crash-"));
  dataDir = path.join(work, "data");
  if (databaseUrl) {
    const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!, "storefront_crash");
    pgUrl = fresh.url;
    dropDatabase = fresh.drop;
  }
}, 600_000);

afterAll(async () => {
  await server?.kill();
  await dropDatabase?.();
  if (work) await fs.rm(work, { recursive: true, force: true });
});

describe(`crash safety on ${kind}`, () => {
  it("keeps every acknowledged cart add, and nothing half-written, across a SIGKILL mid-stream", { timeout: 300_000 }, async () => {
    const handle = await openDatabase({ databaseUrl: pgUrl, dataDir });
    const { cookie, userId, productIds } = await prepare(handle);
    await handle.close();

    server = await startProductionServer({ DATA_DIR: dataDir, DATABASE_URL: pgUrl });
    const base = server.base;
    const headers = { "content-type": "application/json", cookie, origin: base, "sec-fetch-site": "same-origin" };

    // Each stream adds one unit at a time to the products in turn; a product's expected quantity
    // is what was acknowledged, and the adds still unanswered at the kill may or may not count.
    const acknowledged = new Map<number, number>();
    const inFlight = new Map<number, number>();
    const unexpected: string[] = [];
    let killed = false;
    let sent = 0;
    const stream = async (s: number) => {
      for (let n = 0; !killed; n++) {
        const productId = productIds[(s * 5 + n) % productIds.length]!;
        inFlight.set(productId, (inFlight.get(productId) ?? 0) + 1);
        sent++;
        let status = 0;
        try {
          const res = await fetch(`${base}/api/cart`, { method: "POST", headers, body: JSON.stringify({ productId, variantId: "default", quantity: 1 }) });
          status = res.status;
          const body = (await res.json()) as { added?: number };
          if (status === 200 && body.added !== 1) unexpected.push(`add of ${productId} answered added=${body.added}`);
        } catch {
          // the connection died with the server: this add stays "in flight"
          return;
        }
        if (status !== 200) {
          unexpected.push(`add of ${productId} answered ${status}`);
          return;
        }
        inFlight.set(productId, inFlight.get(productId)! - 1);
        acknowledged.set(productId, (acknowledged.get(productId) ?? 0) + 1);
      }
    };
    const streams = Array.from({ length: STREAMS }, (_, s) => stream(s));
    const began = Date.now();
    const acknowledgedSoFar = () => [...acknowledged.values()].reduce((a, b) => a + b, 0);
    while (Date.now() - began < 30_000 && (Date.now() - began < LOAD_MS || acknowledgedSoFar() < MIN_ACKNOWLEDGED) && unexpected.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const loadMs = Date.now() - began;
    killed = true;
    await server.kill();
    await Promise.all(streams);
    const acked = acknowledgedSoFar();
    const pending = [...inFlight.values()].reduce((a, b) => a + b, 0);
    console.log(`${kind}: ${sent} adds sent in ${loadMs} ms by ${STREAMS} streams, ${acked} acknowledged, ${pending} in flight at SIGKILL`);
    expect(unexpected).toEqual([]);
    expect(acked).toBeGreaterThanOrEqual(MIN_ACKNOWLEDGED);

    // The same data, a new process: it must start (migrations, the embedded database's recovery,
    // its folder lock left behind by the killed process) and answer the shopper's cart.
    const restartedAt = Date.now();
    server = await startProductionServer({ DATA_DIR: dataDir, DATABASE_URL: pgUrl });
    console.log(`${kind}: restarted and answering in ${Date.now() - restartedAt} ms`);
    const cart = (await (await fetch(`${server.base}/api/cart`, { headers: { cookie } })).json()) as {
      items: { id: number; product_id?: number; productId?: number; quantity: number; variants?: unknown }[];
    };
    expect(Array.isArray(cart.items)).toBe(true);
    await server.stop();
    server = undefined;

    // Row by row, straight from the database the server wrote.
    const check = await openDatabase({ databaseUrl: pgUrl, dataDir, migrate: false });
    try {
      const lines = rowsOf<{ product_id: number; variant_id: string; quantity: number }>(
        await check.db.execute(
          sql`select i.product_id, l.variant_id, l.quantity from cart_lines l join cart_items i on i.id = l.item_id where i.user_id = ${userId} order by i.product_id`,
        ),
      );
      const orphans = rowsOf<{ n: number }>(
        await check.db.execute(
          sql`select count(*)::int as n from cart_items i where i.user_id = ${userId} and not exists (select 1 from cart_lines l where l.item_id = i.id)`,
        ),
      );
      expect(orphans[0]!.n, "cart items without a line").toBe(0);
      const stored = new Map(lines.map((l) => [Number(l.product_id), Number(l.quantity)]));
      expect(lines.every((l) => l.variant_id === "default")).toBe(true);
      expect(lines.length, "one line per product").toBe(stored.size);
      const wrong: string[] = [];
      for (const productId of productIds) {
        const low = acknowledged.get(productId) ?? 0;
        const high = low + (inFlight.get(productId) ?? 0);
        const have = stored.get(productId) ?? 0;
        if (have < low || have > high) wrong.push(`product ${productId}: ${have} stored, ${low} acknowledged, ${high - low} in flight`);
      }
      expect(wrong, "quantities outside acknowledged … acknowledged + in flight").toEqual([]);
      const total = [...stored.values()].reduce((a, b) => a + b, 0);
      console.log(`${kind}: ${total} units stored for ${acked} acknowledged adds (+${pending} in flight)`);
    } finally {
      await check.close();
    }
  });
});
