import { expect, test, type Page, type Request } from "@playwright/test";
import { gridSettled } from "./helpers";

// Prefetching with a data budget (src/lib/prefetch-budget.ts): a phone scrolling the listing fetches
// no product page ahead; a pointer resting on a card does; Save-Data turns prefetching off.

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Router requests for a product page (RSC payloads): what a prefetch of one downloads. */
function productPageFetches(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    const rsc = request.headers()["rsc"] === "1" || url.searchParams.has("_rsc");
    if (rsc && /^\/products\/[^/]+$/.test(url.pathname)) seen.push(request);
  });
  return seen;
}

async function scrollPastCards(page: Page, cards: number) {
  const all = page.getByTestId("product-card");
  for (let i = 0; i < cards; i++) {
    if ((await all.count()) <= i) {
      await page.mouse.wheel(0, 800);
      await expect.poll(() => all.count()).toBeGreaterThan(i);
    }
    await all.nth(i).scrollIntoViewIfNeeded();
  }
}

test.describe("on a phone", () => {
  test.use(phone);

  test("scrolling 60 cards downloads no product page ahead", async ({ page }) => {
    const fetched = productPageFetches(page);
    await page.goto("/products");
    await expect(page.getByTestId("product-card")).toHaveCount(20);
    await scrollPastCards(page, 60);
    // the old rule fetched the first six 100 ms apart and any card within 200 px: give it time
    await page.waitForTimeout(1500);
    expect(fetched.map((r) => r.url())).toEqual([]);
  });

  test("a finger on a card's link fetches its page ahead", async ({ page }) => {
    const fetched = productPageFetches(page);
    await page.goto("/products");
    const link = page.getByTestId("product-card").first().getByRole("heading").getByRole("link");
    await expect(link).toBeVisible();
    await page.waitForTimeout(500); // hydrated, listeners attached
    const path = new URL((await link.getAttribute("href"))!, "http://x").pathname;
    await link.dispatchEvent("touchstart");
    await expect.poll(() => fetched.some((r) => new URL(r.url()).pathname === path)).toBe(true);
  });
});

test("hovering a card's link fetches its page ahead, and hovering again fetches nothing more", async ({ page }) => {
  const fetched = productPageFetches(page);
  await page.goto("/products");
  const link = page.getByTestId("product-card").nth(2).getByRole("heading").getByRole("link");
  await expect(link).toBeVisible();
  await page.waitForTimeout(500);
  expect(fetched).toEqual([]);
  const path = new URL((await link.getAttribute("href"))!, "http://x").pathname;
  const forPath = () => fetched.filter((r) => new URL(r.url()).pathname === path).length;
  await link.hover();
  // one prefetch (the router may ask for its route tree and segments in separate requests)
  await expect.poll(forPath).toBeGreaterThan(0);
  await page.waitForTimeout(1000);
  const once = forPath();
  await page.mouse.move(0, 0);
  await link.hover();
  await page.waitForTimeout(1000);
  expect(forPath()).toBe(once);
});

test("with Save-Data nothing is fetched ahead, not even on hover", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "connection", { configurable: true, value: { saveData: true, effectiveType: "4g" } });
  });
  const fetched = productPageFetches(page);
  await page.goto("/products");
  const link = page.getByTestId("product-card").first().getByRole("heading").getByRole("link");
  await expect(link).toBeVisible();
  await page.waitForTimeout(500);
  await link.hover();
  await page.waitForTimeout(1000);
  expect(fetched).toEqual([]);
  // the link still works
  await link.click();
  await expect(page).toHaveURL(/\/products\/[^/?]+/);
});

// Menus and panels (Radix, with its positioning and focus code) stay out of the first load: their
// buttons are plain until first pressed. Save-Data keeps the idle prefetch of the dialogs out of the way.
test("the header's menus and the filter panels open at the first press with no script to fetch, and from the keyboard", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "connection", { configurable: true, value: { saveData: true, effectiveType: "4g" } });
  });
  const scripts: string[] = [];
  const radixScripts: string[] = [];
  const reads: Promise<void>[] = [];
  page.on("response", (response) => {
    if (!/\/_next\/static\/chunks\/.*\.js$/.test(new URL(response.url()).pathname)) return;
    scripts.push(response.url());
    reads.push(
      response.text().then(
        (body) => void (/data-radix-popper-content-wrapper|focusScope\.autoFocusOnMount/.test(body) && radixScripts.push(response.url())),
        () => undefined,
      ),
    );
  });
  await page.goto("/products");
  await gridSettled(page);
  await page.waitForLoadState("networkidle");
  await Promise.all(reads);
  expect(radixScripts).toEqual([]);
  const loaded = scripts.length;

  // the menus are the page's own HTML (popover): opening fetches nothing
  const themeButton = page.getByRole("button", { name: "Theme: White" });
  await expect(themeButton).toHaveAttribute("aria-haspopup", "menu");
  await themeButton.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitemradio", { name: "Dark" })).toBeVisible();
  await expect(themeButton).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("menuitemradio", { name: "White" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitemradio", { name: "Gray" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(themeButton).toBeFocused();
  await expect(themeButton).toHaveAttribute("aria-expanded", "false");

  await page.getByRole("button", { name: "Price" }).click();
  await expect(page.getByRole("dialog", { name: "Price range" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Price" })).toBeFocused();

  await page.getByRole("button", { name: "All Categories" }).click();
  await expect(page.getByRole("dialog", { name: "All Categories" }).getByRole("link", { name: "All products" })).toBeVisible();
  // a press outside closes it
  await page.mouse.click(1400, 600);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await Promise.all(reads);
  expect(scripts.slice(loaded)).toEqual([]);
  expect(radixScripts).toEqual([]);
});

// The listing and product pages render whole (no loading skeleton), so a tap on a slow connection
// shows a spinner on what was tapped until the page arrives.
test("a tap on a card that was not fetched ahead shows a spinner until its page arrives", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "connection", { configurable: true, value: { saveData: true, effectiveType: "4g" } });
  });
  await page.goto("/products");
  await gridSettled(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => /^\/products\/[^/]+$/.test(url.pathname),
    async (route) => {
      await held;
      await route.fallback();
    },
  );
  const title = page.getByTestId("product-card").first().getByRole("heading");
  const name = (await title.textContent())!.trim();
  await title.getByRole("link").click();
  await expect(title.locator(".animate-spin")).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/products\/[^/?]+/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});
