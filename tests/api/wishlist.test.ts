import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { WISHLIST_MAX } from "../../src/lib/account";
import { products, users, wishlistItems } from "../../src/server/db/schema";
import { setupApi, shopperCookie, apiClient } from "./harness";

const api = setupApi();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const { call } = apiClient<Json>(api);

async function someProducts(n: number): Promise<{ id: number; price: number; stock: number }[]> {
  return api.handle.db.select({ id: products.id, price: products.price, stock: products.stockQuantity }).from(products).orderBy(products.id).limit(n);
}

describe("the wishlist", () => {
  it("needs a signed-in shopper", async () => {
    expect((await call("GET", "/api/wishlist", null)).status).toBe(401);
    expect((await call("PUT", "/api/wishlist/1", null)).status).toBe(401);
    expect((await call("DELETE", "/api/wishlist/1", null)).status).toBe(401);
  });

  it("adds once, lists newest first with today's price and stock, and removes", async () => {
    const cookie = await shopperCookie(api, "wishlist");
    const [a, b] = await someProducts(2);
    expect((await call("PUT", `/api/wishlist/${a!.id}`, cookie)).body).toEqual({ added: true });
    expect((await call("PUT", `/api/wishlist/${a!.id}`, cookie)).body).toEqual({ added: false });
    await api.handle.db.execute(sql`select pg_sleep(0.01)`);
    expect((await call("PUT", `/api/wishlist/${b!.id}`, cookie)).status).toBe(200);
    expect((await call("GET", "/api/wishlist", cookie)).body).toEqual({ productIds: [b!.id, a!.id] });

    const expanded = await call("GET", "/api/wishlist?expand=products", cookie);
    expect(expanded.body.items.map((i: Json) => i.product.id)).toEqual([b!.id, a!.id]);
    expect(expanded.body.items[1].product).toMatchObject({ id: a!.id, price: a!.price, stock_quantity: a!.stock });
    expect(typeof expanded.body.items[0].addedAt).toBe("string");

    // the price is the catalogue's now, not the one of the day it was added
    await api.handle.db
      .update(products)
      .set({ price: a!.price + 100 })
      .where(eq(products.id, a!.id));
    const later = await call("GET", "/api/wishlist?expand=products", cookie);
    expect(later.body.items[1].product.price).toBe(a!.price + 100);
    await api.handle.db.update(products).set({ price: a!.price }).where(eq(products.id, a!.id));

    expect((await call("DELETE", `/api/wishlist/${a!.id}`, cookie)).body).toEqual({ removed: true });
    expect((await call("DELETE", `/api/wishlist/${a!.id}`, cookie)).body).toEqual({ removed: false });
    expect((await call("GET", "/api/wishlist", cookie)).body).toEqual({ productIds: [b!.id] });
    expect((await call("DELETE", "/api/wishlist", cookie)).body).toEqual({ removed: 1 });
    expect((await call("GET", "/api/wishlist", cookie)).body).toEqual({ productIds: [] });
  });

  it("keeps each shopper's list apart", async () => {
    const one = await shopperCookie(api, "wishlist");
    const two = await shopperCookie(api, "wishlist");
    const [a] = await someProducts(1);
    await call("PUT", `/api/wishlist/${a!.id}`, one);
    expect((await call("GET", "/api/wishlist", two)).body.productIds).toEqual([]);
    expect((await call("DELETE", `/api/wishlist/${a!.id}`, two)).body).toEqual({ removed: false });
    expect((await call("GET", "/api/wishlist", one)).body.productIds).toEqual([a!.id]);
  });

  it("answers 404 for a product that does not exist and 400 for an id that is not one", async () => {
    const cookie = await shopperCookie(api, "wishlist");
    const missing = await call("PUT", "/api/wishlist/2000000000", cookie);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("not-found");
    for (const bad of ["abc", "0", "-1", "1.5", "99999999999"]) expect((await call("PUT", `/api/wishlist/${bad}`, cookie)).status).toBe(400);
  });

  it(`holds at most ${WISHLIST_MAX} products`, async () => {
    const cookie = await shopperCookie(api, "wishlist");
    const userId = (await api.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } })).json().user.id as number;
    const many = await someProducts(WISHLIST_MAX + 1);
    await api.handle.db.insert(wishlistItems).values(many.slice(0, WISHLIST_MAX).map((p) => ({ userId, productId: p.id })));
    const refused = await call("PUT", `/api/wishlist/${many[WISHLIST_MAX]!.id}`, cookie);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("validation");
    // an account's list goes with the account
    await api.handle.db.delete(users).where(eq(users.id, userId));
    expect(await api.handle.db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId))).toEqual([]);
  });
});
