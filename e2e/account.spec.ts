import { expect, test, type Page } from "@playwright/test";
import { openAdminPage } from "./admin-session";
import { PASSWORD, registerAndVerify, signedInShopper } from "./helpers";

const PHONE = { width: 390, height: 844 };

/** Nothing on the page is wider than the phone's screen (no sideways scrolling). */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test("a guest hearts a product, signs in in the dialog, and finds it on the wishlist", async ({ page }) => {
  test.slow(); // registration and sign-in hash passwords: seconds on a busy machine
  const email = `wishlist-${Date.now()}@example.co.tz`;
  await registerAndVerify(page, email, "Rehema Wishlist");

  await page.setViewportSize(PHONE);
  await page.goto("/products");
  await page.getByTestId("product-card").first().getByRole("heading").getByRole("link").click();
  await expect(page).toHaveURL(/\/products\/[^/?]+/);
  const name = (await page.getByRole("main").getByRole("heading", { level: 1 }).textContent())!.trim();
  await page.getByRole("button", { name: `Add ${name} to your wishlist` }).click();

  // a guest is asked to sign in; the product is added once the sign-in succeeds
  const dialog = page.getByRole("dialog", { name: /^Welcome to / });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const heart = page.getByRole("button", { name: `Remove ${name} from your wishlist` });
  await expect(heart).toHaveAttribute("aria-pressed", "true");

  await page.goto("/account/wishlist");
  await expect(page.getByRole("heading", { name: "Wishlist", level: 1 })).toBeVisible();
  const row = page.getByTestId("wishlist-row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await fitsThePhone(page);

  // the profile's summary counts it; removing it empties the list
  await page.goto("/account");
  await expect(page.getByRole("link", { name: /Wishlist\s*1 product/ })).toBeVisible();
  await page.goto("/account/wishlist");
  await row.getByRole("button", { name: `Remove ${name} from your wishlist` }).click();
  await expect(page.getByRole("heading", { name: "Your wishlist is empty" })).toBeVisible();

  // the other account pages render on a phone
  for (const path of ["/account", "/account/settings", "/account/payment", "/account/messages", "/account/messages/new"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();
    await fitsThePhone(page);
  }
});

test("a shopper writes to the shop and an admin answers", async ({ page, browser }) => {
  test.slow();
  const email = `messages-${Date.now()}@example.co.tz`;
  await signedInShopper(page, email, "Juma Maswali");
  await page.setViewportSize(PHONE);

  await page.goto("/account/messages");
  await page.getByRole("link", { name: "New message" }).click();
  await page.getByLabel("Subject").fill("Do you stock ESP32-C3 boards?");
  await page.getByLabel("Message", { exact: true }).fill("Habari,\nI need 20 pieces for a school project.");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/account\/messages\/\d+$/);
  await expect(page.getByRole("heading", { name: "Do you stock ESP32-C3 boards?" })).toBeVisible();
  await expect(page.getByTestId("support-message")).toHaveCount(1);
  await fitsThePhone(page);
  const threadPath = new URL(page.url()).pathname;

  const admin = await openAdminPage(browser);
  await admin.goto("/admin/messages");
  await admin.getByRole("link", { name: "Do you stock ESP32-C3 boards?" }).first().click();
  await expect(admin.getByTestId("support-message")).toContainText("I need 20 pieces");
  await admin.getByLabel("Answer").fill("Yes: 35 in stock, TSh 18,000 each.");
  await admin.getByRole("button", { name: "Send answer" }).click();
  await expect(admin.getByText("Answer sent; the customer has been e-mailed.")).toBeVisible();
  await expect(admin.getByTestId("support-message")).toHaveCount(2);
  await admin.context().close();

  await page.goto("/account/messages");
  const row = page.getByTestId("thread-row").filter({ hasText: "Do you stock ESP32-C3 boards?" });
  await expect(row).toContainText("Answered");
  await expect(row).toContainText("1 unread");
  await row.getByRole("link").click();
  await expect(page).toHaveURL((url) => url.pathname === threadPath);
  await expect(page.getByTestId("support-message").last()).toContainText("Yes: 35 in stock");
  await page.getByLabel("Your reply").fill("Asante, I will order.");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByTestId("support-message")).toHaveCount(3);
});
