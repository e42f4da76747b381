import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { registerAndVerify, signInOnLoginPage } from "./helpers";

const BOM = ["2 x ESP32-WROOM-32", "NE555, 3", "HC-SR04 ultrasonic sensor x 2", "STM32H743ZIT6, 1"].join("\n");

test("a pasted BOM is matched line by line and every matched line goes to the cart in one step", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/ai-agent");
  await expect(page.getByRole("heading", { level: 1, name: "AI Sourcing" })).toBeVisible();
  await page.getByTestId("bom-input").fill(BOM);
  await page.getByRole("button", { name: "Match parts" }).click();

  const lines = page.getByTestId("bom-line");
  await expect(lines).toHaveCount(4);
  await expect(page.getByTestId("bom-summary")).toHaveText("3 of 4 lines matched");
  await expect(lines.nth(0)).toHaveAttribute("data-status", "matched");
  await expect(lines.nth(0)).toContainText("ESP32-WROOM-32 DevKit");
  await expect(lines.nth(1)).toContainText("NE555 Timer IC");
  // three NE555 come in one pack of five
  await expect(lines.nth(1)).toContainText("1 pack of 5 for 3 needed");
  await expect(lines.nth(3)).toHaveAttribute("data-status", "unmatched");
  // the line the shop does not stock is offered as a sourcing request
  await expect(page.getByTestId("sourcing-request")).toContainText("STM32H743ZIT6");
  // nothing on the page is wider than a phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByTestId("bom-add-all").click();
  await expect(page.getByText("3 lines were added to your cart.", { exact: true })).toBeVisible();
  // 2 boards + 1 pack of timers + 2 sensors
  await expect(page.getByTestId("cart-count")).toHaveText("5");
  await page.goto("/cart");
  await expect(page.getByText("NE555 Timer IC (Pack of 5)").first()).toBeVisible();
});

async function matchAndAdd(page: Page) {
  await page.goto("/ai-agent");
  await page.getByTestId("bom-input").fill(BOM);
  await page.getByRole("button", { name: "Match parts" }).click();
  await expect(page.getByTestId("bom-summary")).toHaveText("3 of 4 lines matched");
  await page.getByTestId("bom-add-all").click();
  await expect(page.getByText("3 lines were added to your cart.", { exact: true })).toBeVisible();
}

// registration hashes a password (scrypt): slow on a busy machine
test("a signed-in shopper's matched lines go to the server cart in one call", async ({ page }) => {
  const email = `bom.${process.pid}.${Date.now()}@example.co.tz`;
  await registerAndVerify(page, email, "Baraka Mollel");
  await signInOnLoginPage(page, email);
  const merges: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/cart/merge") merges.push(request.url());
  });
  await matchAndAdd(page);
  expect(merges).toHaveLength(1);
  await expect(page.getByTestId("cart-count")).toHaveText("5");
  await page.reload();
  await expect(page.getByTestId("cart-count")).toHaveText("5");
});

test("the same page works in Kiswahili", async ({ page }) => {
  await page.goto("/ai-agent?lang=sw");
  await expect(page.getByRole("button", { name: "Linganisha vipuri" })).toBeVisible();
  await expect(page).toHaveTitle(/linganisha orodha yako ya vipuri/);
});

test("/discover shows only real deals: every deal's earlier price is above its price", async ({ page }) => {
  await page.goto("/discover");
  await expect(page.getByRole("heading", { level: 1, name: "Discover" })).toBeVisible();
  const deals = page.getByTestId("deal");
  await expect(deals.first()).toBeVisible();
  const pairs = await deals.evaluateAll((els) => els.map((e) => [Number(e.getAttribute("data-price")), Number(e.getAttribute("data-original-price"))]));
  expect(pairs.length).toBeGreaterThan(0);
  for (const [price, original] of pairs) expect(original).toBeGreaterThan(price!);
  await expect(page.getByTestId("shelf-new-arrivals").getByRole("link").first()).toBeVisible();
  await expect(page.getByTestId("shelf-best-sellers").getByRole("link").first()).toBeVisible();
});

test("the home page links the five services and keeps its promises in view", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  for (const service of ["electronics", "prototyping", "pcb", "ai", "logistics"])
    await expect(page.getByRole("main").locator(`a[href="/services/${service}"]`)).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Returns within 7 days" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

// SCREENSHOTS=1: the new pages at 390 and 1440 px in both languages, to docs/screenshots/<page>-<lang>-<width>.png
test("screenshots of /ai-agent, /discover and the home page", async ({ browser }) => {
  test.skip(!process.env.SCREENSHOTS, "only when asked for (SCREENSHOTS=1)");
  test.setTimeout(180_000);
  const out = path.resolve("docs", "screenshots");
  for (const locale of ["en", "sw"] as const)
    for (const width of [390, 1440]) {
      const context = await browser.newContext({ viewport: { width, height: width < 800 ? 844 : 900 }, isMobile: width < 800, hasTouch: width < 800 });
      const page = await context.newPage();
      const seen: string[] = [];
      page.on("request", (request) => seen.push(request.url()));
      await page.goto(`/?lang=${locale}`);
      await page.waitForTimeout(1500);
      console.log(`home ${locale} ${width}: ${seen.length} requests`, seen.slice(-12).join(" "));
      await page.screenshot({ path: path.join(out, `home-${locale}-${width}.png`) });
      await page.goto(`/discover?lang=${locale}`);
      await page.waitForTimeout(1000);
      await page.screenshot({ path: path.join(out, `discover-${locale}-${width}.png`) });
      await page.goto(`/ai-agent?lang=${locale}`);
      await page.getByTestId("bom-input").fill(BOM);
      await page.getByRole("main").locator("form button[type=submit]").first().click();
      await expect(page.getByTestId("bom-line")).toHaveCount(4);
      await page.screenshot({ path: path.join(out, `ai-agent-${locale}-${width}.png`), fullPage: width > 800 });
      await context.close();
    }
});
