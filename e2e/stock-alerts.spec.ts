import { expect, test, type Page } from "@playwright/test";
import { productPath } from "../src/lib/slug";
import { openAdminPage } from "./admin-session";
import { keepScreenshot } from "./layout-checks";
import { codeSentTo, smsTo } from "./sms-sandbox";
import { catalogue } from "./catalogue";

/*
 * "Notify me" on a phone (390 px) in each language: a guest asks to be told when a sold-out
 * product is back (the number confirmed by the SMS code, read from the SMS sandbox), an admin
 * raises the stock, the back-in-stock SMS arrives with the alert's link, and the link opens the
 * product, now in stock, in a browser that has never seen the shop (as a tap on the SMS opens it).
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

/** A product without options and with stock, from the dear end of the catalogue (the buying specs take the cheap end). */
async function plainProduct(page: Page, index: number): Promise<Listed> {
  const { products } = (await (await page.request.get("/api/products?limit=100&sortBy=price&sortOrder=desc")).json()) as { products: Listed[] };
  const plain = products.filter((p) => !p.variant_config && p.stock_quantity > 0);
  expect(plain.length).toBeGreaterThan(index + 4);
  return plain[index + 4]!;
}

const locales = ["en", "sw"] as const;
for (const [index, locale] of locales.entries())
  test(`a guest asks to be told of a sold-out product, the stock comes back, the SMS link opens it (${locale}, 390 px)`, async ({ page, baseURL, browser }) => {
    test.slow();
    const t = catalogue(locale, "catalog").stockAlert;
    const admin = await openAdminPage(browser);
    const origin = new URL(admin.url()).origin;
    const product = await plainProduct(page, index);

    // the product is sold out, with stock on its way
    const soldOut = await admin.request.patch(`/api/admin/products/${product.id}`, {
      headers: { origin },
      data: { stockQuantity: 0, reason: "e2e: sold out" },
    });
    expect(soldOut.ok(), await soldOut.text()).toBe(true);
    const arriving = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const incoming = await admin.request.put(`/api/admin/products/${product.id}/incoming`, {
      headers: { origin },
      data: { incomingQuantity: 20, incomingDate: arriving, onDemandWeeks: null, reason: "e2e: ordered" },
    });
    expect(incoming.ok(), await incoming.text()).toBe(true);

    // the guest, on a phone
    await page.setViewportSize(PHONE);
    await page.context().addCookies([{ name: "locale", value: locale, url: baseURL! }]);
    const tail = String((Date.now() + index * 7919) % 1_000_000).padStart(6, "0");
    const phone = { typed: `0718 ${tail.slice(0, 3)} ${tail.slice(3)}`, e164: `+255718${tail}` };
    await page.goto(productPath(product));
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    const line = page.getByTestId("availability-line");
    await expect(line).toContainText(t.soldOut);
    await expect(line).toContainText("20");
    await line.scrollIntoViewIfNeeded();
    await keepScreenshot(page, "stock-alert-sold-out", locale);

    // "Notify me": SMS is the first choice; the number, then the code from the SMS
    await page.getByTestId("notify-me").click();
    const dialog = page.getByRole("dialog", { name: t.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("radio", { name: t.channels.sms })).toBeChecked();
    await dialog.getByLabel(t.phone).fill(phone.typed);
    await keepScreenshot(page, "stock-alert-dialog", locale);
    await dialog.getByTestId("notify-send").click();
    await expect(dialog.getByLabel(t.code)).toBeVisible();
    const code = await codeSentTo(phone.e164);
    await dialog.getByLabel(t.code).fill(code);
    await dialog.getByTestId("notify-confirm").click();
    await expect(dialog.getByTestId("notify-done")).toHaveText(t.waiting);
    await keepScreenshot(page, "stock-alert-confirmed", locale);
    await dialog.press("Escape");
    await expect(dialog).toBeHidden();

    // the admin sees who waits, then raises the stock
    await admin.goto(`/admin/products/${product.id}`);
    await expect(admin.getByTestId("waiting-count")).toContainText(/\d/);
    const raised = await admin.request.patch(`/api/admin/products/${product.id}`, {
      headers: { origin },
      data: { stockQuantity: 3, reason: "e2e: delivery arrived" },
    });
    expect(raised.ok(), await raised.text()).toBe(true);

    // the SMS arrives with the alert's link, which opens the product now in stock
    const sms = await smsTo(phone.e164, "stock-alert");
    expect(sms.text).toContain(product.name);
    const link = /https?:\/\/\S+\/stock-alerts\/[A-Za-z0-9_-]+/.exec(sms.text)?.[0];
    expect(link, sms.text).toBeTruthy();
    const tapped = await browser.newContext({ viewport: PHONE });
    await tapped.addCookies([{ name: "locale", value: locale, url: baseURL! }]);
    const phonePage = await tapped.newPage();
    await phonePage.goto(new URL(link!).pathname);
    await expect(phonePage).toHaveURL(new RegExp(`${productPath(product)}$`));
    await expect(phonePage.getByTestId("availability-line")).toContainText("3");
    await expect(phonePage.getByTestId("availability-line")).not.toContainText(t.soldOut);
    await expect(phonePage.getByTestId("notify-me")).toHaveCount(0);
    await phonePage.getByTestId("availability-line").scrollIntoViewIfNeeded();
    await keepScreenshot(phonePage, "stock-alert-back", locale);
    await tapped.close();
    await admin.context().close();
  });
