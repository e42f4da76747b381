import { expect, test } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { browserAndSystem } from "../src/lib/user-agent";
import { openAdminPage } from "./admin-session";
import { PASSWORD, registerAndVerify, signInOnLoginPage, verifiedShopper } from "./helpers";

test("register in the dialog, confirm the e-mail, sign in from the listing, greeting, sign out", async ({ page }) => {
  test.slow();
  const email = `asha-${Date.now()}@example.co.tz`;
  await registerAndVerify(page, email);

  await page.goto("/products?sort=newest");
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog", { name: /^Welcome to / });
  await expect(dialog.getByRole("heading", { name: "Sign In to Your Account" })).toBeVisible();
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill("Wrong2026x");
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Invalid email or password", { timeout: 30_000 });
  await expect(page.getByText("Login Failed", { exact: true })).toBeVisible();
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Login successful! Welcome back.", { timeout: 30_000 });
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/products\?sort=newest$/);
  await expect(page.getByText("Hi, Asha Mushi").filter({ visible: true })).toBeVisible();

  await page.getByRole("button", { name: "Account menu for Asha Mushi" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByText("Signed Out", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu", exact: true })).toBeVisible();
});

test("the login page sends you where you were going; admin pages turn away users and guests", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fadmin$/);

  const email = `juma-${Date.now()}@example.co.tz`;
  await verifiedShopper(page, email, "Juma Said", { signIn: false });
  await signInOnLoginPage(page, email);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/siem-dashboard");
  await expect(page).toHaveURL(/\/$/);
});

test("on a phone the top strip invites a guest to sign in through the dialog", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/products");
  await page.getByRole("button", { name: "Login here for better search" }).click();
  await expect(page.getByRole("dialog", { name: /^Welcome to / }).getByRole("heading", { name: "Sign In to Your Account" })).toBeVisible();
  await page.getByRole("button", { name: "Create one here" }).click();
  await expect(page.getByRole("heading", { name: "Create Your Account" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/services/terms-of-service");
  await expect(page.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/services/privacy-policy");
});

test("the registration form shows a strength hint, loading the estimator only on the first keystroke", async ({ page }) => {
  const estimator: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") estimator.push(request.url());
  });
  await page.goto("/products");
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Register" }).click();
  const dialog = page.getByRole("dialog", { name: /^Welcome to / });
  const hint = dialog.getByTestId("password-strength");
  await expect(hint).toContainText("Use at least 12 characters");
  const scriptsBefore = estimator.length;
  await dialog.getByLabel("Password", { exact: true }).fill("Password1");
  await expect(hint).toContainText(/Strength: (Very weak|Weak)/);
  // the estimator came as a script of its own, after the page had loaded
  expect(estimator.length).toBeGreaterThan(scriptsBefore);
  await dialog.getByLabel("Password", { exact: true }).fill("correct horse battery staple");
  await expect(hint).toContainText(/Strength: (Strong|Very strong)/);
});

/** A message catalogue of the shop, as the pages word it. */
function catalogue(locale: "en" | "sw", area: string) {
  return JSON.parse(fs.readFileSync(path.join(process.cwd(), "src", "messages", locale, `${area}.json`), "utf8"));
}

for (const locale of ["en", "sw"] as const) {
  test(`a password the server refuses: the hint says so as it is typed, and the refusal says the same (${locale}, phone)`, async ({ page }) => {
    const auth = catalogue(locale, "auth");
    const refusal: string = catalogue(locale, "errors").reasons.passwordCommon;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/auth/register?lang=${locale}`);
    const form = page.locator("form").filter({ has: page.getByTestId("password-strength") });
    const hint = form.getByTestId("password-strength");
    await form.getByLabel(auth.fields.fullName).fill("Neema Kweka");
    await form.getByLabel(auth.fields.email).fill(`neema-${locale}-${Date.now()}@example.co.tz`);
    for (const password of ["Password123!", "Passw0rd!", "Tanzania123", "Kilima123", "aaaaaaaa", "Kweka2026!"]) {
      await form.getByLabel(auth.fields.password, { exact: true }).fill(password);
      await expect(hint, password).toContainText(refusal);
    }
    await form.getByLabel(auth.fields.password, { exact: true }).fill("Password123!");
    await form.getByLabel(auth.fields.confirmPassword).fill("Password123!");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: auth.register.submit }).click();
    await expect(form.getByRole("alert")).toHaveText(refusal);
    // a passphrase passes, with no refusal in the hint
    await form.getByLabel(auth.fields.password, { exact: true }).fill("mti wa mwembe mkubwa");
    await expect(hint).toContainText(locale === "en" ? /Strength: (Strong|Very strong)/ : /Uimara: (Imara|Imara sana)/);
    await expect(hint).not.toContainText(refusal);
  });
}

test("the sessions list and the security log name the browser as people say it, in both languages", async ({ browser }) => {
  test.slow();
  const admin = await openAdminPage(browser);
  const { browser: name, system } = browserAndSystem(await admin.evaluate(() => navigator.userAgent));
  expect(name && system).toBeTruthy();
  for (const [locale, label] of [
    ["en", `${name} on ${system}`],
    ["sw", `${name} kwenye ${system}`],
  ] as const) {
    await admin.goto(`/account/settings?lang=${locale}`);
    const sessions = admin.getByRole("region", { name: catalogue(locale, "account").sessions.heading });
    await expect(sessions.getByRole("listitem").first()).toContainText(label);
    await expect(sessions).not.toContainText("Mozilla/5.0");
  }
  await admin.goto("/siem-dashboard?type=login-success&lang=en");
  const log = admin.getByTestId("security-events");
  await expect(log.getByRole("row").filter({ hasText: "login-success" }).first()).toContainText(`${name} on ${system}`);
  await expect(log).not.toContainText("Mozilla/5.0");
});
