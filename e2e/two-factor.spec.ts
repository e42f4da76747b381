import { expect, test, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { PASSWORD, registerAndVerify, signInOnLoginPage, submitSignInDialog } from "./helpers";

const STEP_MS = 30_000;
/** The code an authenticator app would show for `secret` at a moment (the same library as the shop). */
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: at });
const flags = (page: Page) => page.evaluate(() => ({ pending: sessionStorage.getItem("2fa_pending"), verified: sessionStorage.getItem("2fa_verified") }));

test("set up two-step sign-in on /account/settings, sign out, and sign in through the dialog with a code", async ({ page }) => {
  test.slow(); // registration, two sign-ins and a set-up: several password hashes on a busy machine
  const email = `neema-${Date.now()}@example.co.tz`;
  await registerAndVerify(page, email, "Neema Kweka");

  await signInOnLoginPage(page, email);
  await page.goto("/account/settings");

  const panel = page.locator("#two-factor");
  await panel.getByRole("button", { name: "Set up two-step sign-in" }).click();
  await expect(panel.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await panel.getByTestId("totp-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const enrolledAt = Date.now();
  await panel.getByLabel("Code from your app").fill(codeAt(secret, enrolledAt));
  await panel.getByLabel("Your password").fill(PASSWORD);
  await panel.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(panel.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await expect(panel.getByText(/shown only now/)).toBeVisible();
  await panel.getByRole("button", { name: "I have saved my recovery codes" }).click();
  await expect(panel.getByText(/Two-step sign-in is on\. 10 unused recovery codes left\./)).toBeVisible();

  await page.getByRole("button", { name: "Account menu for Neema Kweka" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByText("Signed Out", { exact: true })).toBeVisible();

  await page.goto("/products");
  const dialog = await submitSignInDialog(page, email);
  await expect(dialog.getByText("Enter the 6-digit code from your authenticator app (or a recovery code)")).toBeVisible();
  expect(await flags(page)).toEqual({ pending: "1", verified: null });
  // the password alone opened no session
  expect(((await (await page.request.get("/api/auth/session")).json()) as { authenticated: boolean }).authenticated).toBe(false);

  // the enrolment used up its time step: the next code is the first that counts
  await dialog.getByLabel("Verification code").fill(codeAt(secret, Math.max(Date.now(), enrolledAt + STEP_MS)));
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Login successful! Welcome back.");
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Hi, Neema Kweka").filter({ visible: true })).toBeVisible();
  expect(await flags(page)).toEqual({ pending: null, verified: "1" });

  await page.getByRole("button", { name: "Account menu for Neema Kweka" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByText("Signed Out", { exact: true })).toBeVisible();
  expect(await flags(page)).toEqual({ pending: null, verified: null });
});
