import path from "node:path";
import { expect, test } from "@playwright/test";
import { openAdminPage } from "./admin-session";

/**
 * The demo shop's reviews as shoppers and search engines meet them, and the admin's review
 * settings: the demo catalogue's most reviewed products carry "Popular" (the top share, not
 * "over 1,000 reviews"), a product page whose reviews are all demo ones gives search engines no
 * rating, and the settings tab names every review setting in both languages.
 */
test("demo reviews make the Popular badge but never a rating for search engines; the admin's review settings", async ({ browser, page, request }) => {
  test.slow();
  await page.goto("/products?sort=best-selling");
  await expect(page.getByTestId("card-badge").filter({ hasText: "Popular" }).first()).toBeVisible();

  // a product whose reviews are all demo reviews: stars on its page, no AggregateRating in its JSON-LD
  const listed = (await (await request.get("/api/products?limit=20&sortBy=rating&sortOrder=desc")).json()) as {
    products: { id: number; slug: string; reviews: number }[];
  };
  const reviewed = listed.products.find((p) => p.reviews > 0)!;
  const product = (await (await request.get(`/api/products/${reviewed.id}`)).json()) as { real_reviews?: number };
  test.skip(Boolean(product.real_reviews), "another spec wrote a real review of this product");
  await page.goto(`/products/${reviewed.id}-${reviewed.slug}`);
  await expect(page.locator(".star-row").first()).toBeVisible();
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!) as Record<string, unknown>;
  expect(ld["@type"]).toBe("Product");
  expect(ld.aggregateRating).toBeUndefined();

  const admin = await openAdminPage(browser);
  for (const [lang, tab, label] of [
    ["en", "Reviews & questions", "Invite buyers to review after (days)"],
    ["sw", "Maoni na maswali", "Waalike wanunuzi kutoa maoni baada ya (siku)"],
  ] as const) {
    await admin.goto(`/admin/settings?tab=reviews&lang=${lang}`);
    await expect(admin.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
    await expect(admin.getByLabel(label)).toHaveValue("3");
    if (process.env.E2E_SCREENSHOTS)
      for (const width of [390, 1440]) {
        await admin.setViewportSize({ width, height: width < 800 ? 844 : 900 });
        await admin.screenshot({ path: path.join("docs", "screenshots", `admin-settings-reviews-${lang}-${width}.png`), fullPage: true });
      }
  }
});
