import { expect, test, type Page } from "@playwright/test";

/** Collects Content-Security-Policy violations (the DOM event and the console's report) from the first script on. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return async () => [...fromConsole, ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))];
}

function nonceOf(csp: string | undefined): string {
  const match = /script-src [^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(csp ?? "");
  expect(match, `CSP: ${csp}`).not.toBeNull();
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  return match![1]!;
}

test("pages carry a nonce CSP and the security headers; the theme boot script still runs; no violations", async ({ page }) => {
  const violations = await watchCsp(page);
  await page.addInitScript(() => localStorage.setItem("theme", "dark"));

  const listing = await page.goto("/products");
  const headers = listing!.headers();
  const nonce = nonceOf(headers["content-security-policy"]);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=(self)");
  await expect(page.getByTestId("product-card").first()).toBeVisible();
  // the stored theme was applied by the inline boot script, which carries this request's nonce
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await page.evaluate(() => [...document.head.querySelectorAll("script:not([src])")].map((s) => (s as HTMLScriptElement).nonce))).toContain(nonce);

  // a second request gets a new nonce
  const again = await page.request.get("/products");
  expect(nonceOf(again.headers()["content-security-policy"])).not.toBe(nonce);

  // a product page (with its JSON-LD) under the same policy
  await page.getByTestId("product-card").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/products\/\d+/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  const product = await page.request.get(page.url());
  nonceOf(product.headers()["content-security-policy"]);
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
  expect(await violations()).toEqual([]);
});

test("a page address that is not valid UTF-8 answers the shop's 404 page", async ({ page }) => {
  for (const path of ["/products/%ff", "/products/1-%ff", "/%c0%af"]) {
    const res = await page.goto(path);
    expect(res!.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  }
});

test("a page address holding a control character answers 400 with the shop's page, in the page's language", async ({ page }) => {
  for (const path of ["/products?category=%00", "/products?brand=x%00y", "/products/1-%00", "/help?q=%0A"]) {
    const res = await page.goto(path);
    expect(res!.status(), path).toBe(400);
    await expect(page.getByRole("heading", { level: 1, name: "This address cannot be read" })).toBeVisible();
  }
  const sw = await page.goto("/products?category=%00&lang=sw");
  expect(sw!.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1, name: "Anwani hii haisomeki" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "sw");
  // the search box of the page works: the shopper carries on from it
  await page.locator("main").getByRole("combobox").fill("arduino");
  await page.locator("main").getByRole("combobox").press("Enter");
  await expect(page).toHaveURL(/\/products\?search=arduino/);
  // the stand-in page is not an address of its own
  expect((await page.goto("/bad-address"))!.status()).toBe(404);
});

test("the e-mail link page never fails on odd tokens and changes nothing on GET", async ({ page }) => {
  const res = await page.goto("/auth/verify?token=a&token=b");
  expect(res!.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
  expect((await page.goto("/auth/reset-password?token=a&token=b"))!.status()).toBe(200);
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();

  // an unknown token: the page only offers the button; pressing it shows the refusal
  await page.goto("/auth/verify?token=not-a-real-token");
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
});

test("the product page's back link never leaves the site", async ({ page }) => {
  await page.goto("/products");
  const href = await page.getByTestId("product-card").first().getByRole("link").first().getAttribute("href");
  const path = href!.split("?")[0]!;
  for (const returnTo of ["/\\evil.example", "/%09/evil.example", "//evil.example"]) {
    await page.goto(`${path}?returnTo=${encodeURIComponent(returnTo)}`);
    await expect(page.getByRole("link", { name: "Back to products" })).toHaveAttribute("href", "/products");
  }
});
