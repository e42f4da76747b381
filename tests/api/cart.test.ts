import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openSession } from "../../src/server/auth/sessions";
import { cartItemCount } from "../../src/server/cart/cart";
import { productVariants, products, users } from "../../src/server/db/schema";
import { setupApi } from "./harness";

const api = setupApi();
let counter = 0;

/** A signed-in shopper: a user row and a session cookie, without the password round-trip. */
async function shopper(): Promise<string> {
  const [user] = await api.handle.db
    .insert(users)
    .values({
      email: `cart-${process.pid}-${Date.now()}-${counter++}@example.co.tz`,
      fullName: "Cart Tester",
      passwordHash: "scrypt$x",
      emailVerifiedAt: sql`now()`,
    })
    .returning({ id: users.id });
  const { token } = await openSession(api.handle.db, user!.id, false, 30, {});
  return `sid=${token}`;
}

async function call(method: "GET" | "POST" | "PATCH" | "DELETE", url: string, cookie: string | null, body?: unknown) {
  const res = await api.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });
  // the tests read nested JSON freely
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json() as Record<string, any> };
}

/** A simple in-stock product (no variants) with its stock set for the test. */
async function productWithStock(stock: number): Promise<{ id: number; price: number }> {
  const [p] = await api.handle.db
    .select({ id: products.id, price: products.price })
    .from(products)
    .where(sql`not exists (select 1 from product_variants v where v.product_id = ${products.id})`)
    .orderBy(products.id)
    .offset(40 + counter++)
    .limit(1);
  await api.handle.db.update(products).set({ stockQuantity: stock }).where(eq(products.id, p!.id));
  return p!;
}

describe("the server cart", () => {
  it("answers 401 JSON to a guest", async () => {
    expect(await call("GET", "/api/cart", null)).toEqual({ status: 401, body: { error: "Please sign in first", code: "unauthenticated" } });
    expect((await call("POST", "/api/cart", null, { productId: 1, quantity: 1 })).status).toBe(401);
  });

  it("prices lines on the server whatever the client sends, and adds up repeats", async () => {
    const cookie = await shopper();
    const product = await productWithStock(50);
    expect((await call("POST", "/api/cart", cookie, { productId: product.id, variantId: "default", quantity: 2, price: 1 })).body).toMatchObject({
      success: true,
      quantity: 2,
      partialStock: false,
    });
    expect((await call("POST", "/api/cart", cookie, { productId: product.id, quantity: 3 })).body).toMatchObject({ quantity: 5 });
    const cart = (await call("GET", "/api/cart", cookie)).body;
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ productId: product.id, currency: "TZS", totalQuantity: 5, totalPrice: 5 * product.price });
    expect(cart.items[0].variants[0]).toMatchObject({ variantId: "default", quantity: 5, price: product.price });
    expect(cart.totals).toEqual({ subtotal: 5 * product.price, total_items: 5 });
  });

  it("uses the chosen variant's price, refuses a combination the product does not have", async () => {
    const cookie = await shopper();
    const [variant] = await api.handle.db
      .select()
      .from(productVariants)
      .where(sql`${productVariants.stock} > 3`)
      .limit(1);
    const ok = await call("POST", "/api/cart", cookie, { productId: variant!.productId, variantId: variant!.combinationId, quantity: 1, price: 5 });
    expect(ok.status).toBe(200);
    const cart = (await call("GET", "/api/cart", cookie)).body;
    expect(cart.items[0].variants[0]).toMatchObject({ variantId: variant!.combinationId, price: variant!.price, sku: variant!.sku });
    const bad = await call("POST", "/api/cart", cookie, { productId: variant!.productId, variantId: "colour:plaid", quantity: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/variantId/);
  });

  it("raises a short line to the stock with a message, and refuses when none is left", async () => {
    const cookie = await shopper();
    const product = await productWithStock(4);
    const partial = await call("POST", "/api/cart", cookie, { productId: product.id, quantity: 6 });
    expect(partial.body).toMatchObject({ success: true, quantity: 4, partialStock: true, message: "Only 4 more available" });
    const none = await call("POST", "/api/cart", cookie, { productId: product.id, quantity: 1 });
    expect(none).toEqual({ status: 409, body: { error: "Product out of stock", code: "out-of-stock" } });
    const empty = await productWithStock(0);
    expect((await call("POST", "/api/cart", cookie, { productId: empty.id, quantity: 1 })).status).toBe(409);
    expect((await call("POST", "/api/cart", cookie, { productId: 99_999_999, quantity: 1 })).status).toBe(404);
  });

  it("keeps exactly the stock under 50 parallel adds by one shopper", async () => {
    const cookie = await shopper();
    const product = await productWithStock(5);
    const results = await Promise.all(Array.from({ length: 50 }, () => call("POST", "/api/cart", cookie, { productId: product.id, quantity: 1 })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(45);
    expect(results.some((r) => r.status >= 500)).toBe(false);
    const cart = (await call("GET", "/api/cart", cookie)).body;
    expect(cart.items[0].variants[0].quantity).toBe(5);
  });

  it("sets, caps, removes and clears lines; another shopper's item ids are 404", async () => {
    const cookie = await shopper();
    const other = await shopper();
    const a = await productWithStock(10);
    const b = await productWithStock(10);
    await call("POST", "/api/cart", cookie, { productId: a.id, quantity: 1 });
    await call("POST", "/api/cart", cookie, { productId: b.id, quantity: 1 });
    const items = (await call("GET", "/api/cart", cookie)).body.items as { id: string; productId: number }[];
    const itemA = Number(items.find((i) => i.productId === a.id)!.id);
    const itemB = Number(items.find((i) => i.productId === b.id)!.id);

    expect((await call("PATCH", "/api/cart", cookie, { itemId: itemA, variantId: "default", quantity: 3 })).body).toMatchObject({ quantity: 3, message: null });
    expect((await call("PATCH", "/api/cart", cookie, { itemId: itemA, variantId: "default", quantity: 40 })).body).toMatchObject({
      quantity: 10,
      message: "Only 10 available",
    });
    expect((await call("PATCH", "/api/cart", other, { itemId: itemA, variantId: "default", quantity: 1 })).status).toBe(404);
    expect((await call("DELETE", `/api/cart?itemId=${itemA}&variantId=default`, other)).status).toBe(404);
    expect((await call("PATCH", "/api/cart", cookie, { itemId: 99_999_999, quantity: 1 })).status).toBe(404);
    expect((await call("GET", "/api/cart", cookie)).body.totals.total_items).toBe(11);
    // the header badge's count query agrees with the priced cart
    const userId = Number((await call("GET", "/api/auth/session", cookie)).body.user.id);
    expect(await cartItemCount(api.handle.db, userId)).toBe(11);

    expect((await call("PATCH", "/api/cart", cookie, { itemId: itemA, variantId: "default", quantity: 0 })).body).toMatchObject({ quantity: 0 });
    expect((await call("GET", "/api/cart", cookie)).body.items).toHaveLength(1);
    expect((await call("DELETE", `/api/cart?itemId=${itemB}&variantId=default`, cookie)).status).toBe(200);
    expect((await call("GET", "/api/cart", cookie)).body.items).toHaveLength(0);
    await call("POST", "/api/cart", cookie, { productId: a.id, quantity: 2 });
    expect((await call("DELETE", "/api/cart", cookie)).body).toMatchObject({ success: true });
    expect((await call("GET", "/api/cart", cookie)).body.totals).toEqual({ subtotal: 0, total_items: 0 });
    expect(await cartItemCount(api.handle.db, userId)).toBe(0);
  });

  it("answers bad input with 400 and an error, never a 500", async () => {
    const cookie = await shopper();
    const bad: unknown[] = [
      {},
      { productId: "abc" },
      { productId: 1, quantity: 0 },
      { productId: 1, quantity: 1000 },
      { productId: 1, quantity: 1.5 },
      { productId: -3 },
      "nope",
    ];
    for (const body of bad) {
      const res = await call("POST", "/api/cart", cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.error).toBe("string");
    }
    expect((await call("PATCH", "/api/cart", cookie, { itemId: "x", quantity: 1 })).status).toBe(400);
    expect((await call("DELETE", "/api/cart?itemId=abc", cookie)).status).toBe(400);
    expect((await call("POST", "/api/cart/merge", cookie, { guestCart: "x", mergeId: "m" })).status).toBe(400);
  });

  it("merges a guest cart once per merge id, summing with the server cart and listing dropped lines", async () => {
    const cookie = await shopper();
    const a = await productWithStock(10);
    const low = await productWithStock(3);
    const gone = await productWithStock(0);
    await call("POST", "/api/cart", cookie, { productId: a.id, quantity: 2 });
    const guestCart = {
      items: [
        { productId: a.id, variants: [{ variantId: "default", quantity: 3, price: 1 }] },
        { productId: low.id, variants: [{ variantId: "default", quantity: 5 }] },
        { productId: gone.id, variants: [{ variantId: "default", quantity: 1 }] },
        { productId: 99_999_999, variants: [{ variantId: "default", quantity: 1 }] },
      ],
      subtotal: 0,
      totalItems: 10,
    };
    const mergeId = `merge-${Date.now()}-${counter++}`;
    const first = await call("POST", "/api/cart/merge", cookie, { guestCart, mergeId });
    expect(first.status).toBe(200);
    expect(first.body.dropped).toEqual(
      expect.arrayContaining([
        { productId: gone.id, variantId: "default", reason: "out-of-stock" },
        { productId: 99_999_999, variantId: "default", reason: "not-found" },
      ]),
    );
    const totals = () =>
      call("GET", "/api/cart", cookie).then((r) => r.body.items.map((i: { productId: number; totalQuantity: number }) => [i.productId, i.totalQuantity]));
    expect(new Map(await totals())).toEqual(
      new Map([
        [a.id, 5],
        [low.id, 3],
      ]),
    );
    const again = await call("POST", "/api/cart/merge", cookie, { guestCart, mergeId });
    expect(again.body.repeated).toBe(true);
    expect(new Map(await totals())).toEqual(
      new Map([
        [a.id, 5],
        [low.id, 3],
      ]),
    );
  });
});
