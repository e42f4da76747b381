import { describe, expect, it } from "vitest";
import { setupApi, getJson } from "./harness";

const api = setupApi();

describe("the pages' cached catalogue data", () => {
  it("answers a repeated read from memory, and a price change through the service at once", async () => {
    const { pageData, catalog } = api.services;
    const first = await pageData.list({ sortBy: "price", sortOrder: "desc", limit: 4 });
    const product = first.products[0]!;
    // the same object again: no query ran
    expect(await pageData.list({ sortBy: "price", sortOrder: "desc", limit: 4 })).toBe(first);
    expect(await pageData.product(product.id)).toBe(await pageData.product(product.id));

    const price = product.price + 1_234;
    await catalog.update(product.id, { price });

    const listed = await pageData.list({ sortBy: "price", sortOrder: "desc", limit: 4 });
    expect(listed.products.find((p) => p.id === product.id)?.price).toBe(price);
    expect((await pageData.product(product.id))?.price).toBe(price);
    // the API's own caches (counts, lists) were dropped by the same write
    expect((await pageData.priceCeiling()) >= price).toBe(true);
    const answer = await getJson<{ products: { id: number; price: number }[] }>(api.app, `/api/products?sortBy=price&sortOrder=desc&limit=4`);
    expect(answer.body.products.find((p) => p.id === product.id)?.price).toBe(price);
    // a "was" price is never below the price
    expect((await pageData.product(product.id))!.original_price).toBeGreaterThanOrEqual(price);

    await catalog.update(product.id, { price: product.price, originalPrice: product.original_price });
    expect((await pageData.product(product.id))?.price).toBe(product.price);
  });

  it("shows a stock change at once, and refuses what is not a product or a price", async () => {
    const { pageData, catalog } = api.services;
    const [product] = (await pageData.list({ limit: 1 })).products;
    await catalog.update(product!.id, { stockQuantity: 0 });
    expect((await pageData.product(product!.id))?.in_stock).toBe(false);
    await catalog.update(product!.id, { stockQuantity: product!.stock_quantity });
    expect((await pageData.product(product!.id))?.in_stock).toBe(product!.in_stock);
    await expect(catalog.update(987_654_321, { price: 1 })).rejects.toMatchObject({ code: "not-found" });
    await expect(catalog.update(product!.id, { price: -1 })).rejects.toMatchObject({ code: "invalid-input" });
    await expect(catalog.update(product!.id, { price: 1.5 })).rejects.toMatchObject({ code: "invalid-input" });
  });

  it("reads settings again after a save (the header's company name)", async () => {
    const { settings } = api.services;
    const before = (await settings.get()).companyName;
    await settings.save({ companyName: "Kilima Cache Test Ltd" });
    expect((await settings.get()).companyName).toBe("Kilima Cache Test Ltd");
    await settings.save({ companyName: before });
    expect((await settings.get()).companyName).toBe(before);
  });
});
