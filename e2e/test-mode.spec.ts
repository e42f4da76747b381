import path from "node:path";
import { expect, test } from "@playwright/test";

// the demo shop offers pay on delivery, which is real money at the door: the notice says so
const BANNER = {
  en: "Test mode: mobile-money and card payments are simulated. Pay on delivery is real money.",
  sw: "Hali ya majaribio: malipo ya simu na kadi si halisi. Kulipa inapofika ni pesa halisi.",
};

test.describe("payments on the sandbox", () => {
  test("every page carries a slim banner saying which payments are simulated, in both languages, rendered without script", async ({ browser }) => {
    // no script at all: the banner is in the HTML the server sends (cached pages included: each path twice)
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    for (const lang of ["en", "sw"] as const) {
      for (const pathName of ["/", "/products", "/about", "/cart", "/tracking", "/checkout", "/products"]) {
        await page.goto(`${pathName}?lang=${lang}`);
        const banner = page.getByTestId("test-mode-banner");
        await expect(banner).toHaveText(BANNER[lang]);
        // slim: two lines of small text at most on a phone, above the header, and never wider than the screen
        const box = (await banner.boundingBox())!;
        expect(box.y).toBe(0);
        expect(box.height).toBeLessThanOrEqual(48);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }
    }
    await context.close();
  });

  test("the banner at a phone's and a desktop's width, in both languages", async ({ page }) => {
    test.skip(!process.env.E2E_SCREENSHOTS, "screenshots only");
    for (const lang of ["en", "sw"] as const) {
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
        await page.goto(`/products?lang=${lang}`);
        await expect(page.getByTestId("test-mode-banner")).toHaveText(BANNER[lang]);
        await page.screenshot({ path: path.join("docs", "screenshots", `test-mode-banner-${lang}-${width}.png`), clip: { x: 0, y: 0, width, height: 160 } });
      }
    }
  });
});
