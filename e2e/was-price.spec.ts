import { expect, test, type Page } from "@playwright/test";
import { screenshots } from "./helpers";

/** The demo's 18650 battery: TSh 6,000 from its cheapest option, a real "was" price of TSh 6,500 (its history shows the cut). */
async function battery(request: Parameters<Parameters<typeof test>[2]>[0]["request"]) {
  const found = await (await request.get("/api/products?search=18650&limit=50")).json();
  const product = found.products.find((p: { sku: string }) => p.sku === "KE-PWR-0001");
  expect(product, "the demo catalogue's 18650 battery").toBeTruthy();
  expect([product.price, product.original_price]).toEqual([6_000, 6_500]);
  return product as { id: number; slug: string };
}

async function choose(page: Page, attribute: string, value: string) {
  await page.getByRole("group", { name: attribute }).getByRole("button", { name: value, exact: true }).click();
  await expect(page.getByRole("group", { name: attribute }).getByRole("button", { name: value, exact: true })).toHaveAttribute("aria-pressed", "true");
}

for (const { lang, width, words } of [
  { lang: "sw", width: 390, words: { capacity: "Uwezo", pack: "Pakiti", onePiece: "Kipande 1", from: "Kuanzia", off: "Punguzo 8%" } },
  { lang: "en", width: 1440, words: { capacity: "Capacity", pack: "Pack", onePiece: "1 pc", from: "From", off: "8% OFF" } },
] as const) {
  test(`the product page shows a "was" price only against the price it belongs to, while options are chosen (${lang}, ${width} px)`, async ({
    page,
    request,
  }) => {
    const product = await battery(request);
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    await page.goto(`/products/${product.id}-${product.slug}?lang=${lang}`);
    const price = page.getByTestId("detail-price");
    // the line with the price, its "was" price and the discount
    const line = price.locator("..");

    // before any choice: the product's own (lowest) price against its "was" price
    await expect(price).toHaveText("TSh 6,000");
    await expect(line).toContainText("6,500");
    await expect(line).toContainText(words.off);

    // a capacity whose options all cost more: its "from" price, and no "was" price below it
    await choose(page, words.capacity, "3000mAh");
    await expect(price).toHaveText("TSh 11,500");
    await expect(page.getByText(words.from, { exact: true })).toBeVisible();
    await expect(line).not.toContainText("6,500");
    await expect(line).not.toContainText(words.off);

    // the cheapest option itself: options have no "was" price of their own
    await choose(page, words.capacity, "2000mAh");
    await choose(page, words.pack, words.onePiece);
    await expect(price).toHaveText("TSh 6,000");
    await expect(line).not.toContainText("6,500");
    await expect(line).not.toContainText(words.off);
    if (lang === "sw") await screenshots(page, "product-was-price");
  });
}
