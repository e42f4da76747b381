import { expect, test, type APIRequestContext } from "@playwright/test";
import { gridSettled, holdScripts, signedInShopper } from "./helpers";

const strip = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Popular categories" });
const highlighted = (page: import("@playwright/test").Page) => strip(page).locator('[aria-current="page"]:visible');

async function categoriesOf(request: APIRequestContext): Promise<{ name: string; slug: string }[]> {
  const body = await (await request.get("/api/categories")).json();
  return body.categories ?? body;
}

test("the category strip highlights the filter shown now: after the dropdown and the several-categories panel", async ({ page, request }) => {
  const [first, second, third] = await categoriesOf(request);
  await page.goto(`/products?category=${first!.slug}`);
  await gridSettled(page);
  await expect(highlighted(page)).toHaveText(first!.name);

  await page.getByLabel("Category", { exact: true }).selectOption(second!.slug);
  await expect.poll(() => new URL(page.url()).searchParams.get("category")).toBe(second!.slug);
  await expect(highlighted(page)).toHaveText(second!.name);

  await page.getByLabel("Category", { exact: true }).selectOption("");
  await expect.poll(() => new URL(page.url()).searchParams.get("category")).toBeNull();
  await expect(highlighted(page)).toHaveCount(0);

  await page.getByRole("button", { name: "Categories", exact: true }).click();
  const panel = page.getByRole("dialog", { name: "Filter by categories" });
  await panel.getByLabel(third!.name).check();
  await expect.poll(() => new URL(page.url()).searchParams.get("categories")).toBe(third!.slug);
  await panel.getByRole("button", { name: "Done" }).click();
  await expect(highlighted(page)).toHaveText(third!.name);
});

test("a product priced by one attribute shows that price as soon as it is chosen, and adds that option", async ({ page, request }) => {
  const body = await (await request.get("/api/products?enriched=true&limit=100&sortBy=price")).json();
  type Listed = {
    id: number;
    slug: string;
    variant_config: { type: string; primaryAttribute?: string } | null;
    product_variants: { attributes: Record<string, string>; price: number }[];
  };
  const product = (body.products as Listed[]).find(
    (p) =>
      p.variant_config?.type === "primary-dependent" && p.variant_config.primaryAttribute && Object.keys(p.product_variants[0]?.attributes ?? {}).length > 1,
  );
  expect(product, "the demo catalogue has a product priced by one of several attributes").toBeTruthy();
  const deciding = product!.variant_config!.primaryAttribute!;
  const dearest = [...product!.product_variants].sort((a, b) => b.price - a.price)[0]!;
  await page.goto(`/products/${product!.id}-${product!.slug}`);
  await expect(page.getByText("From", { exact: true })).toBeVisible();
  await page.getByRole("group", { name: deciding }).getByRole("button", { name: dearest.attributes[deciding], exact: true }).click();
  await expect(page.getByTestId("detail-price")).toHaveText(`TSh ${dearest.price.toLocaleString("en-US")}`);
  await expect(page.getByText("From", { exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem("guest_cart") ?? "{}"));
  expect(cart.items[0].variants[0].attributes[deciding]).toBe(dearest.attributes[deciding]);
  expect(cart.items[0].variants[0].price).toBe(dearest.price);
});

test("theme, currency and a guest's cart count are right in the server's HTML: no flash of the defaults", async ({ page }) => {
  await page.goto("/products");
  await gridSettled(page);
  await page.getByRole("combobox", { name: "Currency" }).first().selectOption("USD");
  await page
    .getByTestId("product-card")
    // a card that can be added: another test may have sold out the most popular product
    .filter({ has: page.getByRole("button", { name: /Add to Cart/ }) })
    .first()
    .getByRole("button", { name: /Add to Cart/ })
    .click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page
    .getByRole("button", { name: /^Theme: / })
    .first()
    .click();
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

  // the next load, as painted before any script runs
  const release = await holdScripts(page);
  await page.goto("/products", { waitUntil: "commit" });
  await expect(page.getByTestId("price").first()).toHaveText(/^\$\d/);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await release();
  await gridSettled(page);
  await expect(page.getByTestId("price").first()).toHaveText(/^\$\d/);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
});

test("a guest's /cart is a skeleton in the server's HTML, never a false 'empty'", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/cart", { waitUntil: "commit" });
  await expect(page.getByTestId("cart-skeleton")).toBeVisible();
  await expect(page.getByText("Your cart is empty")).toHaveCount(0);
  await release();
  await expect(page.getByText("Your cart is empty")).toBeVisible();
});

test("the sign-in button waits for the page's scripts, and what was typed before them is sent", async ({ page }) => {
  // pressed before React runs, it would be the browser's own submit: a reload losing the fields
  const release = await holdScripts(page);
  await page.goto("/auth/login", { waitUntil: "commit" });
  const main = page.getByRole("main");
  const submit = main.getByRole("button", { name: "Sign In" });
  await expect(submit).toBeDisabled();
  await main.getByLabel("Email", { exact: true }).fill("nobody-here@example.co.tz");
  await main.getByLabel("Password").fill("not the password 1");
  await release();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(main.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/auth/login" && url.search === "");
});

test("a server-rendered card whose image fails shows the placeholder, like later cards", async ({ page }) => {
  // every product image fails; the first cards are in the server's HTML and fail before React runs
  await page.route(/\/media\/.*\.webp$/, (route) => route.fulfill({ status: 404, body: "" }));
  const release = await holdScripts(page);
  await page.goto("/products", { waitUntil: "commit" });
  await expect(page.getByTestId("product-card").first()).toBeVisible();
  await expect
    .poll(() =>
      page
        .getByTestId("product-card")
        .first()
        .locator("img")
        .evaluate((img: HTMLImageElement) => img.complete),
    )
    .toBe(true);
  await release();
  await gridSettled(page);
  const first = page.getByTestId("product-card").first();
  await expect(first.locator("img")).toHaveCount(0);
  await expect(first.locator("svg.lucide-image-off")).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the carousel's controls sit under the banner, clear of the ad's headline", async ({ page }) => {
    await page.goto("/products");
    const carousel = page.getByRole("region", { name: "Offers" });
    const banner = await carousel.locator("a").first().boundingBox();
    const next = carousel.getByRole("button", { name: "Next offer" });
    await expect(next).toBeVisible();
    const box = (await next.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(banner!.y + banner!.height - 1);
    await next.click();
    await expect(carousel.getByRole("button", { name: "Show offer 2" })).toHaveAttribute("aria-current", "true");
  });
});

test("the tab title follows a live search on the listing", async ({ page }) => {
  await page.goto("/products");
  await gridSettled(page);
  await expect(page).toHaveTitle(/^All products · /);
  await page.getByRole("combobox", { name: "Search products" }).pressSequentially("esp32");
  await expect(page).toHaveURL(/search=esp32$/);
  await expect(page).toHaveTitle(/^“esp32” — products · /);
});

test("signed in: /cart is rendered with the server's cart, and /profile is prefetched after 5 s", async ({ page }) => {
  // registration and sign-in hash a password (scrypt): seconds on a busy machine
  test.setTimeout(90_000);
  const email = `state-${Date.now()}@example.co.tz`;
  await signedInShopper(page, email);
  await page.goto("/products");
  await gridSettled(page);
  const profile = page.waitForResponse((r) => new URL(r.url()).pathname === "/profile", { timeout: 15_000 });
  await page
    .getByTestId("product-card")
    // a card that can be added: another test may have sold out the most popular product
    .filter({ has: page.getByRole("button", { name: /Add to Cart/ }) })
    .first()
    .getByRole("button", { name: /Add to Cart/ })
    .click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  expect((await profile).status()).toBeLessThan(400);

  const release = await holdScripts(page);
  await page.goto("/cart", { waitUntil: "commit" });
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await release();
});
