import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { gridSettled, holdScripts, linkFromOutbox, prices } from "./helpers";

const searchBox = (page: import("@playwright/test").Page) => page.getByRole("combobox", { name: "Search products" });

test("search box: suggestions after two characters, arrow keys and Enter pick one", async ({ page }) => {
  await page.goto("/");
  const box = searchBox(page);
  const submit = page.getByRole("button", { name: "Enter search term" });
  await expect(submit).toBeDisabled();
  await expect(page.locator('span[title="Enter search term"]')).toHaveCount(1);

  await box.fill("a");
  await expect(page.getByRole("listbox", { name: "Search suggestions" })).toHaveCount(0);
  await box.fill("ardu");
  const list = page.getByRole("listbox", { name: "Search suggestions" });
  await expect(list.getByRole("option").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Search products" })).toBeEnabled();
  const options = list.getByRole("option");
  await box.press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await box.press("Escape");
  await expect(options.first()).toHaveAttribute("aria-selected", "false");
  await box.press("ArrowDown");
  const chosen = (await options.first().textContent())!.trim();
  await box.press("Enter");
  await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe(chosen);
  await gridSettled(page);
  await expect(page.getByText(`Results for “${chosen}”`)).toBeVisible();
  await expect(box).toHaveValue(chosen);

  await box.fill("zzqxv");
  await expect(list.getByText("No suggestions found")).toBeVisible();
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(box).toHaveValue("");
  // the live search then drops the search from the URL, and the echo must not refill the box
  await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBeNull();
  await expect(box).toHaveValue("");
});

test("typing on the listing searches after a pause; one character is not sent and hides the grid", async ({ page, request }) => {
  await page.clock.install();
  await page.goto("/products");
  await gridSettled(page);
  const searches: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/api/products" && url.searchParams.has("search")) searches.push(url.searchParams.get("search")!);
  });
  const box = searchBox(page);
  // The page's clock stands still while the keys go in: on a busy machine a real pause of half a
  // second can open between two keys, and the prefix typed so far is then rightly searched.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await box.pressSequentially("esp32");
  await page.clock.runFor(600);
  await page.clock.resume();
  await expect(page).toHaveURL(/\/products\?search=esp32$/);
  await gridSettled(page);
  expect(searches).toEqual(["esp32"]);
  const names = await page.getByTestId("product-card").getByRole("heading").allTextContents();
  const api = await (await request.get("/api/products?search=esp32&limit=20&enriched=true")).json();
  expect(names.map((n) => n.trim())).toEqual(api.products.map((p: { name: string }) => p.name));
  expect(names[0]).toMatch(/esp32/i);

  await box.fill("e");
  await expect(page.getByTestId("product-skeletons")).toBeVisible();
  await page.waitForTimeout(900);
  await expect(page).toHaveURL(/search=esp32$/);
  expect(searches).toEqual(["esp32"]);
});

test("what a shopper types or picks before the page's scripts have run is kept and acted on once they do", async ({ page }) => {
  // the server-rendered box and select are there, React is not yet
  let release = await holdScripts(page);
  await page.goto("/products", { waitUntil: "commit" });
  await searchBox(page).pressSequentially("esp32");
  await release();
  await expect(page).toHaveURL(/\/products\?search=esp32$/);
  await gridSettled(page);
  await expect(searchBox(page)).toHaveValue("esp32");

  // routing turns the browser's cache off, so the held load is a fresh one
  release = await holdScripts(page);
  await page.goto("/products?lang=en", { waitUntil: "commit" });
  await page.getByLabel("Sort by").selectOption("price-high");
  await release();
  await expect(page).toHaveURL(/sort=price-high/);
  await gridSettled(page);
  const shown = await prices(page);
  expect(shown).toEqual([...shown].sort((a, b) => b - a));
});

test("the price filter reaches the dearest product, on a scale whose steps grow, and reads amounts in the chosen currency", async ({ page, request }) => {
  const dearest = (await (await request.get("/api/products?sortBy=price&sortOrder=desc&limit=1")).json()).products[0];
  expect(dearest.price).toBeGreaterThan(100_000);
  await page.goto("/products");
  await page.getByRole("button", { name: "Price" }).click();
  const dialog = page.getByRole("dialog", { name: "Price range" });
  // the maximum starts at the top of the scale, which is the dearest product's price or above
  const maximum = dialog.getByRole("slider", { name: "Maximum" });
  const top = Number(await maximum.getAttribute("max"));
  expect(Number(await maximum.inputValue())).toBe(top);
  expect(top).toBeLessThan(300);
  await dialog.getByLabel("From (TZS)").fill("1,000,000");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/products\?minPrice=1000000$/);
  await gridSettled(page);
  const shown = await prices(page);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.every((p) => p >= 1_000_000)).toBe(true);
  await expect(page.getByRole("button", { name: "TSh 1,000,000 and up" })).toBeVisible();

  await page
    .getByRole("combobox", { name: /currency/i })
    .first()
    .selectOption("USD");
  await page.getByRole("button", { name: "$400.00 and up" }).click();
  await dialog.getByLabel("To (USD)").fill("1000");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/minPrice=1000000&maxPrice=2500000$/);
});

test("forms keep what was typed before the page's scripts ran: the newsletter box, order tracking, sign-in, the BOM matcher and the quantity to buy", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // each load holds the page's scripts until the boxes are filled, as on a slow phone
  const loadWithScriptsHeld = async (path: string, fill: () => Promise<void>) => {
    const release = await holdScripts(page);
    await page.goto(path, { waitUntil: "commit" });
    await fill();
    await release();
  };

  const newsletter = page.getByRole("form", { name: "Newsletter" });
  // the footer's Subscribe button is enabled by the page's first client render
  const hydrated = () => expect(newsletter.getByRole("button", { name: "Subscribe" })).toBeEnabled();
  // not on /products: scrolling its footer into view loads more products, which moves the footer away
  await loadWithScriptsHeld("/about?lang=en", () => newsletter.getByLabel("Email address").fill(`early-${Date.now()}@example.co.tz`));
  await newsletter.getByRole("button", { name: "Subscribe" }).click();
  await expect(newsletter.getByText("Check your inbox to confirm your subscription.")).toBeVisible();

  const tracking = page.getByRole("form", { name: "Find an order" });
  await loadWithScriptsHeld("/tracking", async () => {
    await tracking.getByLabel("Order number").fill("KE-2026-999999");
    await tracking.getByLabel("E-mail or phone number").fill("nobody@example.co.tz");
  });
  await hydrated();
  await tracking.getByRole("button", { name: "Track" }).click();
  // both boxes reached the form's state: the answer is "no such order", not "fill in both"
  await expect(tracking.getByRole("alert")).toHaveText("We found no order with this number and these details. Check both and try again.");

  await loadWithScriptsHeld("/auth/login", async () => {
    await page.getByLabel("Email", { exact: true }).fill(`nobody-${Date.now()}@example.co.tz`);
    await page.getByLabel("Password", { exact: true }).fill("not the password 1");
  });
  await hydrated();
  await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("main").getByText("Invalid email or password")).toBeVisible();

  await loadWithScriptsHeld("/ai-agent", () => page.getByTestId("bom-input").fill("2 x ESP32-WROOM-32"));
  await hydrated();
  await page.getByRole("button", { name: "Match parts" }).click();
  await expect(page.getByTestId("bom-line")).toContainText("ESP32-WROOM-32 DevKit");

  const { products } = (await (await request.get("/api/products?limit=100")).json()) as {
    products: { id: number; slug: string; stock_quantity: number; variant_config: unknown }[];
  };
  const product = products.find((p) => !p.variant_config && p.stock_quantity >= 3);
  expect(product, "a product without variants with at least 3 in stock").toBeTruthy();
  await loadWithScriptsHeld(`/products/${product!.id}-${product!.slug}`, () => page.getByRole("textbox", { name: "Quantity" }).fill("3"));
  await hydrated();
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("3");
});

test("search dialog: camera opens the image tab, back to text, Enter searches and closes", async ({ page }) => {
  await page.goto("/products");
  await page.getByRole("button", { name: "Search by image" }).click();
  const dialog = page.getByRole("dialog", { name: "Search Products" });
  await expect(dialog.getByRole("tab", { name: "Image" })).toHaveAttribute("aria-selected", "true");
  await dialog.getByRole("button", { name: "← Back to Text Search" }).click();
  await expect(dialog.getByRole("tab", { name: "Text" })).toHaveAttribute("aria-selected", "true");
  const input = dialog.getByPlaceholder("Search for products...");
  await expect(dialog.getByRole("button", { name: "Search", exact: true })).toBeDisabled();
  await input.fill("multimeter");
  await input.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/search=multimeter/);
  await gridSettled(page);
});

test("filters: price range, several categories and sort reload the list from the start", async ({ page, request }) => {
  await page.goto("/products");
  await page.getByRole("button", { name: "Price" }).click();
  const dialog = page.getByRole("dialog", { name: "Price range" });
  await dialog.getByLabel("From (TZS)").fill("5000");
  await dialog.getByLabel("To (TZS)").fill("20000");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/minPrice=5000&maxPrice=20000/);
  await gridSettled(page);
  const shown = await prices(page);
  expect(shown.every((p) => p >= 5000 && p <= 20000)).toBe(true);

  await page.goto("/products");
  await page.getByRole("button", { name: "Categories", exact: true }).click();
  const panel = page.getByRole("dialog", { name: "Filter by categories" });
  await panel.getByLabel("Displays").check();
  await panel.getByLabel("Sensors").check();
  await expect.poll(() => new URL(page.url()).searchParams.get("categories")?.split(",").length).toBe(2);
  const chosen = new URL(page.url()).searchParams.get("categories")!;
  expect(chosen).toMatch(/^displays,sensors/);
  await panel.getByRole("button", { name: "Done" }).click();
  await gridSettled(page);
  const api = await (await request.get(`/api/products?categories=${chosen}&limit=1`)).json();
  await expect(page.getByText(`${api.pagination.total.toLocaleString("en-US")} products`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Categories (2)" })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  await gridSettled(page);
});

test("error and rate-limit states when the API fails, and Try Again recovers", async ({ page }) => {
  await page.goto("/products");
  await gridSettled(page);
  await page.route("**/api/products?**", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"boom"}' }));
  await page.getByLabel("Sort by").selectOption("newest");
  const alert = page.getByRole("alert").filter({ hasText: "Error Loading Products" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("HTTP 500");
  await expect(alert.getByRole("button", { name: "Refresh Page" })).toBeVisible();
  await page.unroute("**/api/products?**");
  await alert.getByRole("button", { name: "Try Again" }).click();
  await gridSettled(page);

  // a failing next batch keeps what is shown and offers to try again
  await page.route("**/api/products?**", (route) => route.fulfill({ status: 503, body: "" }));
  await page.mouse.wheel(0, 6000);
  const more = page.getByRole("alert").filter({ hasText: "Failed to load products" });
  await expect(more).toBeVisible();
  await expect(page.getByTestId("product-card")).toHaveCount(20);
  await page.unroute("**/api/products?**");
  await more.getByRole("button", { name: "Try Again" }).click();
  await expect.poll(() => page.getByTestId("product-card").count()).toBeGreaterThan(20);

  // 429: the shopper is told to wait, and no request goes out for a while
  await page.route("**/api/products?**", (route) => route.fulfill({ status: 429, contentType: "application/json", body: '{"error":"slow down"}' }));
  await page.getByLabel("Sort by").selectOption("price-low");
  await expect(page.getByText("Too many requests. Please wait a moment and try again.")).toBeVisible();
});

test("themes: the guest menu cycles white → gray → dark, the choice survives a reload without a flash", async ({ page }) => {
  await page.goto("/products");
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-theme", "white");
  await page.getByRole("button", { name: "Account menu" }).click();
  const cycle = page.getByRole("menuitem", { name: "Change Theme Color" });
  await cycle.click();
  await expect(html).toHaveAttribute("data-theme", "gray");
  await cycle.click();
  await expect(html).toHaveAttribute("data-theme", "dark");
  await page.keyboard.press("Escape");

  // the theme is on <html> before any script of the app runs
  const response = await page.request.get("/products");
  expect(await response.text()).toContain('localStorage.getItem("theme")');
  await page.reload({ waitUntil: "commit" });
  await page.waitForSelector("body", { state: "attached" });
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");

  await page.waitForLoadState("load");
  // a tap before the page's script has started does nothing in any server-rendered page: retry until it opens
  await expect(async () => {
    await page.getByRole("button", { name: /^Theme:/ }).click();
    await expect(page.getByRole("menuitemradio", { name: "White" })).toBeVisible({ timeout: 1000 });
  }).toPass();
  await page.getByRole("menuitemradio", { name: "White" }).click();
  await expect(html).toHaveAttribute("data-theme", "white");
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("white");
});

test("header: All Categories panel, category strip, ad carousel", async ({ page }) => {
  await page.goto("/products");
  await page.getByRole("button", { name: "All Categories" }).click();
  const panel = page.getByRole("dialog", { name: "All Categories" });
  await expect(panel.getByRole("link")).toHaveCount(16);
  await panel.getByRole("link", { name: /^Displays/ }).click();
  await expect(page).toHaveURL(/category=displays/);
  await gridSettled(page);
  await expect(page.getByRole("navigation", { name: "Popular categories" }).getByRole("link", { name: "Displays" }).last()).toHaveAttribute(
    "aria-current",
    "page",
  );

  const carousel = page.getByRole("region", { name: "Offers" });
  const slides = carousel.locator('[aria-roledescription="slide"]');
  await expect(slides).toHaveCount(4);
  await expect(slides.nth(0)).toHaveAttribute("aria-hidden", "false");
  await carousel.getByRole("button", { name: "Next offer" }).click();
  await expect(slides.nth(1)).toHaveAttribute("aria-hidden", "false");
  await carousel.getByRole("button", { name: "Previous offer" }).click();
  await carousel.getByRole("button", { name: "Previous offer" }).click();
  await expect(slides.nth(3)).toHaveAttribute("aria-hidden", "false");
  await expect(slides.nth(3)).toHaveAttribute("href", "/products");
});

test("the newsletter box signs up with double opt-in: the same answer for a repeat, confirm and unsubscribe by buttons", async ({ page }) => {
  // five page loads and two trips through the mail outbox: generous on a busy 2-core machine
  test.setTimeout(90_000);
  // a page without the listing's endless scroll, which would move the footer away from the click
  await page.goto("/about");
  const email = `shopper-${Date.now()}@example.co.tz`;
  const form = page.getByRole("form", { name: "Newsletter" });
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByText("Check your inbox to confirm your subscription.")).toBeVisible();
  await expect(form.getByLabel("Email address")).toHaveValue("");
  // an address already signed up gets the very same answer (nobody learns who is subscribed)
  await form.getByLabel("Email address").fill(email.toUpperCase());
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByText("Check your inbox to confirm your subscription.")).toBeVisible();
  await expect(page.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();

  // opening the link shows a button and changes nothing; the button confirms
  const confirmLink = await linkFromOutbox(email, "/newsletter/confirm");
  await page.goto(confirmLink);
  await page.goto(confirmLink);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(/Your subscription is confirmed/);
  await expect(page.getByRole("button", { name: "Confirm my subscription" })).toBeHidden();

  // the mail's List-Unsubscribe header holds the API's one-click URL (POST only); people get the page
  await page.goto((await linkFromOutbox(email, "/newsletter/unsubscribe")).replace(/^\/api\//, "/"));
  await page.getByRole("button", { name: "Unsubscribe", exact: true }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(/You are unsubscribed/);
});

test("no serious or critical accessibility violations on /products and a product page, in light and dark", async ({ page }) => {
  // six full axe runs: generous on a busy 2-core machine
  test.setTimeout(120_000);
  for (const theme of ["white", "gray", "dark"]) {
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    for (const path of ["/products", "/products?sort=price-low"]) {
      await page.goto(path);
      await gridSettled(page);
      if (path.includes("sort")) await page.getByTestId("product-card").first().getByRole("heading").getByRole("link").click();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // after a client navigation the page's title comes with its metadata, a moment after the heading
      await expect(page).toHaveTitle(/\S/);
      await page.waitForTimeout(300);
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(
        bad.map(
          (v) =>
            `${theme} ${page.url()} ${v.id}: ${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 3)
              .join(" | ")}`,
        ),
      ).toEqual([]);
    }
  }
});

test("no serious or critical accessibility violations on the home page, at 390 and 1440 px, in both languages", async ({ page }) => {
  test.setTimeout(120_000);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const lang of ["en", "sw"]) {
      await page.goto(`/?lang=${lang}`);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      const services = page.getByRole("region", { name: lang === "en" ? "Our services" : "Huduma zetu" });
      // each service card's link is named by the title it shows
      await expect(services.getByRole("link")).toHaveCount(5);
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(
        bad.map(
          (v) =>
            `${width}px ${lang} ${v.id}: ${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 3)
              .join(" | ")}`,
        ),
      ).toEqual([]);
    }
  }
  // the whole card still opens the service
  await page
    .getByRole("region", { name: "Huduma zetu" })
    .getByRole("listitem")
    .first()
    .click({ position: { x: 20, y: 20 } });
  await expect(page).toHaveURL(/\/services\//);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("top strip, hamburger menu with search, cart, theme, currency and sign-in; 4 categories in the strip", async ({ page }) => {
    await page.goto("/products");
    await expect(page.getByRole("button", { name: "Login here for better search" })).toBeVisible();
    const strip = page.getByRole("navigation", { name: "Popular categories" });
    await expect(strip.locator("ul").first().getByRole("link")).toHaveCount(4);
    await expect(page.getByRole("button", { name: "All Categories" })).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu.getByRole("link", { name: /^Cart/ })).toBeVisible();
    await expect(menu.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect(menu.getByRole("button", { name: "Register" })).toBeVisible();
    await menu.getByRole("radio", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await menu.getByRole("radio", { name: "USD" }).click();
    await menu.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("dialog", { name: "Search Products" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("price").first()).toHaveText(/^\$/);
  });
});
