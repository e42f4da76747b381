import { expect, test } from "@playwright/test";
import { gridSettled, prices } from "./helpers";

test("the listing shows the first batch server-rendered, then scrolls to the 120 cap and a next-page link", async ({ page }) => {
  await page.goto("/products");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quality-Trusted Component Store");
  await expect(page.getByTestId("product-card")).toHaveCount(20);
  for (let i = 0; i < 12; i++) {
    const count = await page.getByTestId("product-card").count();
    if (count >= 120) break;
    await page.getByTestId("product-card").last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => page.getByTestId("product-card").count()).toBeGreaterThan(count);
  }
  await expect(page.getByTestId("product-card")).toHaveCount(120);
  await expect(page.getByText("Showing 120 products (Page 1)")).toBeVisible();
  const next = page.getByRole("link", { name: "Next Page (2)" });
  await expect(next).toHaveAttribute("href", "/products?page=2");
  await next.click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId("product-card")).toHaveCount(20);
});

test("sorting by price orders the prices shown, across loaded batches", async ({ page }) => {
  await page.goto("/products");
  await page.getByLabel("Sort by").selectOption("price-high");
  await expect(page).toHaveURL(/sort=price-high/);
  await gridSettled(page);
  await page.getByTestId("product-card").last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => page.getByTestId("product-card").count()).toBeGreaterThan(20);
  const shown = await prices(page);
  expect(shown).toEqual([...shown].sort((a, b) => b - a));

  await page.getByLabel("Sort by").selectOption("price-low");
  await expect(page).toHaveURL(/sort=price-low/);
  await expect.poll(async () => (await prices(page))[0]).toBeLessThan(2000);
  const low = await prices(page);
  expect(low).toEqual([...low].sort((a, b) => a - b));
});

test("a category filter shows only that category; nonsense search shows the empty state", async ({ page }) => {
  await page.goto("/products");
  await page.getByLabel("Category").selectOption({ label: "Displays" });
  await expect(page).toHaveURL(/category=displays/);
  await expect(page.getByTestId("product-card").first()).toBeVisible();
  await page.goto("/products?search=qqxzv+wombatron");
  await expect(page.getByText("No products found matching your criteria.")).toBeVisible();
});

test("Add to Cart fills the guest cart and the header badge, in this tab and another", async ({ page, context }) => {
  await page.goto("/products?sort=price-low");
  const first = page.getByTestId("product-card").first();
  await first.getByRole("button", { name: /^Add to Cart/ }).click();
  await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("guest_cart") ?? "{}"));
  expect(stored.totalItems).toBe(1);
  expect(stored.items[0].variants[0].quantity).toBe(1);

  const other = await context.newPage();
  await other.goto("/products");
  await expect(other.getByTestId("cart-count")).toHaveText("1");
  await first.getByRole("button", { name: /^Add to Cart/ }).click();
  await expect(other.getByTestId("cart-count")).toHaveText("2");
});

test("a card's Add to Cart for a product with options adds its cheapest option in stock, at the card's price", async ({ page, request }) => {
  const body = await (await request.get("/api/products?limit=100&enriched=true")).json();
  type Listed = {
    name: string;
    price: number;
    in_stock: boolean;
    variant_config: unknown;
    product_variants: { combinationId: string; price: number; stock: number }[];
  };
  const product = (body.products as Listed[]).find((p) => p.variant_config && p.in_stock && p.product_variants.some((v) => v.stock > 0));
  expect(product, "the demo catalogue has products with options in stock").toBeTruthy();
  const inStock = product!.product_variants.filter((v) => v.stock > 0);
  const cheapest = inStock.reduce((low, v) => (v.price < low.price ? v : low), inStock[0]!);

  await page.goto(`/products?search=${encodeURIComponent(product!.name)}`);
  const card = page.getByTestId("product-card").filter({ has: page.getByRole("link", { name: product!.name, exact: true }) });
  await card.getByRole("button", { name: /^Add to Cart/ }).click();
  await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("guest_cart") ?? "{}"));
  // a real option, never the default line the server refuses for a product with options
  expect(stored.items[0].variants[0]).toMatchObject({ variantId: cheapest.combinationId, price: cheapest.price, quantity: 1 });
  expect(Number(await card.getByTestId("price").getAttribute("data-price"))).toBe(cheapest.price);
});

test("a card opens the product page, whose back link returns to the listing it came from", async ({ page }) => {
  await page.goto("/products?sort=newest");
  const card = page.getByTestId("product-card").first();
  const name = (await card.getByRole("heading").textContent())!.trim();
  await card.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(ld["@type"]).toBe("Product");
  expect(ld.offers.priceCurrency).toBe("TZS");
  await page.getByRole("link", { name: "Back to products" }).click();
  await expect(page).toHaveURL(/\/products\?sort=newest$/);
});

test("variants: choosing a value sets the price shown", async ({ page, request }) => {
  const body = await (await request.get("/api/products?enriched=true&limit=100&sortBy=price")).json();
  const product =
    body.products.find((p: { variant_config: { type: string } | null }) => p.variant_config?.type === "primary-dependent") ??
    body.products.find((p: { product_variants: unknown[] }) => p.product_variants.length > 1);
  expect(product, "the demo catalogue has variant products").toBeTruthy();
  await page.goto(`/products/${product.id}-${product.slug}`);
  const variant = [...product.product_variants].sort((a: { price: number }, b: { price: number }) => b.price - a.price)[0];
  for (const [name, value] of Object.entries(variant.attributes as Record<string, string>)) {
    await page.getByRole("group", { name }).getByRole("button", { name: value, exact: true }).click();
  }
  await expect(page.getByTestId("detail-price")).toHaveText(`TSh ${variant.price.toLocaleString("en-US")}`);
});

test("an unknown product is a real 404", async ({ page }) => {
  const response = await page.goto("/products/99999999-nothing");
  expect(response?.status()).toBe(404);
});

test("the currency choice converts prices and persists", async ({ page }) => {
  await page.goto("/products?sort=price-low");
  const first = page.getByTestId("price").first();
  const tzs = Number(await first.getAttribute("data-price"));
  await page.getByRole("combobox", { name: "Currency" }).selectOption("USD");
  await expect(first).toHaveText(`$${(tzs * 0.0004).toFixed(2)}`);
  await page.reload();
  await expect(page.getByTestId("price").first()).toHaveText(/^\$/);
});
