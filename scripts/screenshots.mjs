// npm run screenshots -- [base URL]: the shop as shoppers see it, in Kiswahili and English, on a
// phone (390 px) and a desktop (1440 px): the listing, a product page, the sign-in dialog and the
// cart (with one product in it). Needs a running shop (default http://localhost:3000); writes PNGs
// to docs/screenshots/<page>-<lang>-<width>.png.
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./browser.mjs";
import { root } from "./build-lib.mjs";

const base = process.argv[2] ?? process.env.BASE_URL ?? "http://localhost:3000";
const outDir = path.join(root, "docs", "screenshots");
fs.mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  for (const locale of ["sw", "en"]) {
    for (const width of [390, 1440]) {
      const phone = width < 800;
      const context = await browser.newContext({
        viewport: { width, height: phone ? 844 : 900 },
        deviceScaleFactor: 1,
        isMobile: phone,
        hasTouch: phone,
        locale: locale === "sw" ? "sw-TZ" : "en-GB",
      });
      const page = await context.newPage();
      const shot = async (name) => {
        await page.evaluate(() => document.fonts?.ready);
        await page.screenshot({ path: path.join(outDir, `${name}-${locale}-${width}.png`) });
        console.log(`${name}-${locale}-${width}.png`);
      };

      await page.goto(`${base}/products?lang=${locale}`, { waitUntil: "networkidle" });
      await page.locator("[data-testid=product-card]").first().waitFor();
      await shot("listing");

      const firstProduct = await page.locator("[data-testid=product-card] a[href^='/products/']").first().getAttribute("href");
      await page.goto(`${base}${firstProduct}`, { waitUntil: "networkidle" });
      await shot("product");

      // the first card whose button adds at once (a product without options) goes into the cart
      await page.goto(`${base}/products`, { waitUntil: "networkidle" });
      await page
        .getByTestId("cart-count")
        .waitFor({ state: "detached" })
        .catch(() => undefined);
      const cards = page.getByTestId("product-card");
      for (let i = 0; i < 10; i++) {
        await cards.nth(i).getByRole("button").last().click();
        if (
          await page
            .getByTestId("cart-count")
            .isVisible()
            .catch(() => false)
        )
          break;
        if (!page.url().includes("/products?") && !page.url().endsWith("/products")) await page.goBack({ waitUntil: "networkidle" });
        await page.keyboard.press("Escape");
      }
      await page.goto(`${base}/cart`, { waitUntil: "networkidle" });
      await shot("cart");

      await page.goto(`${base}/products`, { waitUntil: "networkidle" });
      if (width < 800) {
        await page.getByRole("button", { name: locale === "sw" ? "Fungua menyu" : "Open menu" }).click();
        await page.getByRole("dialog").waitFor();
        await shot("menu");
        await page.keyboard.press("Escape");
      }
      await page.getByRole("button", { name: locale === "sw" ? "Menyu ya akaunti" : "Account menu" }).click();
      await page.getByRole("menuitem", { name: locale === "sw" ? "Ingia" : "Sign in" }).click();
      await page.getByRole("dialog").waitFor();
      await shot("sign-in");
      await context.close();
    }
  }
} finally {
  await browser.close();
}
