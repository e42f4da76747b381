import { expect, test, type Page } from "@playwright/test";
import { codeSentTo } from "./sms-sandbox";
import { productPath } from "../src/lib/slug";
import { keepScreenshot } from "./layout-checks";
import { catalogue } from "./catalogue";

/*
 * A guest buys on a phone (390 px) in each language: no account, the mobile number confirmed by
 * the code the SMS carries (read from the SMS sandbox's files, as the phone would show it), the
 * payment approved on the sandbox's stand-in for the phone, and the order followed from its signed
 * link (/o/…) in a browser that has never seen the shop, as a tap on the SMS's link opens it.
 */

const PHONE = { width: 390, height: 844 };

interface Listed {
  id: number;
  name: string;
  slug: string;
  stock_quantity: number;
  variant_config: unknown;
  price: number;
}

/** A product without options and with stock, chosen from the catalogue's API (a different one per language). */
async function plainProduct(page: Page, index: number): Promise<Listed> {
  const { products } = (await (await page.request.get("/api/products?limit=100&sortBy=price&sortOrder=asc")).json()) as { products: Listed[] };
  const plain = products.filter((p) => !p.variant_config && p.stock_quantity > 5 && p.price > 1000);
  expect(plain.length).toBeGreaterThan(index);
  return plain[index]!;
}

const locales = ["en", "sw"] as const;
for (const [index, locale] of locales.entries())
  test(`a guest buys with an SMS code and follows the order from its link (${locale}, 390 px)`, async ({ page, baseURL, browser }) => {
    test.slow();
    const c = catalogue(locale, "checkout");
    const o = catalogue(locale, "orders");
    await page.setViewportSize(PHONE);
    await page.context().addCookies([{ name: "locale", value: locale, url: baseURL! }]);
    const tail = String(Date.now() % 1_000_000).padStart(6, "0");
    const phone = { typed: `0713 ${tail.slice(0, 3)} ${tail.slice(3)}`, e164: `+255713${tail}` };

    // the cart, as a guest
    const product = await plainProduct(page, index);
    await page.goto(productPath(product));
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await page
      .getByRole("main")
      .getByRole("button", { name: new RegExp(`^${catalogue(locale, "catalog").purchase.addToCart}`) })
      .first()
      .click();
    await expect(page.getByTestId("cart-count")).toHaveText("1");

    // the checkout serves a guest: no sign-in wall
    await page.goto("/checkout");
    await expect(page.getByTestId("guest-checkout")).toBeVisible();
    await expect(page.getByTestId("checkout-line")).toHaveCount(1);
    await keepScreenshot(page, "guest-checkout-top", locale);
    await page.getByLabel(c.contact.fullName).fill("Zawadi Mgeni");
    await page.getByLabel(c.contact.phone, { exact: true }).fill(phone.typed);
    await page.getByLabel(c.delivery.region).selectOption("dar-es-salaam");
    await page.getByLabel(c.delivery.district).fill("Ilala");
    await page.getByLabel(c.delivery.street).fill("Samora Avenue");
    await page.getByRole("radio", { name: o.paymentMethod.mobile_money }).check();
    await page.getByRole("radio", { name: "M-Pesa", exact: true }).check();

    // the code: asked for, read off the SMS, typed in
    await page.getByTestId("send-code").click();
    await expect(page.getByRole("status").filter({ hasText: (c.guestConfirm.sent as string).split("{")[0]!.trim() })).toBeVisible();
    const code = await codeSentTo(phone.e164);
    await page.getByLabel(c.guestConfirm.code).fill(code);
    await keepScreenshot(page, "guest-checkout", locale);

    await page.getByRole("button", { name: new RegExp(`^${(c.summary.placeOrder as string).split(" · ")[0]}`) }).click();
    await expect(page).toHaveURL(/\/o\/[0-9a-z]+-[A-Za-z0-9_-]{11}\?placed=1$/, { timeout: 30_000 });
    const link = new URL(page.url()).pathname;
    await expect(page.getByText(o.order.thanks.title)).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveCount(0);
    await keepScreenshot(page, "guest-order-placed", locale);

    // the payment is approved on the sandbox's page (the stand-in for the phone); the order sees it paid
    const panel = page.getByTestId("payment-panel");
    const sandboxHref = await panel.getByRole("link", { name: o.pay.sandboxLink }).getAttribute("href");
    expect(sandboxHref).toContain("?order=");
    const sandbox = await page.context().newPage();
    await sandbox.goto(sandboxHref!);
    await sandbox.getByRole("button", { name: new RegExp(`^${(catalogue(locale, "payments").sandbox.confirm as string).split(" (")[0]}`) }).click();
    await expect(page.getByTestId("order-status")).toHaveText(o.status.paid, { timeout: 30_000 });
    await sandbox.close();
    await page.setViewportSize({ width: 1440, height: 900 });
    await keepScreenshot(page, "guest-order-paid", locale);

    // the SMS link, opened on the phone's browser: no cookies, no account, the order and its receipt
    const phoneBrowser = await browser.newContext({ viewport: PHONE, locale: locale === "sw" ? "sw-TZ" : "en-GB" });
    try {
      const fromSms = await phoneBrowser.newPage();
      await fromSms.context().addCookies([{ name: "locale", value: locale, url: baseURL! }]);
      await fromSms.goto(link);
      await expect(fromSms.getByRole("heading", { level: 1 })).toContainText(/KE-\d{4}-\d{6,}/);
      await expect(fromSms.getByTestId("order-status")).toHaveText(o.status.paid);
      await expect(fromSms.getByRole("link", { name: o.order.receipt })).toBeVisible();
      const receipt = await fromSms.request.get((await fromSms.getByRole("link", { name: o.order.receipt }).getAttribute("href"))!);
      expect(receipt.headers()["content-type"]).toContain("application/pdf");
      await expect(fromSms.getByTestId("guest-order-account")).toBeVisible();
      await keepScreenshot(fromSms, "guest-order-from-sms", locale);
      // a link whose signature is not the shop's opens nothing
      const forged = await fromSms.goto(`${link.slice(0, -1)}${link.endsWith("A") ? "B" : "A"}`);
      expect(forged?.status()).toBe(404);
    } finally {
      await phoneBrowser.close();
    }
  });
