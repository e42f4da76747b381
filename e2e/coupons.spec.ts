import { expect, test } from "@playwright/test";
import { openAdminPage } from "./admin-session";
import { screenshots, signedInShopper } from "./helpers";

const PHONE = { width: 390, height: 844 };

test("an admin creates a coupon; a shopper applies it in the cart, sees the discount at checkout, places the order and finds the coupon used", async ({
  page,
  browser,
}) => {
  test.slow();
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;

  // the admin creates a public 10 % coupon
  const admin = await openAdminPage(browser);
  await admin.goto("/admin/coupons");
  await admin.getByLabel("Code").fill(code.toLowerCase());
  await admin.getByLabel("Kind").selectOption("percent");
  await admin.getByLabel("Value").fill("10");
  await admin.getByLabel("Show to every shopper on their coupons page").check();
  await admin.getByRole("button", { name: "Create coupon" }).click();
  const row = admin.getByTestId("admin-coupon-row").filter({ hasText: code });
  await expect(row).toBeVisible();
  await expect(row).toContainText("0 / No limit");
  await admin.context().close();

  // a shopper fills the cart and applies the code there (any case)
  const email = `coupon-${Date.now()}@example.co.tz`;
  await signedInShopper(page, email, "Baraka Coupon");
  await page.setViewportSize(PHONE);
  await page.goto("/products?sort=price-high");
  await page
    .getByTestId("product-card")
    .filter({ has: page.getByRole("button", { name: /^Add to Cart/ }) })
    .first()
    .getByRole("button", { name: /^Add to Cart/ })
    .click();
  await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
  await page.goto("/cart");
  await page.getByLabel("Coupon code").fill("NOPE-0000");
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page.getByText("We do not know this coupon code. Check the spelling.")).toBeVisible();
  await page.getByRole("button", { name: "Remove coupon" }).click();
  await page.getByLabel("Coupon code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page.getByText(new RegExp(`^Coupon ${code} applied`))).toBeVisible();
  await expect(page.getByTestId("cart-discount")).toBeVisible();

  // the checkout keeps it: the discount in the summary, VAT included, the total lower by it
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId("checkout-discount")).toBeVisible({ timeout: 15_000 });
  await page.getByLabel("Mobile number").fill("0754 123 456");
  await page.getByLabel("Region").selectOption("dar-es-salaam");
  await page.getByLabel("District").fill("Kinondoni");
  await page.getByLabel("Street or road").fill("Haile Selassie Road");
  await page.getByRole("radio", { name: "Mobile money" }).check();
  await page.getByRole("radio", { name: "M-Pesa", exact: true }).check();
  await expect(page.getByText("VAT included (18%)")).toBeVisible();
  const money = async (id: string) => Number((await page.getByTestId(id).textContent())!.replace(/[^\d]/g, ""));
  await expect(page.getByTestId("checkout-discount")).toBeVisible();
  const [subtotal, discount, delivery, total] = [
    await money("checkout-subtotal"),
    await money("checkout-discount"),
    await money("checkout-delivery"),
    await money("checkout-total"),
  ];
  expect(discount).toBe(Math.floor(subtotal / 10));
  expect(total).toBe(subtotal - discount + delivery);

  await page.getByRole("button", { name: /^Place order/ }).click();
  await expect(page).toHaveURL(/\/account\/orders\/KE-\d{4}-\d{6,}\?placed=1$/, { timeout: 20_000 });
  const number = /KE-\d{4}-\d{6,}/.exec(page.url())![0];
  expect(Number((await page.getByTestId("order-discount").textContent())!.replace(/[^\d]/g, ""))).toBe(discount);
  expect(Number((await page.getByTestId("order-total").textContent())!.replace(/[^\d]/g, ""))).toBe(total);

  // /account/coupons lists the use with the order; /account/coins states the rule
  await page.goto("/account/coupons");
  await expect(page.getByRole("heading", { name: "My coupons", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: number })).toBeVisible();
  await screenshots(page, "account-coupons");
  await page.goto("/account/coins");
  await expect(page.getByRole("heading", { name: "My coins", level: 1 })).toBeVisible();
  await expect(page.getByTestId("coin-balance")).toHaveText("0 coins = TSh 0");
  await expect(page.getByText(/Every paid order earns 1 coin for each TSh\s1,000 of goods paid/)).toBeVisible();
  await screenshots(page, "account-coins");
});

test("the coupons and coins pages send a signed-out visitor to sign in and back", async ({ page }) => {
  for (const path of ["/account/coupons", "/account/coins"]) {
    await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname === "/auth/login" && url.searchParams.get("redirect") === path);
  }
});
