import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartItemCount, MAX_MERGE_LINES, pruneCartMerges } from "../../src/server/cart/cart";
import { rowsOf } from "../../src/server/db/client";
import { cartItems, cartLines, cartMerges, productVariants, products, users } from "../../src/server/db/schema";
import { setupApi, shopperCookie, apiClient } from "./harness";

const api = setupApi();
let counter = 0;

const shopper = () => shopperCookie(api, "cart");

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const { call } = apiClient<Json>(api);

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
    const guest = await call("GET", "/api/cart", null);
    expect({ status: guest.status, body: guest.body }).toEqual({ status: 401, body: { error: "Please sign in first", code: "unauthenticated" } });
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
    expect({ status: none.status, body: none.body }).toEqual({ status: 409, body: { error: "Product out of stock", code: "out-of-stock" } });
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

  it("refuses the default line for a product with options, in add, set and merge", async () => {
    const cookie = await shopper();
    const [variant] = await api.handle.db
      .select()
      .from(productVariants)
      .where(sql`${productVariants.stock} > 3`)
      .orderBy(productVariants.productId)
      .limit(1);
    const id = variant!.productId;
    for (const body of [
      { productId: id, variantId: "default", quantity: 1 },
      { productId: id, quantity: 1 },
    ]) {
      const res = await call("POST", "/api/cart", cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("invalid-variant");
    }
    // a default line stored before this rule: it cannot be raised, only removed
    const userId = Number((await call("GET", "/api/auth/session", cookie)).body.user.id);
    const [item] = await api.handle.db.insert(cartItems).values({ userId, productId: id }).returning({ id: cartItems.id });
    await api.handle.db.insert(cartLines).values({ itemId: item!.id, variantId: "default", quantity: 1 });
    const patch = await call("PATCH", "/api/cart", cookie, { itemId: item!.id, variantId: "default", quantity: 2 });
    expect(patch.status).toBe(400);
    expect(patch.body.code).toBe("invalid-variant");
    expect((await call("PATCH", "/api/cart", cookie, { itemId: item!.id, variantId: "default", quantity: 0 })).status).toBe(200);

    const merge = await call("POST", "/api/cart/merge", cookie, {
      mergeId: `merge-default-${Date.now()}-${counter++}`,
      guestCart: [
        {
          productId: id,
          variants: [
            { variantId: "default", quantity: 1 },
            { variantId: variant!.combinationId, quantity: 1 },
          ],
        },
      ],
    });
    expect(merge.status).toBe(200);
    expect(merge.body.dropped).toEqual([{ productId: id, variantId: "default", reason: "invalid-variant" }]);
    expect(merge.body.merged).toEqual([{ productId: id, variantId: variant!.combinationId, quantity: 1, partialStock: false }]);
    expect(merge.body.cart.items[0].variants.map((v: { variantId: string }) => v.variantId)).toEqual([variant!.combinationId]);
  });

  /** Products without options that have stock, the first `count` by id (their stock is left as it is). */
  async function simpleProductsInStock(count: number): Promise<{ id: number; stock: number }[]> {
    return api.handle.db
      .select({ id: products.id, stock: products.stockQuantity })
      .from(products)
      .where(sql`${products.stockQuantity} > 0 and not exists (select 1 from product_variants v where v.product_id = ${products.id})`)
      .orderBy(products.id)
      .limit(count);
  }

  it("merges 100 lines at once, correctly, summing repeats first", async () => {
    const cookie = await shopper();
    const list = await simpleProductsInStock(MAX_MERGE_LINES);
    expect(list).toHaveLength(MAX_MERGE_LINES);
    // the first product comes twice: the two lines are one line of quantity 2
    const guestCart = [
      { productId: list[0]!.id, variants: [{ variantId: "default", quantity: 1 }] },
      ...list.map((p) => ({ productId: p.id, variants: [{ variantId: "default", quantity: 1 }] })),
    ];
    const res = await call("POST", "/api/cart/merge", cookie, { mergeId: `merge-100-${Date.now()}-${counter++}`, guestCart });
    expect(res.status).toBe(200);
    expect(res.body.dropped).toEqual([]);
    expect(res.body.merged).toHaveLength(MAX_MERGE_LINES);
    const expected = new Map(list.map((p, i) => [p.id, Math.min(i === 0 ? 2 : 1, p.stock)]));
    const got = new Map((res.body.cart.items as { productId: number; totalQuantity: number }[]).map((i) => [i.productId, i.totalQuantity]));
    expect(got).toEqual(expected);
  });

  it("keeps the first 100 distinct lines of a merge and reports the rest as too-many-lines; refuses more than 500 lines", async () => {
    const cookie = await shopper();
    const list = await simpleProductsInStock(MAX_MERGE_LINES + 20);
    const guestCart = list.map((p) => ({ productId: p.id, variants: [{ variantId: "default", quantity: 1 }] }));
    const res = await call("POST", "/api/cart/merge", cookie, { mergeId: `merge-cap-${Date.now()}-${counter++}`, guestCart });
    expect(res.status).toBe(200);
    expect(res.body.merged).toHaveLength(MAX_MERGE_LINES);
    expect(res.body.dropped).toEqual(list.slice(MAX_MERGE_LINES).map((p) => ({ productId: p.id, variantId: "default", reason: "too-many-lines" })));
    expect(res.body.cart.items).toHaveLength(MAX_MERGE_LINES);

    // 200 products with 3 lines each: refused before any work, with the limit in the message
    const huge = Array.from({ length: 200 }, (_, i) => ({ productId: i + 1, variants: [1, 2, 3].map((n) => ({ variantId: `size:${n}`, quantity: 1 })) }));
    const refused = await call("POST", "/api/cart/merge", cookie, { mergeId: `merge-huge-${Date.now()}-${counter++}`, guestCart: huge });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: "guestCart: a guest cart merge takes at most 500 lines", code: "invalid-input" });
  });

  it("runs parallel merges and adds on the same products without a deadlock, a 500 or a lost line", async () => {
    const items = await Promise.all(Array.from({ length: 5 }, () => productWithStock(10)));
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => shopper()));
    const calls = shoppers.flatMap((cookie, n) => [
      call("POST", "/api/cart/merge", cookie, {
        mergeId: `merge-par-${Date.now()}-${n}-${counter++}`,
        guestCart: items.map((p) => ({ productId: p.id, variants: [{ variantId: "default", quantity: 3 }] })),
      }),
      // the adds come in the opposite order of the merge's locks
      ...[...items].reverse().map((p) => call("POST", "/api/cart", cookie, { productId: p.id, quantity: 1 })),
    ]);
    const results = await Promise.all(calls);
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    for (const cookie of shoppers) {
      const cart = (await call("GET", "/api/cart", cookie)).body;
      expect(new Set(cart.items.map((i: { totalQuantity: number }) => i.totalQuantity))).toEqual(new Set([4]));
      expect(cart.items).toHaveLength(5);
    }
  });

  it("prunes merge ids older than a day and keeps the recent ones", async () => {
    await shopper();
    const [user] = await api.handle.db
      .select({ id: users.id })
      .from(users)
      .orderBy(sql`${users.id} desc`)
      .limit(1);
    const old = `merge-old-${Date.now()}`;
    const recent = `merge-recent-${Date.now()}`;
    await api.handle.db.insert(cartMerges).values([
      { userId: user!.id, mergeId: old, result: {}, createdAt: sql`now() - interval '25 hours'` },
      { userId: user!.id, mergeId: recent, result: {}, createdAt: sql`now() - interval '23 hours'` },
    ]);
    expect(await pruneCartMerges(api.handle.db)).toBeGreaterThanOrEqual(1);
    const left = rowsOf<{ merge_id: string }>(await api.handle.db.execute(sql`select merge_id from cart_merges where user_id = ${user!.id}`));
    expect(left.map((r) => r.merge_id)).toEqual([recent]);
  });
});
