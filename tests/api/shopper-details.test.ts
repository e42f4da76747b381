import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productVariants, products } from "../../src/server/db/schema";
import { DAR_COURIER_ORDER } from "../fixtures/orders";
import { apiClient, mailsTo, setupApi, shopperCookie, unique } from "./harness";

const api = setupApi();
const PASSWORD = "Mbuyu-Kijani-2026";
let picked = 0;

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const { call } = apiClient<Json>(api);

/** The confirmation link of the last e-mail to an address, whole (its query beyond the token included). */
async function lastVerifyLink(email: string): Promise<URL> {
  const mails = await mailsTo(api.outboxDir, email);
  const match = /https?:\/\/\S+\/auth\/verify\?\S+/.exec(mails.at(-1) ?? "");
  expect(match, `a confirmation link to ${email}`).toBeTruthy();
  return new URL(match![0]);
}

function register(email: string, redirect?: unknown) {
  return call("POST", "/api/auth/register", null, {
    fullName: "Asha Mushi",
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: true,
    ...(redirect === undefined ? {} : { redirect }),
  });
}

describe("the confirmation link brings the shopper back to where they registered", () => {
  it("carries a path on the shop (the checkout) in the link, and the sign-in after confirming goes there", async () => {
    const email = unique("return");
    expect((await register(email, "/checkout")).status).toBe(201);
    const link = await lastVerifyLink(email);
    expect(link.pathname).toBe("/auth/verify");
    expect(link.searchParams.get("redirect")).toBe("/checkout");
    expect((await call("POST", "/api/auth/verify", null, { token: link.searchParams.get("token") })).status).toBe(200);
    const login = await call("POST", "/api/auth/login", null, { email, password: PASSWORD, redirect: link.searchParams.get("redirect") });
    expect(login.body).toMatchObject({ success: true, redirectTo: "/checkout" });
  });

  it.each([["https://evil.example/checkout"], ["//evil.example"], ["/\\evil.example"], ["/%09/evil.example"], ["/"]])(
    "leaves out a target that is not a path on the shop (or is the home page): %s",
    async (target) => {
      const email = unique("offsite");
      expect((await register(email, target)).status).toBe(201);
      const link = await lastVerifyLink(email);
      expect(link.searchParams.has("redirect")).toBe(false);
      expect(link.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]+$/);
    },
  );

  it("keeps the return path in a link sent again, and refuses control characters in it", async () => {
    const email = unique("resend");
    expect((await register(email)).status).toBe(201);
    expect((await lastVerifyLink(email)).searchParams.has("redirect")).toBe(false);
    expect((await call("POST", "/api/auth/resend-verification", null, { email, redirect: "/checkout" })).status).toBe(200);
    expect((await lastVerifyLink(email)).searchParams.get("redirect")).toBe("/checkout");
    expect((await call("POST", "/api/auth/resend-verification", null, { email, redirect: "/check\u0000out" })).status).toBe(400);
  });
});

/** A product without options, in stock, priced within a bus parcel's reach. */
async function simpleProduct(stock: number) {
  const [p] = await api.handle.db
    .select({ id: products.id })
    .from(products)
    .where(sql`not exists (select 1 from product_variants v where v.product_id = ${products.id}) and price between 1000 and 90000`)
    .orderBy(sql`${products.id} desc`)
    .offset(picked++)
    .limit(1);
  await api.handle.db.update(products).set({ stockQuantity: stock }).where(eq(products.id, p!.id));
  return p!.id;
}

function checkout(cookie: string, body: Json) {
  return call("POST", "/api/orders", cookie, body, { "idempotency-key": randomUUID() });
}

describe("a saved address keeps the bus office", () => {
  it("saves a bus parcel's office with the address and gives it back; another office is another address", async () => {
    const cookie = await shopperCookie(api, "parcel-office");
    const parcel = (office: string) => ({
      ...DAR_COURIER_ORDER,
      delivery: { method: "parcel", region: "arusha", district: "Arusha City", ward: "Kaloleni", parcelOffice: office },
    });
    expect((await call("POST", "/api/cart", cookie, { productId: await simpleProduct(5), quantity: 1 })).status).toBe(200);
    expect((await checkout(cookie, parcel("Dar Express office, Arusha bus stand"))).status).toBe(201);
    let saved = (await call("GET", "/api/account/addresses", cookie)).body.addresses;
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ region: "arusha", district: "Arusha City", ward: "Kaloleni", parcelOffice: "Dar Express office, Arusha bus stand" });

    // the same address with the same office is the same saved address; another office is a new one, first
    expect((await call("POST", "/api/cart", cookie, { productId: await simpleProduct(5), quantity: 1 })).status).toBe(200);
    expect((await checkout(cookie, parcel("Dar Express office, Arusha bus stand"))).status).toBe(201);
    expect((await call("GET", "/api/account/addresses", cookie)).body.addresses).toHaveLength(1);
    expect((await call("POST", "/api/cart", cookie, { productId: await simpleProduct(5), quantity: 1 })).status).toBe(200);
    expect((await checkout(cookie, parcel("Kilimanjaro Express office"))).status).toBe(201);
    saved = (await call("GET", "/api/account/addresses", cookie)).body.addresses;
    expect(saved.map((a: Json) => a.parcelOffice)).toEqual(["Kilimanjaro Express office", "Dar Express office, Arusha bus stand"]);

    // a courier address has none
    expect((await call("POST", "/api/cart", cookie, { productId: await simpleProduct(5), quantity: 1 })).status).toBe(200);
    expect((await checkout(cookie, DAR_COURIER_ORDER)).status).toBe(201);
    expect((await call("GET", "/api/account/addresses", cookie)).body.addresses[0]).toMatchObject({ region: "dar-es-salaam", parcelOffice: "" });
  });
});

describe("the order e-mail names the option chosen", () => {
  it("writes each line's option beside its product, and a product without options alone", async () => {
    const cookie = await shopperCookie(api, "option-mail");
    const [variant] = await api.handle.db
      .select({ productId: productVariants.productId, combinationId: productVariants.combinationId, attributes: productVariants.attributes })
      .from(productVariants)
      .where(sql`${productVariants.attributes} <> '{}'::jsonb`)
      .orderBy(productVariants.id)
      .limit(1);
    await api.handle.db
      .update(productVariants)
      .set({ stock: 10 })
      .where(sql`${productVariants.productId} = ${variant!.productId} and ${productVariants.combinationId} = ${variant!.combinationId}`);
    await api.handle.db.update(products).set({ stockQuantity: 100 }).where(eq(products.id, variant!.productId));
    const plain = await simpleProduct(5);
    expect((await call("POST", "/api/cart", cookie, { productId: variant!.productId, variantId: variant!.combinationId, quantity: 2 })).status).toBe(200);
    expect((await call("POST", "/api/cart", cookie, { productId: plain, quantity: 1 })).status).toBe(200);
    const order = (await checkout(cookie, DAR_COURIER_ORDER)).body.order;
    expect(order.number).toBeTruthy();

    const [named] = await api.handle.db.select({ name: products.name }).from(products).where(eq(products.id, variant!.productId));
    const [plainNamed] = await api.handle.db.select({ name: products.name }).from(products).where(eq(products.id, plain));
    const option = Object.entries(variant!.attributes as Record<string, string>)
      .filter(([name]) => !name.endsWith("_raw"))
      .map(([name, value]) => `${name}: ${value}`)
      .join(", ");
    // the order's first e-mail (in the shop's language: the line's wording is the same in both)
    const placed = (await mailsTo(api.outboxDir, order.email)).find((m) => m.includes(order.number) && m.includes(" × "));
    expect(placed).toBeTruthy();
    expect(placed).toContain(`2 × ${named!.name} (${option}): `);
    expect(placed).toContain(`1 × ${plainNamed!.name}: `);
  });
});
