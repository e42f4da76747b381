import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { filtersFromParams, listingKey, parsePage } from "../src/lib/listing";
import { linkInOutbox, tokenLinkPattern } from "../scripts/outbox.mjs";

/**
 * The grid shows the list the current URL asks for: the listing marks the key of the data it shows,
 * which must match the URL's (the URL changes first, the grid a render later).
 */
export async function gridSettled(page: Page) {
  await expect
    .poll(async () => {
      const url = new URL(page.url());
      const wanted = listingKey(filtersFromParams(Object.fromEntries(url.searchParams)), parsePage(url.searchParams.get("page")));
      const shown = await page
        .locator("[data-shown-key]")
        .getAttribute("data-shown-key", { timeout: 1000 })
        .catch(() => null);
      return shown === wanted;
    })
    .toBe(true);
  await expect(page.getByTestId("product-card").first()).toBeVisible();
}

/** The TZS prices of the cards shown, in grid order. */
export const prices = (page: Page) => page.getByTestId("price").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-price"))));

export const PASSWORD = "Mbuyu-Kijani-2026";
const outbox = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");

/** The link to `pathName` in the last e-mail to an address, from the shop's outbox folder. */
export async function linkFromOutbox(email: string, pathName: string): Promise<string> {
  let link: string | undefined;
  await expect.poll(() => (link = linkInOutbox(outbox, email, tokenLinkPattern(pathName)) ?? undefined)).toBeTruthy();
  return new URL(link!).pathname + new URL(link!).search;
}

export async function registerAndVerify(page: Page, email: string, name = "Asha Mushi") {
  await page.goto("/products");
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Register" }).click();
  const dialog = page.getByRole("dialog", { name: /^Welcome to / });
  await expect(dialog.getByRole("heading", { name: "Create Your Account" })).toBeVisible();
  await dialog.getByLabel("Full name").fill(name);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByLabel("Confirm password").fill("Mismatch2026");
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Passwords do not match");
  await dialog.getByLabel("Confirm password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Create Account" }).click();
  // registration hashes the password (scrypt): seconds on a busy machine
  await expect(dialog.getByRole("status")).toHaveText("Account created successfully! Please check your email to verify your account.", { timeout: 30_000 });
  await expect(page.getByText("Registration Successful!", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 6000 });
  await page.goto(await linkFromOutbox(email, "/auth/verify"));
  // opening the link changes nothing (mail scanners prefetch links): the button confirms
  await expect(page.getByRole("heading", { name: "Confirm your e-mail address" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();
}

/**
 * A verified shopper through the API's own steps (register, the confirmation link from the
 * outbox), and with `signIn` signed in in this page's browser context: for specs whose subject
 * comes after the registration. Registration and sign-in through the forms have specs of their
 * own (accounts, i18n-auth, the checkout's sign-in, two-step sign-in).
 */
export async function verifiedShopper(page: Page, email: string, fullName = "Neema Mteja", { signIn = true } = {}) {
  const base = test.info().project.use.baseURL!;
  const headers = { origin: new URL(base).origin };
  const register = await page.request.post("/api/auth/register", {
    headers,
    data: { fullName, email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
  });
  expect(register.status()).toBe(201);
  const token = new URL(await linkFromOutbox(email, "/auth/verify"), base).searchParams.get("token");
  expect((await page.request.post("/api/auth/verify", { headers, data: { token } })).ok()).toBe(true);
  if (signIn) expect((await page.request.post("/api/auth/login", { headers, data: { email, password: PASSWORD } })).ok()).toBe(true);
}

/** A verified shopper, signed in in this page's browser context (see verifiedShopper). */
export const signedInShopper = (page: Page, email: string, fullName?: string) => verifiedShopper(page, email, fullName);

/** Opens the sign-in dialog from the header's account menu and sends an address and the password; the dialog. */
export async function submitSignInDialog(page: Page, email: string) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog", { name: /^Welcome to / });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  return dialog;
}

/** Signs in on /auth/login on the way to /account, and waits to arrive there. */
export async function signInOnLoginPage(page: Page, email: string) {
  await page.goto("/auth/login?redirect=/account");
  const main = page.getByRole("main");
  await main.getByLabel("Email", { exact: true }).fill(email);
  await main.getByLabel("Password").fill(PASSWORD);
  await main.getByRole("button", { name: "Sign In" }).click();
  // by path: the login page's own address (?redirect=/account) also ends in "/account"
  await expect(page).toHaveURL((url) => url.pathname === "/account");
}

/**
 * Holds every script of the pages loaded from now on (styles and HTML still arrive): what a shopper
 * on a slow phone sees and can do before React runs. Call the returned function to let them load.
 */
export async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const pattern = "**/_next/static/chunks/*.js";
  await page.route(pattern, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return async () => {
    release();
    await page.unroute(pattern);
  };
}

/** With E2E_SCREENSHOTS set, the page at a phone's and a desktop's width into docs/screenshots (<name>-<lang>-<width>.png); the page is left in English at its own width. */
export async function screenshots(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  const url = page.url();
  const viewport = page.viewportSize();
  // switching language registers the service worker of the other language, which takes over the
  // page as soon as it is installed: a navigation under way at that moment is aborted, so go again
  const goto = async (target: string) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await page.goto(target, { waitUntil: "domcontentloaded" });
        // pictures still loading are waited for a while; a load that never ends (the worker's swap) is not
        await page.waitForLoadState("load", { timeout: 15_000 }).catch(() => undefined);
        return;
      } catch (error) {
        if (attempt >= 3 || !String(error).includes("ERR_ABORTED")) throw error;
      }
    }
  };
  for (const lang of ["en", "sw"]) {
    await goto(`${url.split("?")[0]}?lang=${lang}`);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
      await page.screenshot({ path: path.join("docs", "screenshots", `${name}-${lang}-${width}.png`), fullPage: true });
    }
  }
  await goto(`${url.split("?")[0]}?lang=en`);
  if (viewport) await page.setViewportSize(viewport);
}
