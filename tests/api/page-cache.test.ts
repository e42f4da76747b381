import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../src/lib/auth-rules";
import { policyNonce } from "../../src/lib/page-cache";
import { productPath } from "../../src/lib/slug";
import { openSession } from "../../src/server/auth/sessions";
import { openDatabase } from "../../src/server/db/client";
import { users } from "../../src/server/db/schema";
import { createServices, type Services } from "../../src/server/services";
import { ensureProductionBuild, seededServerData, startProductionServer, type ProductionServer } from "./production-server";

/*
 * The production server's cache of whole pages (server.ts, src/lib/page-cache.ts): a signed-out
 * shopper's repeat visit is answered from memory with a fresh CSP nonce; signed-in pages are never
 * cached nor shared; a write through the services shows on the next render. Writes from this test
 * process need a database two processes can open: PostgreSQL (TEST_DATABASE_URL), where the
 * invalidation reaches the server by NOTIFY as it would reach another app server.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);
let server: ProductionServer | undefined;
let work = "";
let dataDir = "";
let pgUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
const shoppers: { name: string; cookie: string }[] = [];

beforeAll(async () => {
  await ensureProductionBuild();
  work = await fs.mkdtemp(path.join(os.tmpdir(), "storefront-page-cache-"));
  // the seeded demo shop, copied: the server starts without seeding or embedding
  ({ dataDir, databaseUrl: pgUrl, drop: dropDatabase } = await seededServerData(work, "storefront_page_cache"));
  // two signed-in shoppers, made before the server opens the database (one PGlite owner at a time)
  const handle = await openDatabase({ databaseUrl: pgUrl, dataDir });
  for (const name of ["Amina Cachetest", "Baraka Cachetest"]) {
    const [user] = await handle.db
      .insert(users)
      .values({ email: `${name.split(" ")[0]!.toLowerCase()}@example.co.tz`, fullName: name, passwordHash: "not-used", emailVerifiedAt: new Date() })
      .returning({ id: users.id });
    const session = await openSession(handle.db, user!.id, false, 60, {});
    shoppers.push({ name, cookie: `${SESSION_COOKIE}=${session.token}` });
  }
  await handle.close();
  server = await startProductionServer({ DATA_DIR: dataDir, DATABASE_URL: pgUrl });
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await dropDatabase?.();
  if (work) await fs.rm(work, { recursive: true, force: true });
});

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server!.base}${url}`, { headers });
  const body = await res.text();
  const policy = res.headers.get("content-security-policy") ?? "";
  return { status: res.status, body, policy, nonce: policyNonce(policy), cache: res.headers.get("x-page-cache") };
}

/** Every nonce attribute of the page is the policy's: the scripts run, and only those. */
function expectNonceEverywhere(p: Awaited<ReturnType<typeof page>>) {
  expect(p.nonce).toBeTruthy();
  const attributes = [...p.body.matchAll(/\bnonce="([^"]*)"/g)].map((m) => m[1]);
  expect(attributes.length).toBeGreaterThan(0);
  expect(new Set(attributes)).toEqual(new Set([p.nonce]));
}

describe("the page cache", () => {
  it("answers a signed-out repeat visit from memory, with its own fresh nonce and the security headers", { timeout: 60_000 }, async () => {
    const first = await page("/products?sort=price-high");
    const second = await page("/products?sort=price-high");
    expect(first.status).toBe(200);
    expect(first.cache).toMatch(/miss|hit/);
    expect(second.cache).toBe("hit");
    expectNonceEverywhere(first);
    expectNonceEverywhere(second);
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.body).not.toContain(first.nonce!);
    // the same page otherwise
    expect(second.body.split(second.nonce!).join("N")).toBe(first.body.split(first.nonce!).join("N"));
    expect(second.policy.replace(second.nonce!, "N")).toBe(first.policy.replace(first.nonce!, "N"));
    const res = await fetch(`${server!.base}/products?sort=price-high`, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(await res.text()).toContain("<html");
  });

  it("keys the page by the shopper's language, theme, currency and cart count", { timeout: 60_000 }, async () => {
    await page("/about");
    const sw = await page("/about", { cookie: "locale=sw; theme=dark; currency=USD; guest_cart_count=3" });
    expect(sw.body).toContain('lang="sw"');
    expect(sw.body).toContain('data-theme="dark"');
    const en = await page("/about", { cookie: "locale=en" });
    expect(en.body).toContain('lang="en"');
    expect(en.body).not.toContain('data-theme="dark"');
    const again = await page("/about", { cookie: "locale=sw; theme=dark; currency=USD; guest_cart_count=3" });
    expect(again.cache).toBe("hit");
    expect(again.body).toContain('lang="sw"');
  });

  it("never caches nor shares a signed-in page: each shopper sees only their own name", { timeout: 60_000 }, async () => {
    const [amina, baraka] = shoppers;
    for (let round = 0; round < 2; round++) {
      const a = await page("/products", { cookie: amina!.cookie });
      const b = await page("/products", { cookie: baraka!.cookie });
      const anonymous = await page("/products");
      expect(a.cache).toBeNull();
      expect(b.cache).toBeNull();
      expect(a.body).toContain(amina!.name.split(" ")[0]);
      expect(a.body).not.toContain(baraka!.name.split(" ")[0]);
      expect(b.body).toContain(baraka!.name.split(" ")[0]);
      expect(b.body).not.toContain(amina!.name.split(" ")[0]);
      expect(anonymous.body).not.toContain("Cachetest");
      expectNonceEverywhere(a);
    }
    // a stale or forged session cookie is rendered for itself too, as signed out
    const forged = await page("/products", { cookie: `${SESSION_COOKIE}=not-a-session` });
    expect(forged.cache).toBeNull();
    expect(forged.body).not.toContain("Cachetest");
  });

  it("does not cache client navigations or account pages", async () => {
    expect((await page("/products", { rsc: "1" })).cache).toBeNull();
    expect((await page("/cart")).cache).toBeNull();
  });
});

describe.skipIf(!postgres)("writes through the services, on the next render (PostgreSQL: a second process writes)", () => {
  let services: Services;
  beforeAll(async () => {
    services = await createServices({
      database: { url: pgUrl, migrate: false },
      mediaDir: path.join(dataDir, "media"),
      mail: { from: "test <no-reply@test>", outboxDir: path.join(work, "outbox") },
      siteUrl: new URL(server!.base),
      dataDir: work,
    });
  });
  afterAll(async () => {
    await services?.close();
  });

  const eventually = async (check: () => Promise<boolean>) => {
    // NOTIFY reaches the server within milliseconds; the pages' time limit (10 s) would be too late
    const until = Date.now() + 3_000;
    while (!(await check())) {
      if (Date.now() > until) throw new Error("the change did not show within 3 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it("shows a price change on /products and the product's page", { timeout: 60_000 }, async () => {
    const [product] = (await services.catalog.list({ sortBy: "price", sortOrder: "desc", limit: 1 })).products;
    const path = productPath(product!);
    await page("/products?sort=price-high");
    await page(path);
    expect((await page(path)).cache).toBe("hit");
    const price = 9_876_543;
    await services.catalog.update(product!.id, { price });
    await eventually(async () => (await page("/products?sort=price-high")).body.includes("9,876,543"));
    expect((await page(path)).body).toContain("9,876,543");
  });

  it("shows a settings change (the company name in the header)", { timeout: 60_000 }, async () => {
    await page("/about");
    expect((await page("/about")).body).not.toContain("Kilima Cache Test Ltd");
    await services.settings.save({ companyName: "Kilima Cache Test Ltd" });
    await eventually(async () => (await page("/about")).body.includes("Kilima Cache Test Ltd"));
    expect((await page("/products")).body).toContain("Kilima Cache Test Ltd");
  });
});

describe("kept-alive connections", () => {
  /** One GET on `agent` (one socket): its status and whether it went over a connection used before. */
  const get = (agent: http.Agent, url: string) =>
    new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const req = http.get(`${server!.base}${url}`, { agent }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
      });
      req.on("error", reject);
    });

  it("stay open longer than Node's default 5 s: a request on one idle for 6 s is answered", { timeout: 60_000 }, async () => {
    // a proxy (nginx keeps upstream connections 60 s) or a browser sending on a connection the
    // server is closing at that moment gets a reset instead of an answer
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(agent, "/api/categories")).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 6000));
      expect(await get(agent, "/api/categories")).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });
});
