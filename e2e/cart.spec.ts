import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { registerAndVerify, submitSignInDialog } from "./helpers";

async function signIn(page: Page, email: string) {
  const dialog = await submitSignInDialog(page, email);
  // the password check (scrypt) can take seconds on a busy machine
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: /^Account menu for/ })).toBeVisible();
}

/**
 * The Add to Cart button of the index-th card that can be added: the featured order is shuffled
 * every 20 minutes, so the first card may be out of stock.
 */
const addButton = (page: Page, index: number) =>
  page
    .getByTestId("product-card")
    .filter({ has: page.getByRole("button", { name: /^Add to Cart/ }) })
    .nth(index)
    .getByRole("button", { name: /^Add to Cart/ });

test("a guest cart survives a reload and merges into the server cart at sign-in; /cart changes lines", async ({ page, context }) => {
  test.slow();
  const email = `cart-${Date.now()}@example.co.tz`;
  await registerAndVerify(page, email, "Neema Cart");

  // signed in: one of product 0 in the server cart
  await page.goto("/products?sort=price-high");
  await signIn(page, email);
  await addButton(page, 0).click();
  await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.getByRole("button", { name: /^Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByRole("button", { name: "Account menu", exact: true })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveCount(0);

  // as a guest: product 0 again and product 1
  await addButton(page, 0).click();
  await addButton(page, 1).click();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  await page.reload();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);

  // sign in: the guest lines are merged (product 0 summed to 2), the guest cart is emptied
  await signIn(page, email);
  await expect(page.getByTestId("cart-count")).toHaveText("3");
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("guest_cart") ?? "{}").totalItems ?? 0)).toBe(0);
  await page.reload();
  const lines = page.getByTestId("cart-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.first().getByTestId("line-quantity")).toHaveText("2");

  // a second tab sees the same count
  const other = await context.newPage();
  await other.goto("/products");
  await expect(other.getByTestId("cart-count")).toHaveText("3");

  // change and remove on /cart
  await lines
    .nth(1)
    .getByRole("button", { name: /^One more/ })
    .click();
  await expect(lines.nth(1).getByTestId("line-quantity")).toHaveText("2");
  await expect(page.getByTestId("cart-count")).toHaveText("4");
  await expect(other.getByTestId("cart-count")).toHaveText("4");
  await lines
    .first()
    .getByRole("button", { name: /^Remove/ })
    .click();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  const lineTotal = await page.getByTestId("line-total").textContent();
  await expect(page.getByTestId("subtotal")).toHaveText(lineTotal!);

  await page.getByRole("button", { name: "Clear cart" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Clear cart" }).click();
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
});

test("/cart for a guest at phone width: empty state, then a line with shipping and total", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await page.getByRole("link", { name: "Browse products" }).click();
  await addButton(page, 0).click();
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  const shipping = (await page.getByTestId("shipping").textContent())?.replace(/\s/g, " ");
  expect(shipping === "Free" || shipping === "TSh 5,000").toBe(true);
  await expect(page.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout");

  // nothing serious for a screen reader, and the line can be removed by keyboard alone
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await page
    .getByTestId("cart-line")
    .getByRole("button", { name: /^Remove/ })
    .focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
});

test("coming back online reloads the cart page", async ({ page, context }) => {
  await page.goto("/products");
  await addButton(page, 0).click();
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  let reloads = 0;
  page.on("request", (r) => r.url().includes("/cart") && r.headers()["rsc"] === "1" && reloads++);
  await context.setOffline(true);
  await context.setOffline(false);
  await expect.poll(() => reloads).toBeGreaterThan(0);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
});

test("stock limits on the product page: Added, then Partial Stock Added, then Out of Stock", async ({ page, request }) => {
  // a product without variants and with a little stock: what is already in the cart makes an add
  // partial or impossible (a quantity typed above the stock: e2e/shopper-fixes.spec.ts)
  const { products } = (await (await request.get("/api/products?limit=100&sortBy=price&sortOrder=asc")).json()) as {
    products: { id: number; slug: string; name: string; stock_quantity: number; variant_config: unknown }[];
  };
  const product = products.find((p) => !p.variant_config && p.stock_quantity >= 3 && p.stock_quantity <= 40);
  expect(product, "a low-stock product without variants in the demo catalogue").toBeTruthy();
  const stock = product!.stock_quantity;
  await page.goto(`/products/${product!.id}-${product!.slug}`);
  const quantity = page.getByRole("textbox", { name: "Quantity" });
  const add = page.getByRole("button", { name: "Add to Cart", exact: true });

  await quantity.fill(String(stock - 1));
  await add.click();
  await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText(String(stock - 1));

  await quantity.fill("2");
  await add.click();
  await expect(page.getByText("Partial Stock Added", { exact: true })).toBeVisible();
  await expect(page.getByText(/^Only 1 more available, so we added 1\./).first()).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText(String(stock));

  await add.click();
  await expect(page.getByText("Out of Stock", { exact: true })).toBeVisible();
  await expect(page.getByText(`${product!.name} is out of stock.`).first()).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText(String(stock));
});
