import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { openAdminPage } from "./admin-session";
import { screenshots } from "./helpers";

/*
 * Prices by quantity, as a guest buys them, in both languages on a phone and a desktop: the
 * product page's ladder (per pack of 100), 10 added from it, the cart at the 10+ price with the
 * step it applied and the next one offered.
 */

const TEXT = {
  en: {
    ladder: "Prices by quantity",
    pack: /packs of 100 pieces/,
    quantity: "Quantity",
    add: /^Add to Cart/,
    applied: /Quantity price from 10/,
    more: /^Add 90 more for TSh\s2,450 each$/,
  },
  sw: {
    ladder: "Bei kwa idadi",
    pack: /pakiti za vipande 100/,
    quantity: "Idadi",
    add: /^Weka kikapuni/,
    applied: /Bei ya idadi kuanzia 10/,
    more: /^Ongeza 90 zaidi upate kwa TSh\s2,450 kila moja$/,
  },
} as const;

/** With E2E_SCREENSHOTS set, the page as it is into docs/screenshots (<name>-<lang>-<width>.png). */
const shot = async (page: Page, name: string, locale: string, width: number) => {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: path.join("docs", "screenshots", `${name}-${locale}-${width}.png`), fullPage: true });
};

/** The demo's 10k carbon-film resistors: TSh 3,000 a pack of 100, 10+ TSh 2,750, 100+ TSh 2,450. */
const SKU = "KE-PAS-0001";

for (const locale of ["en", "sw"] as const)
  for (const width of [390, 1440])
    test(`the ladder on the product page and the break price in the cart (${locale}, ${width} px)`, async ({ page, baseURL }) => {
      const t = TEXT[locale];
      await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
      await page.context().addCookies([{ name: "locale", value: locale, url: baseURL! }]);
      const found = (await (await page.request.get("/api/products?search=carbon%20film%20resistor&limit=50")).json()) as {
        products: { id: number; slug: string; sku: string; stock_quantity: number }[];
      };
      const part = found.products.find((p) => p.sku === SKU)!;
      expect(part).toBeTruthy();

      await page.goto(`/products/${part.id}-${part.slug}`);
      const ladder = page.getByTestId("price-ladder");
      await expect(ladder.getByRole("heading", { name: t.ladder })).toBeVisible();
      await expect(ladder.getByTestId("price-ladder-price")).toHaveText([/TSh\s3,000/, /TSh\s2,750/, /TSh\s2,450/]);
      await expect(ladder).toContainText(t.pack);

      const quantity = page.getByRole("textbox", { name: t.quantity, exact: true });
      await quantity.fill("10");
      // the step 10 reaches is marked
      await expect(ladder.locator('[aria-current="true"]')).toContainText("10+");
      await shot(page, "product-price-ladder", locale, width);
      await page.getByRole("button", { name: t.add }).click();
      await expect(page.getByTestId("cart-count")).toHaveText("10");

      await page.goto("/cart");
      const line = page.getByTestId("cart-line");
      await expect(line).toHaveCount(1);
      await expect(line.getByTestId("line-total")).toHaveText(/TSh\s27,500/);
      await expect(line.getByTestId("line-break")).toHaveText(t.applied);
      await shot(page, "cart-price-break", locale, width);
      if (part.stock_quantity >= 100) {
        const more = line.getByTestId("line-next-break");
        await expect(more).toHaveText(t.more);
        await more.click();
        await expect(line.getByTestId("line-quantity")).toHaveText("100");
        await expect(line.getByTestId("line-total")).toHaveText(/TSh\s245,000/);
      }
    });

test("an admin changes a product's prices by quantity on its page, a bad step refused on the step, and the shop shows the new ladder", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  // the demo's 1k carbon-film resistors: TSh 3,000, 10+ TSh 2,750, 100+ TSh 2,450 (no other spec buys them)
  const found = (await (await page.request.get("/api/products?search=1k%20carbon%20film%20resistor&limit=50")).json()) as {
    products: { id: number; slug: string; sku: string }[];
  };
  const part = found.products.find((p) => p.sku === "KE-PAS-0007")!;
  const admin = await openAdminPage(browser);
  await admin.goto(`/admin/products/${part.id}`);
  const form = admin.getByTestId("price-breaks-form");
  await expect(form.getByLabel("From quantity, step 1")).toHaveValue("10");
  await expect(form.getByLabel("Price each, step 2")).toHaveValue("2450");
  await screenshots(admin, "admin-price-breaks");
  await admin.goto(`/admin/products/${part.id}`);

  // 100+ dearer than 10+: refused before sending, on that step
  await form.getByLabel("Price each, step 2").fill("2800");
  await form.getByRole("button", { name: "Save prices by quantity" }).click();
  await expect(form.getByTestId("price-break-problem")).toHaveText("The price must be below the one for a smaller quantity.");
  await expect(form.getByLabel("Price each, step 2")).toHaveAttribute("aria-invalid", "true");

  // a third step added, the second fixed: saved, and the shop's page shows the ladder
  await form.getByLabel("Price each, step 2").fill("2400");
  await form.getByRole("button", { name: "Add a step" }).click();
  await form.getByLabel("From quantity, step 3").fill("500");
  await form.getByLabel("Price each, step 3").fill("2200");
  await form.getByRole("button", { name: "Save prices by quantity" }).click();
  await expect(form.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.goto(`/products/${part.id}-${part.slug}`);
  await expect(page.getByTestId("price-ladder-price")).toHaveText([/TSh\s3,000/, /TSh\s2,750/, /TSh\s2,400/, /TSh\s2,200/]);

  // put the demo's ladder back
  const back = await admin.request.put(`/api/admin/products/${part.id}/pricing`, {
    headers: { origin: new URL(baseURL!).origin },
    data: {
      packSize: 100,
      ladders: [
        {
          option: null,
          breaks: [
            { minQuantity: 10, price: 2_750 },
            { minQuantity: 100, price: 2_450 },
          ],
        },
      ],
    },
  });
  expect(back.status()).toBe(200);
});
