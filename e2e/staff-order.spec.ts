import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { codeSentTo } from "./sms-sandbox";
import { maskPhone } from "../src/lib/sms/mask";
import { openAdminPage } from "./admin-session";
import { screenshots } from "./helpers";
import { unfit } from "./layout-checks";
import { catalogue, type Texts } from "./catalogue";

/** The admin's language and the screen's width: the phone in both languages, and the desktop. */
const CASES = [
  { locale: "en", width: 390 },
  { locale: "sw", width: 390 },
  { locale: "en", width: 1440 },
] as const;

/** Nothing on the page is wider than the screen, and no button's text leaves its box or its section. */
async function fitsTheScreen(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  expect(await unfit(page.getByRole("main").getByRole("button"), "section")).toEqual([]);
}

/** With E2E_SCREENSHOTS set, the page as it is now (a state a new load would lose) into docs/screenshots. */
async function keepAsIs(page: Page, name: string, { fullPage = true } = {}) {
  if (!process.env.E2E_SCREENSHOTS) return;
  if (fullPage) {
    // from the top, with the header back in its place (scrolled, it would sit in the middle of the picture)
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByRole("banner").first()).toBeInViewport({ ratio: 1 });
  }
  await page.screenshot({ path: path.join("docs", "screenshots", `${name}.png`), fullPage });
}

test.describe("an admin takes a phone order at /admin/orders/new, sends the payment link by SMS, and records the payment taken at the counter", () => {
  // one admin session for every case: the tests of a file run in order in one worker
  let admin: Page;
  let product: { name: string };

  test.beforeAll(async ({ browser }) => {
    admin = await openAdminPage(browser);
    // a product in stock without options, found by its name as staff would search it (each case takes
    // one): the one with the most stock, which other specs running beside this one cannot sell out
    const listed = await admin.request.get("/api/products?inStock=true&limit=40");
    expect(listed.ok()).toBe(true);
    const { products } = (await listed.json()) as { products: { name: string; variant_config: unknown; stock_quantity: number }[] };
    const found = products.filter((p) => !p.variant_config).sort((a, b) => b.stock_quantity - a.stock_quantity)[0];
    expect(found?.stock_quantity ?? 0, "stock for every case").toBeGreaterThan(CASES.length + 1);
    product = found!;
  });

  test.afterAll(async () => {
    await admin?.context().close();
  });

  for (const [index, { locale, width }] of CASES.entries()) {
    test(`in ${locale === "sw" ? "Kiswahili" : "English"} at ${width} px`, async () => {
      test.slow();
      const t = catalogue(locale, "admin").staffOrders as Texts;
      const status = catalogue(locale, "orders").status as Texts;
      const phoneScreen = width < 800;
      // the screenshots helper shoots every language and width itself: once is enough
      const shoot = index === 0 ? (name: string) => screenshots(admin, name) : async () => undefined;
      await admin.setViewportSize({ width, height: phoneScreen ? 844 : 900 });
      // a number of its own per case (no earlier orders to find), and a transaction id of its own
      const tail = `${String(Date.now() % 100_000).padStart(5, "0")}${index}`;
      const phone = `0715 ${tail.slice(0, 3)} ${tail.slice(3)}`;
      const txn = `QK${tail}E2E`;

      await admin.goto(`/admin/orders?lang=${locale}`);
      await admin.getByRole("link", { name: t.newOrder, exact: true }).click();
      await expect(admin.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
      await shoot("admin-staff-order-new");

      const customer = admin.getByRole("region", { name: t.customer, exact: true });
      await customer.getByLabel(t.phone).fill(phone);
      await customer.getByRole("button", { name: t.lookup, exact: true }).click();
      await expect(admin.getByTestId("staff-lookup")).toContainText(t.noMatches);
      await customer.getByLabel(t.name).fill("Baraka Juma");

      // an order with no products is refused on the screen
      await admin.getByRole("button", { name: t.create, exact: true }).click();
      await expect(admin.getByRole("alert").filter({ hasText: t.needsLines })).toBeVisible();

      const products = admin.getByRole("region", { name: t.products, exact: true });
      await products.getByLabel(t.search).fill(product.name);
      await products.getByRole("button", { name: t.searchButton, exact: true }).click();
      await admin
        .getByTestId("staff-product-results")
        .getByRole("button", { name: `${t.add}: ${product.name}`, exact: true })
        .first()
        .click();
      await expect(admin.getByTestId("staff-order-lines")).toContainText(product.name);
      // with a product the refusal is gone
      await expect(admin.getByRole("alert").filter({ hasText: t.needsLines })).toHaveCount(0);
      // a delivery by courier asks for the address; the customer collects it at the shop instead
      const delivery = admin.getByRole("region", { name: t.delivery, exact: true });
      await delivery.getByLabel(t.method).selectOption({ label: t.deliveryMethod.courier });
      await expect(delivery.getByLabel(t.region)).toBeVisible();
      if (phoneScreen) await fitsTheScreen(admin, width);
      await keepAsIs(admin, `admin-staff-order-filled-${locale}-${width}`);
      await delivery.getByLabel(t.method).selectOption({ label: t.deliveryMethod.pickup });
      await expect(delivery.getByLabel(t.region)).toHaveCount(0);
      await admin.getByRole("button", { name: t.create, exact: true }).click();

      // the order's page: unpaid, with the ways to get it paid
      await expect(admin).toHaveURL(/\/admin\/orders\/[A-Z]+-\d{4}-\d+$/, { timeout: 20_000 });
      await expect(admin.getByTestId("order-status")).toHaveText(status.awaiting_payment);
      const actions = admin.getByTestId("staff-payment-actions");
      await expect(actions).toBeVisible();
      if (phoneScreen) await fitsTheScreen(admin, width);
      await shoot("admin-staff-order-unpaid");
      await actions.getByRole("button", { name: t.sendLinkSms, exact: true }).click();
      await expect(admin.getByText(t.linkSent).first()).toBeVisible();

      // a till payment needs its transaction id; then the order is paid and the payment shown with who and how
      await actions.getByRole("button", { name: t.record, exact: true }).click();
      const dialog = admin.getByRole("alertdialog");
      await dialog.getByLabel(t.recordHow).selectOption("till");
      await dialog.getByRole("button", { name: t.recordConfirm, exact: true }).click();
      await expect(dialog.getByText(t.transactionIdNeeded)).toBeVisible();
      if (phoneScreen) {
        // the whole dialog, its buttons too, is on the phone's screen
        const box = (await dialog.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        await expect(dialog.getByRole("button", { name: t.cancel, exact: true })).toBeInViewport();
      }
      await keepAsIs(admin, `admin-staff-order-record-${locale}-${width}`, { fullPage: false });
      await dialog.getByLabel(t.transactionId).fill(txn);
      await dialog.getByRole("button", { name: t.recordConfirm, exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(admin.getByTestId("order-status")).toHaveText(status.paid);
      const recorded = admin.getByTestId("recorded-payments");
      await expect(recorded).toContainText(t.recordMethod.till);
      await expect(recorded).toContainText(t.recordedTxn.replace("{id}", txn));
      // its fiscal receipt stands: the page says a credit note cancels it, and offers no reversal
      await expect(recorded).toContainText(t.refused["receipt-issued"]);
      await expect(recorded.getByRole("button", { name: t.reverse })).toHaveCount(0);
      await expect(admin.getByTestId("staff-payment-actions")).toHaveCount(0);
      if (phoneScreen) await fitsTheScreen(admin, width);
      await shoot("admin-staff-order-paid");
    });
  }

  // the form's state is lost on a new load, so the Kiswahili screen is shot by a run of its own
  for (const locale of process.env.E2E_SCREENSHOTS ? (["en", "sw"] as const) : (["en"] as const)) {
    test(`a pay-on-delivery courier order for a new number, its number confirmed by a code the customer reads out (${locale}, 390 px)`, async () => {
      test.slow();
      const t = catalogue(locale, "admin").staffOrders as Texts;
      const status = catalogue(locale, "orders").status as Texts;
      const width = 390;
      await admin.setViewportSize({ width, height: 844 });
      const tail = `${String(Date.now() % 100_000).padStart(5, "0")}${locale === "en" ? 0 : 1}`;
      const phone = { typed: `0718 ${tail.slice(0, 3)} ${tail.slice(3)}`, e164: `+255718${tail}` };

      await admin.goto(`/admin/orders/new?lang=${locale}`);
      await expect(admin.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
      const customer = admin.getByRole("region", { name: t.customer, exact: true });
      await customer.getByLabel(t.phone).fill(phone.typed);
      await customer.getByLabel(t.name).fill("Neema Simu");

      const products = admin.getByRole("region", { name: t.products, exact: true });
      await products.getByLabel(t.search).fill(product.name);
      await products.getByRole("button", { name: t.searchButton, exact: true }).click();
      await admin
        .getByTestId("staff-product-results")
        .getByRole("button", { name: `${t.add}: ${product.name}`, exact: true })
        .first()
        .click();
      await expect(admin.getByTestId("staff-order-lines")).toContainText(product.name);

      // pay on delivery goes with the shop's own couriers and its counter, never a bus parcel
      const delivery = admin.getByRole("region", { name: t.delivery, exact: true });
      const paymentMethod = admin.getByRole("region", { name: t.payment, exact: true }).getByRole("combobox", { name: t.payment, exact: true });
      await delivery.getByLabel(t.method).selectOption({ label: t.deliveryMethod.parcel });
      await expect(paymentMethod.locator('option[value="on_delivery"]')).toHaveCount(0);
      await delivery.getByLabel(t.method).selectOption({ label: t.deliveryMethod.courier });
      await delivery.getByLabel(t.region).selectOption("dar-es-salaam");
      await delivery.getByLabel(t.district).fill("Ilala");
      await delivery.getByLabel(t.street).fill("Samora Avenue");
      await paymentMethod.selectOption({ label: t.paymentMethod.on_delivery });
      const onDelivery = admin.getByTestId("staff-on-delivery");
      await expect(onDelivery).toContainText(t.onDelivery.intro);

      // without the code the order is refused at the code's field
      const code = onDelivery.getByLabel(t.onDelivery.code);
      await admin.getByRole("button", { name: t.create, exact: true }).click();
      await expect(onDelivery.getByText(t.onDelivery.codeNeeded)).toBeVisible();
      await expect(code).toBeFocused();

      await onDelivery.getByRole("button", { name: t.onDelivery.send, exact: true }).click();
      // the number it went to, masked, and a wait before another
      await expect(onDelivery.getByRole("status")).toContainText(maskPhone(phone.e164));
      await expect(onDelivery.getByRole("button", { name: t.onDelivery.sendAgain, exact: true })).toBeDisabled();
      const sent = await codeSentTo(phone.e164);

      // a code misheard is refused, with the tries left
      const misheard = `${(Number(sent[0]) + 1) % 10}${sent.slice(1)}`;
      await code.fill(misheard);
      await admin.getByRole("button", { name: t.create, exact: true }).click();
      await expect(onDelivery.getByText((t.onDelivery.codeWrong as string).split(" (")[0]!)).toBeVisible();

      await code.fill(sent);
      // typed again, the code is no longer the one refused
      await expect(onDelivery.getByText((t.onDelivery.codeWrong as string).split(" (")[0]!)).toHaveCount(0);
      await expect(code).toHaveAttribute("inputmode", "numeric");
      await expect(code).toHaveAttribute("autocomplete", "one-time-code");
      await fitsTheScreen(admin, width);
      await keepAsIs(admin, `admin-staff-order-on-delivery-form-${locale}-${width}`);
      await admin.getByRole("button", { name: t.create, exact: true }).click();

      // the order is confirmed without payment: the rider or the counter takes the money
      await expect(admin).toHaveURL(/\/admin\/orders\/[A-Z]+-\d{4}-\d+$/, { timeout: 20_000 });
      await expect(admin.getByTestId("order-status")).toHaveText(status.confirmed);
      await fitsTheScreen(admin, width);
      if (locale === "en") await screenshots(admin, "admin-staff-order-on-delivery-confirmed");
    });
  }
});
