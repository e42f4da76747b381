import { expect, test } from "@playwright/test";

test("the home page answers with the shop, its categories and product images", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quality-Trusted Component Store");
  await expect(page.getByRole("heading", { name: "Shop by category" })).toBeVisible();
  const firstImage = page.locator("main img").first();
  await expect(firstImage).toBeVisible();
  await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator("footer")).toContainText(`© ${new Date().getFullYear()}`);
});

test("the API answers JSON next to the pages", async ({ request }) => {
  const products = await request.get("/api/products?limit=5");
  expect(products.status()).toBe(200);
  const body = await products.json();
  expect(body.products).toHaveLength(5);
  expect(body.pagination.total).toBeGreaterThanOrEqual(300);

  const image = await request.get(body.products[0].image);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/webp");

  const bad = await request.get("/api/products?limit=500");
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error).toContain("limit");
});

test("an unknown page is a real 404", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
