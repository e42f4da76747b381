import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { codeSentTo } from "./sms-sandbox";
import { productPath } from "../src/lib/slug";
import { openAdminPage } from "./admin-session";
import { PASSWORD, screenshots, verifiedShopper } from "./helpers";
import { catalogue } from "./catalogue";

/*
 * Pay on delivery, end to end on phones (390 px): a guest orders with "Pay on delivery" (the number
 * confirmed by a code), an admin makes an account a rider and gives the order to that rider, and
 * the rider marks it at the door. In English the customer pays to the shop's till (the order is then
 * delivered and paid, with its receipt); in Kiswahili the customer refuses it (the order is refused,
 * its goods back in stock), and the admin counts the rider's cash for the day on the cash page.
 */

/** The fixed start of a message, before its first argument. */
const lead = (message: string) => message.split("{")[0]!.trim();
const PHONE = { width: 390, height: 844 };

interface Listed {
  id: number;
  name: string;
  slug: string;
  stock_quantity: number;
  variant_config: unknown;
  price: number;
}

/**
 * A product without options, in stock, priced well under the pay-on-delivery ceiling: counted from
 * the dearest end (the other buying specs take the cheapest), so a parallel purchase does not move
 * the stock this spec checks.
 */
async function plainProduct(page: Page, index: number): Promise<Listed> {
  const { products } = (await (await page.request.get("/api/products?limit=100&sortBy=price&sortOrder=asc")).json()) as { products: Listed[] };
  const plain = products.filter((p) => !p.variant_config && p.stock_quantity > 5 && p.price > 5000 && p.price < 200_000);
  // by price, then id: products of one price would otherwise swap places between two lists
  plain.sort((a, b) => b.price - a.price || a.id - b.id);
  return plain[index % plain.length]!;
}

const stockOf = async (page: Page, id: number) => ((await (await page.request.get(`/api/products/${id}`)).json()) as { stock_quantity: number }).stock_quantity;

/** A phone's browser in a language: its own context, the language cookie set. */
async function phonePage(browser: Browser, baseURL: string, locale: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale: locale === "sw" ? "sw-TZ" : "en-GB" });
  await context.addCookies([{ name: "locale", value: locale, url: baseURL }]);
  return context.newPage();
}

/** A guest buys one product with "Pay on delivery", to Dar es Salaam, on a phone; the order's number. */
async function guestOrdersOnDelivery(page: Page, locale: string, product: Listed, tail: string): Promise<string> {
  const c = catalogue(locale, "checkout");
  const o = catalogue(locale, "orders");
  const phone = { typed: `0716 ${tail.slice(0, 3)} ${tail.slice(3)}`, e164: `+255716${tail}` };
  await page.goto(productPath(product));
  await page
    .getByRole("main")
    .getByRole("button", { name: new RegExp(`^${catalogue(locale, "catalog").purchase.addToCart}`) })
    .first()
    .click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.goto("/checkout");
  await expect(page.getByTestId("guest-checkout")).toBeVisible();
  await page.getByLabel(c.contact.fullName).fill(locale === "sw" ? "Rehema Mgeni" : "Zawadi Mgeni");
  await page.getByLabel(c.contact.phone, { exact: true }).fill(phone.typed);
  await page.getByLabel(c.delivery.region).selectOption("dar-es-salaam");
  await page.getByLabel(c.delivery.district).fill("Ilala");
  await page.getByLabel(c.delivery.street).fill("Samora Avenue");
  await page.getByRole("radio", { name: o.paymentMethod.on_delivery }).check();
  await page.getByTestId("send-code").click();
  await page.getByLabel(c.guestConfirm.code).fill(await codeSentTo(phone.e164));
  await page.getByRole("button", { name: new RegExp(`^${(c.summary.placeOrderOnDelivery as string).split(" · ")[0]}`) }).click();
  await expect(page).toHaveURL(/\/o\/[0-9a-z]+-[A-Za-z0-9_-]{11}\?placed=1$/, { timeout: 30_000 });
  await expect(page.getByTestId("order-status")).toHaveText(o.status.confirmed);
  return /KE-\d{4}-\d{6,}/.exec((await page.getByRole("heading", { level: 1 }).textContent()) ?? "")![0];
}

/** The admin makes an account a rider on its customer page; the account's id. */
async function makeRider(admin: Page, locale: string, email: string): Promise<number> {
  const d = catalogue(locale, "delivery");
  const { customers } = (await (await admin.request.get(`/api/admin/customers?q=${encodeURIComponent(email)}`)).json()) as { customers: { id: number }[] };
  const id = customers[0]!.id;
  await admin.goto(`/admin/customers/${id}`);
  await expect(admin.getByTestId("customer-role")).toHaveText(d.role.user);
  await admin.getByRole("button", { name: d.role.makeRider }).click();
  await expect(admin.getByTestId("customer-role")).toHaveText(d.role.rider);
  await expect(admin.getByRole("button", { name: d.role.makeShopper })).toBeVisible();
  return id;
}

/** The admin gives the order to the rider on its page: it is then shipped, with its rider named. */
async function assignRider(admin: Page, locale: string, number: string, riderId: number, riderName: string) {
  const d = catalogue(locale, "delivery");
  const o = catalogue(locale, "orders");
  await admin.goto(`/admin/orders/${number}`);
  await expect(admin.getByTestId("order-status")).toHaveText(o.status.confirmed);
  await admin.getByRole("button", { name: o.admin.action["assign-rider"] }).click();
  const dialog = admin.getByRole("alertdialog");
  await dialog.getByLabel(d.assign.rider, { exact: true }).selectOption(String(riderId));
  await dialog.getByRole("button", { name: d.assign.confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
  // the order names its rider, and so does its history
  await expect(admin.getByTestId("order-rider")).toHaveText(d.assign.current.replace("{name}", riderName));
  await expect(admin.getByTestId("order-timeline")).toContainText(riderName);
  await expect(admin.getByTestId("order-status")).toHaveText(o.status.shipped);
}

/** Screenshots of a dialog on the page, in both languages at a phone's and a desktop's width (E2E_SCREENSHOTS). */
async function dialogScreenshots(page: Page, name: string, open: (locale: string) => Promise<void>) {
  if (!process.env.E2E_SCREENSHOTS) return;
  const url = page.url().split("?")[0]!;
  const viewport = page.viewportSize();
  for (const locale of ["en", "sw"]) {
    await page.goto(`${url}?lang=${locale}`);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
      await open(locale);
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: path.join("docs", "screenshots", `${name}-${locale}-${width}.png`) });
      await page.keyboard.press("Escape");
      await expect(page.getByRole("alertdialog")).toBeHidden();
    }
  }
  await page.goto(`${url}?lang=en`);
  if (viewport) await page.setViewportSize(viewport);
}

test.describe("pay on delivery", () => {
  test("delivered: the rider takes the payment to the till at the door (English)", async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const locale = "en";
    const d = catalogue(locale, "delivery");
    const o = catalogue(locale, "orders");
    const stamp = Date.now();
    const riderEmail = `rider-en-${stamp}@example.com`;
    const riderName = "Juma Mpelekaji";

    const rider = await phonePage(browser, baseURL!, locale);
    const guest = await phonePage(browser, baseURL!, locale);
    const admin = await openAdminPage(browser);
    try {
      await admin.setViewportSize(PHONE);
      await admin.context().addCookies([{ name: "locale", value: locale, url: baseURL! }]);
      await verifiedShopper(rider, riderEmail, riderName, { signIn: false });
      const riderId = await makeRider(admin, locale, riderEmail);

      const product = await plainProduct(guest, 0);
      const number = await guestOrdersOnDelivery(guest, locale, product, String(stamp % 1_000_000).padStart(6, "0"));
      await assignRider(admin, locale, number, riderId, riderName);

      // the amount to collect, in the admin's collect dialog (not recorded here: the rider does it)
      await admin.getByRole("button", { name: o.admin.action.collect }).click();
      await expect(admin.getByRole("alertdialog").getByTestId("collect-amount")).toBeVisible();
      await admin.getByRole("alertdialog").getByRole("button", { name: d.cancel }).click();
      await expect(admin.getByRole("alertdialog")).toBeHidden();
      await dialogScreenshots(admin, "pay-on-delivery-admin-collect", async (lang) => {
        const t = catalogue(lang, "orders");
        await admin.getByRole("button", { name: t.admin.action.collect }).click();
        await admin
          .getByRole("alertdialog")
          .getByRole("radio", { name: catalogue(lang, "delivery").method.till })
          .check();
      });

      // a guest is sent to sign in; the rider signs in on the phone and lands on the deliveries
      await rider.goto("/rider");
      await expect(rider).toHaveURL((url) => url.pathname === "/auth/login" && url.searchParams.get("redirect") === "/rider");
      await rider.goto("/auth/login");
      const main = rider.getByRole("main");
      await main.getByLabel("Email", { exact: true }).fill(riderEmail);
      await main.getByLabel("Password").fill(PASSWORD);
      await main.getByRole("button", { name: "Sign In" }).click();
      await expect(rider).toHaveURL((url) => url.pathname === "/rider", { timeout: 30_000 });
      const card = rider.locator(`[data-testid="rider-delivery"][data-number="${number}"]`);
      await expect(card).toBeVisible();
      await expect(card.getByRole("link", { name: lead(d.rider.call) })).toHaveAttribute("href", /^tel:/);
      await expect(card.getByText(product.name)).toBeVisible();
      const total = (await card.getByTestId("delivery-total").textContent())!;
      // the account menu leads a rider here
      await rider.getByRole("button", { name: /^Account menu/ }).click();
      await expect(rider.getByRole("menuitem", { name: d.menuLink })).toHaveAttribute("href", "/rider");
      await rider.keyboard.press("Escape");
      await screenshots(rider, "rider-deliveries");

      // paid to the till, with the transaction id (the id is required)
      await card.getByRole("button", { name: d.collect.open, exact: true }).click();
      const dialog = rider.getByRole("alertdialog");
      await expect(dialog.getByTestId("collect-amount")).toHaveText(total);
      await dialog.getByRole("radio", { name: d.method.till }).check();
      await dialog.getByRole("button", { name: d.collect.confirm }).click();
      await expect(dialog.getByText(d.transactionIdNeeded)).toBeVisible();
      const txn = `QK${String(stamp).slice(-8)}`;
      await dialog.getByLabel(d.transactionId).fill(txn);
      await dialog.getByRole("button", { name: d.collect.confirm }).click();
      await expect(dialog).toBeHidden();
      await expect(card).toHaveCount(0);
      await expect(rider.getByTestId("rider-delivered")).toHaveText("1");
      await expect(rider.getByTestId("rider-till")).toHaveText(total);

      // the admin's order: delivered, paid to the till with its transaction id, the receipt issued
      await admin.goto(`/admin/orders/${number}`);
      await expect(admin.getByTestId("order-status")).toHaveText(o.status.delivered);
      await expect(admin.getByTestId("order-paid-in-person")).toContainText(txn);
      await expect(admin.getByText(lead(o.order.receiptNumber))).toBeVisible();

      // the day's cash: the rider's till payment listed with its transaction id
      await admin.goto("/admin/cash");
      const day = admin.locator(`[data-testid="cash-collector"][data-staff="${riderId}"]`);
      await expect(day.getByTestId("till-total")).toHaveText(total);
      await expect(day.getByTestId("delivered-count")).toHaveText("1");
      await expect(day.getByTestId("cash-entries")).toContainText(txn);
    } finally {
      await Promise.all([rider.context().close(), guest.context().close(), admin.context().close()]);
    }
  });

  test("refused: the goods go back on sale, and the rider's day is counted (Kiswahili)", async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const locale = "sw";
    const d = catalogue(locale, "delivery");
    const o = catalogue(locale, "orders");
    const stamp = Date.now() + 7919;
    const riderEmail = `rider-sw-${stamp}@example.com`;
    const riderName = "Hamisi Mpelekaji";

    const rider = await phonePage(browser, baseURL!, locale);
    const guest = await phonePage(browser, baseURL!, locale);
    const admin = await openAdminPage(browser);
    try {
      await admin.setViewportSize(PHONE);
      await admin.context().addCookies([{ name: "locale", value: locale, url: baseURL! }]);
      // a shopper's account: the page is the riders'; made a rider, the same session sees the deliveries
      await verifiedShopper(rider, riderEmail, riderName);
      await rider.goto("/rider");
      await expect(rider.getByTestId("rider-only")).toContainText(d.rider.forRiders);
      const riderId = await makeRider(admin, locale, riderEmail);
      await rider.reload();
      await expect(rider.getByRole("heading", { level: 1 })).toHaveText(d.rider.title);

      const product = await plainProduct(guest, 1);
      const before = await stockOf(guest, product.id);
      const number = await guestOrdersOnDelivery(guest, locale, product, String(stamp % 1_000_000).padStart(6, "0"));
      // the order holds its unit
      await expect.poll(() => stockOf(guest, product.id)).toBe(before - 1);
      await assignRider(admin, locale, number, riderId, riderName);

      // the rider refuses it at the door: a reason is required
      await rider.getByRole("button", { name: d.rider.refresh }).click();
      const card = rider.locator(`[data-testid="rider-delivery"][data-number="${number}"]`);
      await card.getByRole("button", { name: d.refuse.open, exact: true }).click();
      const dialog = rider.getByRole("alertdialog");
      await dialog.getByRole("button", { name: d.refuse.confirm }).click();
      await expect(dialog.getByText(d.refuse.reasonNeeded)).toBeVisible();
      await dialog.getByLabel(d.refuse.reason).fill("Mteja amesema hakuagiza rangi hii");
      await dialog.getByRole("button", { name: d.refuse.confirm }).click();
      await expect(dialog).toBeHidden();
      await expect(card).toHaveCount(0);
      await expect(rider.getByTestId("rider-refused")).toHaveText("1");

      // the order is refused, its unit back on sale
      await admin.goto(`/admin/orders/${number}`);
      await expect(admin.getByTestId("order-status")).toHaveText(o.status.refused);
      await expect.poll(() => stockOf(guest, product.id)).toBe(before);

      // the day's cash: the rider's refusal, and the hand-over counted (a count that differs needs a note)
      await admin.goto("/admin/cash");
      const day = admin.locator(`[data-testid="cash-collector"][data-staff="${riderId}"]`);
      await expect(day.getByRole("heading", { name: riderName })).toBeVisible();
      await expect(day.getByTestId("refused-count")).toHaveText("1");
      const form = day.getByTestId("handover-form");
      await form.getByLabel(d.cash.received).fill("1000");
      await form.getByRole("button", { name: d.cash.record }).click();
      await expect(form.getByText(lead(d.cash.noteNeeded))).toBeVisible();
      await form.getByLabel(d.cash.note, { exact: true }).fill("Alileta shilingi elfu moja za ziada");
      await form.getByRole("button", { name: d.cash.record }).click();
      await expect(day.getByTestId("cash-handover")).toBeVisible();
      await expect(day.getByTestId("cash-difference")).toContainText(lead(d.cash.over));
      await expect(day.getByTestId("cash-handover")).toContainText("Alileta shilingi elfu moja za ziada");
      await screenshots(admin, "admin-cash");
    } finally {
      await Promise.all([rider.context().close(), guest.context().close(), admin.context().close()]);
    }
  });
});
