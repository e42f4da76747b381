import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { CHROMIUM_ARGS } from "../scripts/browser.mjs";

/*
 * The shop with no SITE_URL (as the end-to-end server runs) opened at other addresses than
 * localhost. shop.example leads to this machine, as another site's domain pointed at it would.
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS, "--host-resolver-rules=MAP shop.example 127.0.0.1"],
  },
});

/** A message catalogue of the shop, as the pages word it. */
function catalogue(locale: "en" | "sw", area: string) {
  return JSON.parse(fs.readFileSync(path.join(process.cwd(), "src", "messages", locale, `${area}.json`), "utf8"));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

test("signs in at 127.0.0.1; at a name that is not this machine's, the refusal says which address to open (both languages)", async ({ page, baseURL }) => {
  test.slow();
  const port = new URL(baseURL!).port;
  const signIn = async (origin: string, locale: "en" | "sw") => {
    const auth = catalogue(locale, "auth");
    await page.goto(`${origin}/auth/login?lang=${locale}`);
    const form = page.locator("main form");
    await form.getByLabel(auth.fields.email).fill(`nobody-${Date.now()}@example.co.tz`);
    await form.getByLabel(auth.fields.password, { exact: true }).fill("Wrong 2026 guess");
    await form.getByRole("button", { name: auth.login.submit }).click();
    return form.getByRole("alert");
  };
  // the machine's own address: the write reaches the password check (before: "Cross-site request refused")
  await expect(await signIn(`http://127.0.0.1:${port}`, "en")).toHaveText("Invalid email or password", { timeout: 30_000 });
  for (const locale of ["en", "sw"] as const) {
    const alert = await signIn(`http://shop.example:${port}`, locale);
    const words: string = catalogue(locale, "errors").reasons.crossSite;
    const [before, after] = words.split("{address}") as [string, string];
    // the address named is one this machine answers at: localhost or its network address, on the shop's port
    await expect(alert).toHaveText(new RegExp(`^${escapeRegExp(before)}http://[^ ]+:${port}${escapeRegExp(after)}$`));
    await expect(alert).not.toContainText("shop.example");
  }
});
