import path from "node:path";
import type { Locator, Page } from "@playwright/test";

/*
 * Geometry checks for phone layouts, measured in the browser: text that overflows its own box or
 * leaves its container, words broken across lines, boxes that overlap.
 */

/** A subpixel of slack: boxes and scroll widths are rounded differently. */
const SLACK = 1;

/**
 * The visible elements of `locator` whose text does not fit: wider than their own box (clipped, or
 * spilling out of it), or reaching outside their closest `container` ancestor. One line per problem;
 * none when everything fits.
 */
export function unfit(locator: Locator, container: string): Promise<string[]> {
  return locator.evaluateAll(
    (elements, { container, slack }) =>
      elements.flatMap((element) => {
        const el = element as HTMLElement;
        const box = el.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) return [];
        const text = (el.textContent ?? "").trim();
        const problems: string[] = [];
        if (el.scrollWidth > el.clientWidth + slack) problems.push(`"${text}" is wider than its box (${el.scrollWidth} > ${el.clientWidth} px)`);
        const outer = el.parentElement?.closest(container)?.getBoundingClientRect();
        if (outer && (box.left < outer.left - slack || box.right > outer.right + slack || box.top < outer.top - slack || box.bottom > outer.bottom + slack))
          problems.push(
            `"${text}" leaves its ${container} (${Math.round(box.left)}–${Math.round(box.right)} outside ${Math.round(outer.left)}–${Math.round(outer.right)})`,
          );
        return problems;
      }),
    { container, slack: SLACK },
  );
}

/** The words of the elements' text that the browser broke across two lines (none when every word is whole on its line). */
export function brokenWords(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
      return broken;
    }),
  );
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two boxes share any area (touching edges do not count). */
export function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width - SLACK && b.x < a.x + a.width - SLACK && a.y < b.y + b.height - SLACK && b.y < a.y + a.height - SLACK;
}

/** Whether `inner` lies wholly inside `outer`. */
export function inside(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - SLACK &&
    inner.y >= outer.y - SLACK &&
    inner.x + inner.width <= outer.x + outer.width + SLACK &&
    inner.y + inner.height <= outer.y + outer.height + SLACK
  );
}

/** How far the page scrolls sideways (0 when it fits the viewport's width). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** With E2E_SCREENSHOTS set, the viewport as it is into docs/screenshots/<name>-<lang>-<width>.png. */
export async function keepScreenshot(page: Page, name: string, lang: string, options: { fullPage?: boolean } = {}) {
  if (!process.env.E2E_SCREENSHOTS) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join("docs", "screenshots", `${name}-${lang}-${width}.png`), fullPage: options.fullPage ?? false });
}
