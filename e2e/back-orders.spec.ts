import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { openAdminPage } from "./admin-session";
import { verifiedShopper } from "./helpers";
import { keepScreenshot } from "./layout-checks";
import { catalogue } from "./catalogue";

/*
 * A back-order on a phone (390 px) in each language: a product with one unit in stock and more on
 * its way, allowed to be back-ordered; the shopper orders three from the product page, the cart and
 * the checkout say two wait and until about when; the order placed and paid, the admin ships the
 * ready unit as a first part from the order page, and the shopper's order page lists the shipment
 * and the units awaiting stock.
 */

const PHONE = { width: 390, height: 844 };

interface Listed {
  id: number;
  slug: string;
  name: string;
  stock_quantity: number;
  variant_config: unknown;
}

/** A product without options and with stock, from the dear end of the catalogue (other specs take the cheap end and the first few here). */
async function plainProduct(page: Page, index: number): Promise<Listed> {
  const { products } = (await (await page.request.get("/api/products?limit=100&sortBy=price&sortOrder=desc")).json()) as { products: Listed[] };
  const plain = products.filter((p) => !p.variant_config && p.stock_quantity > 0);
  expect(plain.length).toBeGreaterThan(index + 12);
  return plain[index + 12]!;
}

/** The order's signed link (/o/…) as its shipment SMS carries it, read from the SMS sandbox's files (the path). */
async function signedLinkOf(number: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? "", "sms-outbox");
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const texts = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith(".json")) : [];
        for (const name of texts) {
          const { text } = JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as { text: string };
          if (text.includes(number)) link ??= /https?:\/\/\S+\/o\/[0-9a-z]+-[A-Za-z0-9_-]{11}/.exec(text)?.[0];
        }
        return Boolean(link);
      },
      { timeout: 30_000, message: `an SMS with the link of ${number}` },
    )
    .toBe(true);
  // the path only: the SMS names the shop's public address, the browser opens the server under test
  return new URL(link!).pathname;
}

for (const [index, locale] of (["en", "sw"] as const).entries())
  test(`a shopper orders beyond stock, the admin ships the ready part, the order page shows the shipment and what waits (${locale}, 390 px)`, async ({
    page,
    baseURL,
    browser,
  }) => {
    test.slow();
    const t = catalogue(locale, "catalog").backOrder;
    const tc = catalogue(locale, "checkout").backOrder;
    const to = catalogue(locale, "orders").parts;
    const admin = await openAdminPage(browser);
    const origin = new URL(admin.url()).origin;
    const product = await plainProduct(page, index);

    // one in stock, twenty on their way in three weeks, back-orders allowed
    expect(
      (await admin.request.patch(`/api/admin/products/${product.id}`, { headers: { origin }, data: { stockQuantity: 1, reason: "e2e: back-order" } })).ok(),
    ).toBe(true);
    const arriving = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
    const incoming = await admin.request.put(`/api/admin/products/${product.id}/incoming`, {
      headers: { origin },
      data: { incomingQuantity: 20, incomingDate: arriving, onDemandWeeks: null, reason: "e2e: ordered" },
    });
    expect(incoming.ok(), await incoming.text()).toBe(true);
    const allowed = await admin.request.put(`/api/admin/products/${product.id}/back-orders`, { headers: { origin }, data: { allowBackorder: true } });
    expect(allowed.ok(), await allowed.text()).toBe(true);

    await page.setViewportSize(PHONE);
    await page.context().addCookies([{ name: "locale", value: locale, url: baseURL! }]);
    await verifiedShopper(page, `back-order-${locale}-${Date.now()}@example.co.tz`);

    // the product page offers more than the stock, with the date
    await page.goto(`/products/${product.id}-${product.slug}`);
    const offer = page.getByTestId("back-order-offer");
    await expect(offer).toBeVisible();
    await offer.getByRole("spinbutton").fill("3");
    await keepScreenshot(page, "back-order-product", locale);
    await offer.getByRole("button", { name: t.add }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("3");

    // the cart and the checkout say what waits
    await page.goto("/cart");
    await expect(page.getByTestId("back-order-lines")).toContainText(product.name);
    await keepScreenshot(page, "back-order-cart", locale, { fullPage: true });
    await page.goto("/checkout");
    const waiting = page.getByTestId("back-order-lines");
    await expect(waiting).toContainText(product.name);
    await expect(waiting.getByLabel(tc.refundBy)).toBeVisible();
    await keepScreenshot(page, "back-order-checkout", locale);

    // placed (bank transfer) and paid
    const placed = await page.request.post("/api/orders", {
      headers: { origin, "idempotency-key": randomUUID() },
      data: {
        fullName: "Asha Mwinyi",
        phone: "0754 123 456",
        delivery: { method: "courier", region: "dar-es-salaam", district: "Kinondoni", street: "Old Bagamoyo Rd" },
        payment: { method: "bank_transfer" },
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const number = ((await placed.json()) as { order: { number: string } }).order.number;
    expect((await admin.request.post(`/api/admin/orders/${number}/mark-paid`, { headers: { origin }, data: {} })).ok()).toBe(true);

    // the admin ships the ready unit from the order page
    await admin.goto(`/admin/orders/${encodeURIComponent(number)}`);
    const shipments = admin.getByTestId("order-shipments");
    await expect(shipments.getByTestId("parts-line")).toHaveAttribute("data-status", "awaiting_stock");
    await shipments.getByLabel("Carrier").fill("G4S");
    await shipments.getByLabel("Tracking number").fill(`G4S-${locale}-1`);
    await shipments.getByRole("button", { name: "Ship these units" }).click();
    await expect(shipments.getByTestId("admin-shipment")).toContainText(`G4S-${locale}-1`);

    // the shopper's order page: the shipment and the units awaiting stock
    await page.goto(`/account/orders/${encodeURIComponent(number)}`);
    const parts = page.getByTestId("order-parts");
    await expect(parts.getByRole("heading", { name: to.title })).toBeVisible();
    await expect(parts.getByTestId("shipment")).toContainText(`G4S-${locale}-1`);
    await expect(parts.getByTestId("awaiting-line")).toContainText(product.name);
    await keepScreenshot(page, "back-order-order", locale, { fullPage: true });

    // the order's signed link from the shipment's SMS, opened where nobody is signed in: the same parts, no cancelling there
    const link = await signedLinkOf(number);
    const phoneBrowser = await browser.newContext({ viewport: PHONE });
    try {
      const fromSms = await phoneBrowser.newPage();
      await fromSms.context().addCookies([{ name: "locale", value: locale, url: baseURL! }]);
      await fromSms.goto(link);
      const linkedParts = fromSms.getByTestId("order-parts");
      await expect(linkedParts.getByTestId("shipment")).toContainText(`G4S-${locale}-1`);
      await expect(linkedParts.getByTestId("awaiting-line")).toContainText(product.name);
      await expect(linkedParts.getByRole("button", { name: to.cancel })).toHaveCount(0);
    } finally {
      await phoneBrowser.close();
    }
    await admin.context().close();
  });
