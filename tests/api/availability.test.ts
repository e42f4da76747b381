import net from "node:net";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { openDatabase, ping, rowsOf, type DbHandle } from "../../src/server/db/client";
import { products } from "../../src/server/db/schema";
import { buildTestApi, setupApi, shopperCookie } from "./harness";

/**
 * A database that is slow, locked or gone answers 503 with Retry-After, never a 500 or a hang, and
 * the shop recovers by itself when it is back. These need a PostgreSQL server (TEST_DATABASE_URL):
 * the embedded PGlite is one connection inside the process, with no pool to wait for, no other
 * session to hold a lock, and no server to lose.
 */
const api = setupApi();
const { databaseUrl } = inject("database");
let counter = 0;

const shopper = () => shopperCookie(api, "avail");

/** A product without options, with stock, for adds. */
async function simpleProduct(): Promise<number> {
  const [p] = await api.handle.db
    .select({ id: products.id })
    .from(products)
    .where(sql`not exists (select 1 from product_variants v where v.product_id = ${products.id})`)
    .orderBy(products.id)
    .offset(300 + counter++)
    .limit(1);
  await api.handle.db.update(products).set({ stockQuantity: 50 }).where(eq(products.id, p!.id));
  return p!.id;
}

/** A TCP relay on 127.0.0.1 to the PostgreSQL server, which the test can cut and restore on the same port. */
async function relay(target: URL): Promise<{ port: number; cut: () => Promise<void>; restore: () => Promise<void>; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const cut = async () => {
    const closing = server ? new Promise<void>((resolve) => server!.close(() => resolve())) : Promise.resolve();
    server = null;
    for (const s of sockets) s.destroy();
    await closing;
  };
  await listen();
  return { port, cut, restore: listen, close: cut };
}

const limits = { lockMs: 300, statementMs: 5_000, acquireMs: 1_000 };

describe.skipIf(!databaseUrl)("on PostgreSQL, a database in trouble", () => {
  it("answers 503 busy with Retry-After when a row lock is held past lock_timeout, then serves again", async () => {
    const handle = await openDatabase({ databaseUrl, migrate: false, poolSize: 3, timeouts: limits });
    const shop = await buildTestApi(api, { handle });
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      const cookie = await shopper();
      const productId = await simpleProduct();
      const add = () =>
        shop.app.inject({
          method: "POST",
          url: "/api/cart",
          headers: { cookie, "content-type": "application/json" },
          payload: JSON.stringify({ productId, quantity: 1 }),
        });
      const merge = () =>
        shop.app.inject({
          method: "POST",
          url: "/api/cart/merge",
          headers: { cookie, "content-type": "application/json" },
          payload: JSON.stringify({
            mergeId: `avail-${Date.now()}-${counter++}`,
            guestCart: [{ productId, variants: [{ variantId: "default", quantity: 1 }] }],
          }),
        });

      await holder.query("begin");
      await holder.query("select id from products where id = $1 for update", [productId]);
      const began = Date.now();
      for (const res of [await add(), await merge()]) {
        expect(res.statusCode).toBe(503);
        expect(res.headers["retry-after"]).toMatch(/^\d+$/);
        expect(res.json()).toMatchObject({ code: "busy" });
      }
      expect(Date.now() - began).toBeLessThan(4_000);
      await holder.query("rollback");

      expect((await add()).statusCode).toBe(200);
      expect((await merge()).statusCode).toBe(200);
    } finally {
      await holder.end();
      await shop.close();
      await handle.close();
    }
  });

  it("answers 503 unavailable with Retry-After while the database is unreachable, and recovers by itself", async () => {
    const proxy = await relay(new URL(databaseUrl!));
    const url = new URL(databaseUrl!);
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    let handle: DbHandle | null = null;
    const cookie = await shopper();
    try {
      handle = await openDatabase({ databaseUrl: url.toString(), migrate: false, poolSize: 2, timeouts: limits });
      const shop = await buildTestApi(api, { handle });
      try {
        const cart = () => shop.app.inject({ method: "GET", url: "/api/cart", headers: { cookie } });
        expect((await cart()).statusCode).toBe(200);

        await proxy.cut();
        const began = Date.now();
        for (let i = 0; i < 3; i++) {
          const res = await cart();
          expect(res.statusCode).toBe(503);
          expect(res.headers["retry-after"]).toMatch(/^\d+$/);
          expect(res.json()).toMatchObject({ code: "unavailable" });
        }
        expect(Date.now() - began).toBeLessThan(5_000);

        await proxy.restore();
        let status = 0;
        for (let i = 0; i < 20 && status !== 200; i++) {
          status = (await cart()).statusCode;
          if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(status).toBe(200);
      } finally {
        await shop.close();
      }
    } finally {
      await handle?.close();
      await proxy.close();
    }
  });

  it("starts with a pool of one connection: the migrations run on the lock's own connection", async () => {
    const name = `storefront_pool1_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(databaseUrl!);
    url.pathname = `/${name}`;
    let handle: DbHandle | null = null;
    try {
      let timer: NodeJS.Timeout | undefined;
      const hung = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("migrating with PG_POOL_SIZE=1 did not finish within 20 s")), 20_000);
      });
      handle = await Promise.race([openDatabase({ databaseUrl: url.toString(), poolSize: 1, timeouts: limits }), hung]).finally(() => clearTimeout(timer));
      expect(await ping(handle.db)).toBe(true);
      const [row] = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from products`));
      expect(row!.n).toBe(0);
    } finally {
      await handle?.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
