import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../src/lib/auth-rules";
import { formatOrderNumber, splitVat } from "../../src/lib/checkout";
import { openSession } from "../../src/server/auth/sessions";
import { openDatabase, rowsOf, type DbHandle } from "../../src/server/db/client";
import { brands, categories, orderLines, orders, products, users } from "../../src/server/db/schema";
import { createPaymentsService } from "../../src/server/payments/service";
import { createSettingsService } from "../../src/server/settings/settings";
import { ensureProductionBuild, seededServerData, startProductionServer, type ProductionServer } from "./production-server";

/**
 * The sandbox's payment page as the production server (dist/server.mjs with the Next bundle)
 * renders it: the order's owner sees the payment; another shopper, an unknown reference and
 * something that is not a reference at all get the shop's not-found page with nothing of the
 * payment on it. Its pages run in Next's bundle while the services that answer them were built by
 * server.ts's: what one throws, the other must still recognise.
 */
let work = "";
let pgUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let server: ProductionServer | undefined;
const TOTAL = 187_650;
let owner = "";
let stranger = "";
let reference = "";
let orderNumber = "";

/** A product, two verified shoppers with sessions, and the first one's order with a sandbox payment started. */
async function prepare(handle: DbHandle) {
  const db = handle.db;
  const [category] = await db.insert(categories).values({ name: "Sandbox page", slug: "sandbox-page" }).returning({ id: categories.id });
  const [brand] = await db.insert(brands).values({ name: "Sandbox", slug: "sandbox" }).returning({ id: brands.id });
  const [product] = await db
    .insert(products)
    .values({
      name: "Sandbox test part",
      slug: "sandbox-test-part",
      image: "/media/products/none.webp",
      categoryId: category!.id,
      category: "Sandbox page",
      brandId: brand!.id,
      brand: "Sandbox",
      sku: "SANDBOX-1",
      price: TOTAL,
      originalPrice: TOTAL,
      stockQuantity: 10,
    })
    .returning({ id: products.id });
  const cookies: string[] = [];
  for (const name of ["Neema Owner", "Juma Stranger"]) {
    const [user] = await db
      .insert(users)
      .values({ email: `${name.split(" ")[0]!.toLowerCase()}@example.co.tz`, fullName: name, passwordHash: "not-used", emailVerifiedAt: new Date() })
      .returning({ id: users.id });
    const session = await openSession(db, user!.id, false, 60, {});
    cookies.push(`${SESSION_COOKIE}=${session.token}`);
  }
  const [ownerRow] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} = 'neema@example.co.tz'`);

  const [seq] = rowsOf<{ n: string }>(await db.execute(sql`select nextval('order_number_seq') as n`));
  const number = formatOrderNumber(Number(seq!.n), 2026);
  const { net, vat } = splitVat(TOTAL, 1800);
  const [order] = await db
    .insert(orders)
    .values({
      number,
      userId: ownerRow!.id,
      idempotencyKey: `sandbox-page-${number}`,
      requestHash: `sandbox-page-${number}`,
      email: "neema@example.co.tz",
      fullName: "Neema Owner",
      phone: "+255713987654",
      deliveryMethod: "pickup",
      vatZone: "mainland",
      subtotal: TOTAL,
      deliveryFee: 0,
      deliveryVat: 0,
      vatTotal: vat,
      total: TOTAL,
      paymentMethod: "mobile_money",
      wallet: "M-Pesa",
      paymentPhone: "+255713987654",
      holdUntil: new Date(Date.now() + 60 * 60_000),
    } as typeof orders.$inferInsert)
    .returning();
  await db.insert(orderLines).values({
    orderId: order!.id,
    productId: product!.id,
    variantId: "default",
    name: "Sandbox test part",
    sku: "SANDBOX-1",
    quantity: 1,
    unitPrice: TOTAL,
    net,
    vat,
    gross: TOTAL,
    vatRateBp: 1800,
  });
  // the payment as the checkout starts it: the shop's attempt and the sandbox's own record
  const payments = createPaymentsService({
    db,
    settings: createSettingsService(db),
    onPaid: async () => undefined,
    deliverCallback: async () => undefined,
  });
  const start = await payments.start({
    id: order!.id,
    number,
    total: TOTAL,
    paymentMethod: "mobile_money",
    wallet: "M-Pesa",
    paymentPhone: "+255713987654",
  });
  return { owner: cookies[0]!, stranger: cookies[1]!, reference: start.reference, orderNumber: number };
}

beforeAll(async () => {
  await ensureProductionBuild();
  work = await fs.mkdtemp(path.join(os.tmpdir(), "storefront-sandbox-page-"));
  // the seeded demo shop, copied: the server starts without seeding or embedding
  const { dataDir, ...copy } = await seededServerData(work, "storefront_sandbox_page");
  pgUrl = copy.databaseUrl;
  dropDatabase = copy.drop;
  const handle = await openDatabase({ databaseUrl: pgUrl, dataDir });
  ({ owner, stranger, reference, orderNumber } = await prepare(handle));
  await handle.close();
  server = await startProductionServer({ DATA_DIR: dataDir, DATABASE_URL: pgUrl });
}, 900_000);

afterAll(async () => {
  await server?.stop();
  await dropDatabase?.();
  if (work) await fs.rm(work, { recursive: true, force: true });
});

async function page(url: string, cookie?: string) {
  const res = await fetch(`${server!.base}${url}?lang=en`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), body: await res.text() };
}

describe("the sandbox's payment page", () => {
  it(
    "shows the payment to its order's owner only: anyone else, an unknown and a malformed reference get the not-found page, with nothing of the payment",
    { timeout: 120_000 },
    async () => {
      const own = await page(`/payments/sandbox/${reference}`, owner);
      expect(own.status, server!.output()).toBe(200);
      expect(own.body).toContain(reference);
      expect(own.body).toContain(orderNumber);
      for (const shown of ["187,650", "713 987 654", "M-Pesa</dd>"]) expect(own.body).toContain(shown);

      const notFound = [
        { who: "another shopper", url: `/payments/sandbox/${reference}`, cookie: stranger },
        { who: "an unknown reference", url: `/payments/sandbox/KE2026999999ZZZZ`, cookie: owner },
        { who: "a reference in lower case", url: `/payments/sandbox/${reference.toLowerCase()}`, cookie: owner },
        { who: "not a reference", url: "/payments/sandbox/not-a-reference", cookie: owner },
        { who: "a slash", url: "/payments/sandbox/KE2026%2FABCD", cookie: owner },
        { who: "a quote", url: "/payments/sandbox/KE2026'ABCD", cookie: owner },
        { who: "too long", url: `/payments/sandbox/${"A".repeat(41)}`, cookie: owner },
        { who: "signed out, not a reference", url: "/payments/sandbox/nothing" },
      ];
      for (const { who, url, cookie } of notFound) {
        const res = await page(url, cookie);
        expect(res.status, `${who}\n${server!.output().slice(-2000)}`).toBe(404);
        expect(res.body.includes("Page not found"), who).toBe(true);
        // (the reference itself is in the address asked for, which the page's links repeat)
        for (const secret of [orderNumber, "187,650", "713 987 654", "M-Pesa</dd>"]) expect(res.body.includes(secret), `${who} shows ${secret}`).toBe(false);
      }

      // a control character in the address is refused before any page reads it (server.ts), with nothing of the payment either
      for (const { who, url, cookie } of [
        { who: "a NUL", url: "/payments/sandbox/KE2026%00ABCD", cookie: owner },
        { who: "signed out, a NUL", url: "/payments/sandbox/%00" },
      ]) {
        const res = await page(url, cookie);
        expect(res.status, who).toBe(400);
        expect(res.body.includes("This address cannot be read"), who).toBe(true);
        for (const secret of [orderNumber, "187,650", "713 987 654", "M-Pesa</dd>"]) expect(res.body.includes(secret), `${who} shows ${secret}`).toBe(false);
      }

      // signed out, a real reference: sign in first, then back here
      const signedOut = await page(`/payments/sandbox/${reference}`);
      expect(signedOut.status).toBeGreaterThanOrEqual(300);
      expect(signedOut.status).toBeLessThan(400);
      expect(signedOut.location).toContain(`/auth/login?redirect=${encodeURIComponent(`/payments/sandbox/${reference}`)}`);
    },
  );
});
