import { expect, test } from "@playwright/test";
import { openAdminPage } from "./admin-session";
import { PASSWORD, screenshots, signedInShopper, signInOnLoginPage } from "./helpers";

test("an admin locks a shopper's account from /siem-dashboard (the shopper is signed out and cannot sign in), finds it in the log, and unlocks it", async ({
  page,
  browser,
}) => {
  test.slow();
  const email = `locked-${Date.now()}@example.co.tz`;
  await signedInShopper(page, email, "Neema Said");

  const admin = await openAdminPage(browser);
  await admin.goto("/siem-dashboard");
  await expect(admin.getByRole("heading", { level: 1, name: "Security events" })).toBeVisible();
  await expect(admin.getByTestId("failures-chart")).toBeVisible();

  // the reason is required; then the lock ends the shopper's session
  await admin.getByLabel("E-mail address").fill(email);
  await admin.getByRole("button", { name: "Lock account" }).click();
  await expect(admin.getByRole("alert").filter({ hasText: "Say why the account is locked." })).toBeVisible();
  await admin.getByLabel("Reason (kept in the security log)").fill("Card fraud reported by the bank");
  await admin.getByRole("button", { name: "Lock account" }).click();
  await expect(admin.getByRole("status").filter({ hasText: `${email} is locked; 1 session was ended.` })).toBeVisible();
  const lockedRow = admin.getByTestId("locked-accounts").locator(`li[data-email="${email}"]`);
  await expect(lockedRow).toContainText("Locked by an administrator since");
  await expect(lockedRow).toContainText("Reason: Card fraud reported by the bank");

  // the shopper's next page is a signed-out one, and the right password is refused with the reason
  await page.goto("/account");
  await expect(page).toHaveURL(/\/auth\/login/);
  const main = page.getByRole("main");
  await main.getByLabel("Email", { exact: true }).fill(email);
  await main.getByLabel("Password").fill(PASSWORD);
  await main.getByRole("button", { name: "Sign In" }).click();
  await expect(main.getByRole("alert").filter({ hasText: "This account is locked. Please contact us to have it unlocked." })).toBeVisible();

  // the log, filtered by the account (a link from the table), shows the lock and the refused sign-in
  await admin.getByLabel("Account (e-mail or its beginning)").fill(email);
  await admin.getByRole("button", { name: "Apply" }).click();
  await expect(admin).toHaveURL(/account=/);
  const log = admin.getByTestId("security-events");
  await expect(log.getByRole("row").filter({ hasText: "admin-account-locked" })).toContainText("Card fraud reported by the bank");
  await expect(log.getByRole("row").filter({ hasText: "login-locked" })).toContainText("scope:admin");
  await expect(admin.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", new RegExp(`account=${encodeURIComponent(email)}`));
  await screenshots(admin, "siem-dashboard");

  // unlocking asks first, then the shopper signs in again
  await admin.getByRole("button", { name: `Unlock ${email}` }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Unlock" }).click();
  await expect(admin.getByTestId("locked-accounts").locator(`li[data-email="${email}"]`)).toHaveCount(0);

  // the customer's own page tells the same story (reached by links, as an admin would)
  await admin.getByRole("link", { name: "← Admin" }).click();
  await admin.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Customers" }).click();
  await admin.getByLabel("E-mail, name or phone").fill(email);
  await admin.getByRole("button", { name: "Show", exact: true }).click();
  await expect(admin.getByTestId("admin-customer-row")).toHaveCount(1);
  await screenshots(admin, "admin-customers");
  await admin.getByRole("link", { name: "Neema Said" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Neema Said" })).toBeVisible();
  await expect(admin.getByTestId("customer-status")).toContainText("E-mail confirmed");
  await expect(admin.getByTestId("security-events").getByRole("row").filter({ hasText: "admin-account-unlocked" })).toHaveCount(1);
  await expect(admin.getByRole("button", { name: "Lock account" })).toBeVisible();
  await screenshots(admin, "admin-customer");
  await admin.context().close();

  await signInOnLoginPage(page, email);
});
