// Screenshots of the shop front for docs/screenshots (phone 390 px and desktop 1440 px, light and dark).
// Usage: node scripts/screenshots.mjs [baseUrl]   — against a running shop (default http://localhost:3000).
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./browser.mjs";
import { root } from "./build-lib.mjs";

const base = process.argv[2] ?? "http://localhost:3000";
const out = path.join(root, "docs", "screenshots");
const shots = [
  { name: "products-phone-light", width: 390, height: 844, theme: "white", path: "/products" },
  { name: "products-phone-dark", width: 390, height: 844, theme: "dark", path: "/products" },
  { name: "products-desktop-light", width: 1440, height: 900, theme: "white", path: "/products" },
  { name: "products-desktop-dark", width: 1440, height: 900, theme: "dark", path: "/products" },
];

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  for (const shot of shots) {
    const context = await browser.newContext({
      viewport: { width: shot.width, height: shot.height },
      deviceScaleFactor: 1,
      isMobile: shot.width < 768,
      hasTouch: shot.width < 768,
    });
    await context.addInitScript((theme) => localStorage.setItem("theme", theme), shot.theme);
    const page = await context.newPage();
    await page.goto(base + shot.path, { waitUntil: "load" });
    await page.getByTestId("product-card").first().waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(out, `${shot.name}.png`), fullPage: false });
    await context.close();
    console.log(`wrote docs/screenshots/${shot.name}.png`);
  }
} finally {
  await browser.close();
}
