// The frame every screenshot script shares: a browser, and for each language (sw, en) and width
// (a 390 px phone, a 1440 px desktop) a fresh page; `shoot(page, {locale, width, save})` does the rest.
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./browser.mjs";
import { root } from "./build-lib.mjs";

export const outDir = path.join(root, "docs", "screenshots");

export async function eachLanguageAndWidth(shoot, contextOptions = {}) {
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
          ...contextOptions,
        });
        const page = await context.newPage();
        const save = async (name) => {
          await page.evaluate(() => document.fonts?.ready);
          const file = `${name}-${locale}-${width}.png`;
          await page.screenshot({ path: path.join(outDir, file) });
          console.log(file);
        };
        await shoot(page, { locale, width, save });
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}
