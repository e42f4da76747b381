// node scripts/screenshots-pages.mjs [base URL]: the shop's information, help and policy pages as shoppers
// see them, in Kiswahili and English, on a phone (390 px) and a desktop (1440 px), the top of each
// page. Needs a running shop (default http://localhost:3000); writes PNGs to
// docs/screenshots/page-<name>-<lang>-<width>.png.
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./browser.mjs";
import { root } from "./build-lib.mjs";

// PAGES=shipping,help limits the run to those pages
const PAGES = (
  process.env.PAGES ?? "about,story,careers,press,returns,shipping,support,help,cookies,gdpr,data-protection,social/facebook,offline,not-a-page"
).split(",");

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
        serviceWorkers: "block",
      });
      const page = await context.newPage();
      for (const name of PAGES) {
        await page.goto(`${base}/${name}?lang=${locale}`, { waitUntil: "load" });
        await page.evaluate(() => document.fonts?.ready);
        const file = `page-${name.replace("/", "-")}-${locale}-${width}.png`;
        await page.screenshot({ path: path.join(outDir, file) });
        console.log(file);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
