import fs from "node:fs";
import path from "node:path";
import { expect, type Browser, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";

/*
 * The first admin's session for specs that use admin pages: the set-up project signs the admin in
 * once through the UI (setting up two-step sign-in) and saves the session; each admin spec opens
 * its pages with it instead of paying a password hash and a code step again.
 */
const dataDir = process.env.E2E_DATA_DIR ?? "";
/** Where this run keeps the first admin's authenticator secret once it is set up (a later sign-in needs a code). */
const ADMIN_SECRET_FILE = path.join(dataDir, "e2e-admin-totp.txt");
const STEP_MS = 30_000;

export const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: at });

/** The first admin's e-mail and generated password, from the file the shop writes on its first start. */
export function initialAdmin(): { email: string; password: string } {
  const text = fs.readFileSync(path.join(dataDir, "initial-admin-password.txt"), "utf8");
  return { email: /e-mail:\s+(\S+)/.exec(text)![1]!, password: /password:\s+(\S+)/.exec(text)![1]! };
}

const stepOf = (at: number) => Math.floor(at / STEP_MS);

/**
 * A moment whose time step no code has used yet: a code counts once (the set-up or an earlier
 * sign-in used its step up), and the server takes only the current step or the next. So: the
 * current step if it is free, else the next; when the next is taken too, the test waits for the
 * clock to reach it (at most one step, 30 s).
 */
async function unusedStep(lastUsedAt: number): Promise<number> {
  const lastStep = stepOf(lastUsedAt);
  await expect.poll(() => stepOf(Date.now()) + 1 > lastStep, { timeout: STEP_MS + 5_000, intervals: [1_000] }).toBe(true);
  const now = Date.now();
  return stepOf(now) > lastStep ? now : (lastStep + 1) * STEP_MS;
}

/**
 * Signs the first admin in through the sign-in page and sets up two-step sign-in (admin pages
 * require it): the one UI sign-in of the run's admin, made by the set-up project
 * (e2e/admin.setup.ts), whose session the admin specs then reuse. A later sign-in (the set-up
 * run again on the same data) answers the code step with the kept secret.
 */
export async function signInAdminThroughUi(page: Page): Promise<void> {
  const { email, password } = initialAdmin();
  await page.goto("/auth/login?redirect=/account/settings");
  const main = page.getByRole("main");
  await main.getByLabel("Email", { exact: true }).fill(email);
  await main.getByLabel("Password").fill(password);
  await main.getByRole("button", { name: "Sign In" }).click();
  const codeField = main.getByLabel("Verification code");
  const panel = page.locator("#two-factor");
  const setUp = panel.getByRole("button", { name: "Set up two-step sign-in" });
  const isOn = panel.getByText(/Two-step sign-in is on/);
  // the password check (scrypt) can take seconds; then either the code step or the account page
  await expect(codeField.or(setUp).or(isOn).first()).toBeVisible({ timeout: 30_000 });
  if (await codeField.isVisible()) {
    const [secret = "", lastUsedAt = "0"] = fs.readFileSync(ADMIN_SECRET_FILE, "utf8").trim().split("\n");
    const at = await unusedStep(Number(lastUsedAt));
    await codeField.fill(codeAt(secret, at));
    fs.writeFileSync(ADMIN_SECRET_FILE, `${secret}\n${at}`);
    await main.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/account/settings");
    return;
  }
  if (await setUp.isVisible()) {
    await setUp.click();
    const secret = (await panel.getByTestId("totp-secret").textContent())!.trim();
    const enrolledAt = Date.now();
    await panel.getByLabel("Code from your app").fill(codeAt(secret, enrolledAt));
    await panel.getByLabel("Your password").fill(password);
    await panel.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    await expect(panel.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
    fs.writeFileSync(ADMIN_SECRET_FILE, `${secret}\n${enrolledAt}`);
    await panel.getByRole("button", { name: "I have saved my recovery codes" }).click();
  }
  await expect(isOn).toBeVisible();
}

/** Where the set-up project keeps the signed-in admin's cookies for the admin specs. */
export const ADMIN_STATE_FILE = path.join(dataDir, "e2e-admin-state.json");

/**
 * A new page, in a context of its own, signed in as the run's first admin (two-step sign-in on)
 * with the session the set-up project saved, opened on /account/settings.
 */
export async function openAdminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: ADMIN_STATE_FILE });
  const page = await context.newPage();
  await page.goto("/account/settings");
  await expect(page.locator("#two-factor").getByText(/Two-step sign-in is on/)).toBeVisible();
  return page;
}

/** Taken while a worker picks its code: two specs asking at once must not both take one time step. */
const CODE_LOCK_DIR = path.join(dataDir, "e2e-admin-totp.lock");

/**
 * A fresh code of the run's admin's authenticator, for a step that asks the second factor again
 * (a refund, a return's refund): a time step no code has used yet, recorded as used. Specs on
 * other workers ask too, so the pick is made under a lock (mkdir is atomic) that a worker waits for.
 */
export async function freshAdminCode(): Promise<string> {
  const taken = () => {
    try {
      fs.mkdirSync(CODE_LOCK_DIR);
      return true;
    } catch {
      return false;
    }
  };
  await expect.poll(taken, { timeout: 2 * STEP_MS + 10_000, intervals: [200] }).toBe(true);
  try {
    const [secret = "", lastUsedAt = "0"] = fs.readFileSync(ADMIN_SECRET_FILE, "utf8").trim().split("\n");
    const at = await unusedStep(Number(lastUsedAt));
    fs.writeFileSync(ADMIN_SECRET_FILE, `${secret}\n${at}`);
    return codeAt(secret, at);
  } finally {
    fs.rmdirSync(CODE_LOCK_DIR);
  }
}
