import { expect, test, type Page } from "@playwright/test";
import { openAdminPage } from "./admin-session";
import { verifiedShopper } from "./helpers";
import { keepScreenshot } from "./layout-checks";
import { catalogue } from "./catalogue";

/*
 * A back-order paid by deposit on a phone (390 px) in each language, in a shop that takes
 * deposits: a product with one unit in stock and more on its way; the shopper orders three, chooses
 * at the checkout to pay a deposit now (the summary's amount to pay is the deposit), pays it on the
 * sandbox's page, and the order page shows the deposit and the balance due. The stock arrives (the
 * admin raises it): the waiting units are held for the balance, which the shopper pays from the
 * order page on the sandbox; the order page and the admin's then show it paid. The shop's setting
 * is put back afterwards (this spec runs with the shop-wide ones).
 */

const PHONE = { width: 390, height: 844 };

interface Listed {
  id: number;
  slug: string;
  name: string;
  stock_quantity: number;
  variant_config: unknown;
}

/** A product without options and with stock, from the dear end of the catalogue past the ones back-orders.spec.ts takes. */
async function plainProduct(page: Page, index: number): Promise<Listed> {
  const { products } = (await (await page.request.get("/api/products?limit=100&sortBy=price&sortOrder=desc")).json()) as { products: Listed[] };
  const plain = products.filter((p) => !p.variant_config && p.stock_quantity > 0);
  expect(plain.length).toBeGreaterThan(index + 20);
  return plain[index + 20]!;
}

/** A catalogue text up to its first argument, as a pattern for the start of a name. */
const startOf = (text: string) =>
  new RegExp(
    `^${text
      .split("{")[0]!
      .trim()
      .replace(/[.*+?^$()|[\]\\]/g, "\\$&")}`,
  );

/** Sets the shop's back-order setting as the admin (a write from the shop's own origin). */
async function saveBackOrders(admin: Page, value: unknown) {
  const answer = await admin.request.post("/api/admin/settings", { headers: { origin: new URL(admin.url()).origin }, data: { key: "backOrders", value } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

let admin: Page;
let before: unknown;

test.beforeAll(async ({ browser }) => {
  admin = await openAdminPage(browser);
  const answer = await admin.request.get("/api/admin/settings?full=true");
  expect(answer.ok()).toBe(true);
  before = ((await answer.json()) as { settings: { backOrders: unknown } }).settings.backOrders;
  await saveBackOrders(admin, { payment: "deposit", depositPercent: 30, balanceDays: 7, maxWaitDays: 120 });
});

test.afterAll(async () => {
  if (!admin) return;
  if (before) await saveBackOrders(admin, before);
  await admin.context().close();
});

for (const [index, locale] of (["en", "sw"] as const).entries())
  test(`a shopper pays a back-order's deposit at checkout and its balance when the goods arrive (${locale}, 390 px)`, async ({ page, baseURL }) => {
    test.slow();
    const c = catalogue(locale, "checkout");
    const o = catalogue(locale, "orders");
    const sandboxConfirm = startOf((catalogue(locale, "payments").sandbox.confirm as string).split(" (")[0]!);
    const origin = new URL(admin.url()).origin;
    const product = await plainProduct(page, index);

    // one in stock, twenty on their way in three weeks, back-orders allowed
    expect(
      (await admin.request.patch(`/api/admin/products/${product.id}`, { headers: { origin }, data: { stockQuantity: 1, reason: "e2e: deposit" } })).ok(),
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
    await verifiedShopper(page, `deposit-${locale}-${Date.now()}@example.co.tz`);
    const added = await page.request.post("/api/cart", { headers: { origin }, data: { productId: product.id, variantId: "default", quantity: 3 } });
    expect(added.ok(), await added.text()).toBe(true);

    // the checkout: details, courier in Dar es Salaam, mobile money; then the choice of a deposit
    await page.goto("/checkout");
    const waiting = page.getByTestId("back-order-lines");
    await expect(waiting).toContainText(product.name);
    await page.getByLabel(c.contact.phone, { exact: true }).fill("0754 123 456");
    await page.getByLabel(c.delivery.region).selectOption("dar-es-salaam");
    await page.getByLabel(c.delivery.district).fill("Kinondoni");
    await page.getByLabel(c.delivery.street).fill("Old Bagamoyo Rd");
    await page.getByRole("radio", { name: o.paymentMethod.mobile_money }).check();
    await page.getByRole("radio", { name: "M-Pesa", exact: true }).check();
    const choice = waiting.getByTestId("deposit-choice");
    await expect(choice.getByRole("radio", { name: startOf(c.backOrder.deposit.full) })).toBeChecked();
    // keyboard: the arrow key moves the choice to the deposit
    await choice.getByRole("radio", { name: startOf(c.backOrder.deposit.full) }).focus();
    await page.keyboard.press("ArrowDown");
    await expect(choice.getByRole("radio", { name: startOf(c.backOrder.deposit.deposit) })).toBeChecked();
    const payNow = page.getByTestId("checkout-pay-now");
    await expect(payNow).toBeVisible();
    const deposit = (await payNow.textContent())!.trim();
    const balance = (await page.getByTestId("checkout-balance").textContent())!.trim();
    await expect(choice).toContainText(deposit);
    await expect(choice).toContainText(balance);
    const place = page.getByRole("button", { name: startOf(c.summary.placeOrder) });
    await expect(place).toContainText(deposit);
    await choice.scrollIntoViewIfNeeded();
    await keepScreenshot(page, "back-order-deposit-checkout", locale);

    // placed: the payment asked is the deposit, confirmed on the sandbox's page
    await place.click();
    await expect(page).toHaveURL(/\/account\/orders\/KE-\d{4}-\d{6,}\?placed=1$/, { timeout: 30_000 });
    const number = /KE-\d{4}-\d{6,}/.exec(page.url())![0];
    const panel = page.getByTestId("payment-panel");
    await expect(panel).toContainText(deposit);
    const depositSandbox = await panel.getByRole("link", { name: o.pay.sandboxLink }).getAttribute("href");
    const sandbox = await page.context().newPage();
    await sandbox.goto(depositSandbox!);
    await sandbox.getByRole("button", { name: sandboxConfirm }).click();
    await expect(sandbox.getByTestId("sandbox-outcome")).toBeVisible();
    await expect(page.getByTestId("order-status")).toHaveText(o.status.paid, { timeout: 30_000 });

    // the order page: the deposit paid and the balance due
    const box = page.getByTestId("deposit-box");
    await expect(box.getByTestId("deposit-amount")).toHaveText(deposit);
    await expect(box.getByTestId("balance-due")).toHaveText(balance);
    await expect(box).toContainText(o.parts.deposit.depositPaid);
    await expect(box).toContainText(o.parts.deposit.askedLater);
    await box.scrollIntoViewIfNeeded();
    await keepScreenshot(page, "back-order-deposit-order", locale);

    // the stock arrives: the two waiting units are held until the balance is paid
    expect(
      (await admin.request.patch(`/api/admin/products/${product.id}`, { headers: { origin }, data: { stockQuantity: 2, reason: "e2e: delivery in" } })).ok(),
    ).toBe(true);
    await page.reload();
    const parts = page.getByTestId("order-parts");
    await expect(parts.getByTestId("held-line")).toContainText(product.name);
    await expect(box).toContainText(o.parts.deposit.goodsIn);

    // the balance, from the order's wallet and number (pre-filled), confirmed on the sandbox's page
    const form = box.getByTestId("balance-form");
    await expect(form.getByRole("radio", { name: "M-Pesa", exact: true })).toBeChecked();
    await expect(form.getByLabel(c.payment.paymentPhone)).not.toHaveValue("");
    await keepScreenshot(page, "back-order-deposit-balance", locale);
    await form.getByRole("button", { name: startOf(o.parts.deposit.pay) }).click();
    const balanceWaiting = box.getByTestId("balance-waiting");
    await expect(balanceWaiting).toContainText(balance);
    const balanceSandbox = await balanceWaiting.getByRole("link", { name: o.pay.sandboxLink }).getAttribute("href");
    await sandbox.goto(balanceSandbox!);
    await sandbox.getByRole("button", { name: sandboxConfirm }).click();
    await expect(sandbox.getByTestId("sandbox-outcome")).toBeVisible();
    await sandbox.close();
    await expect(box.getByTestId("balance-paid")).toHaveText(balance, { timeout: 30_000 });
    await expect(box.getByTestId("balance-due")).toHaveCount(0);
    await expect(parts.getByTestId("held-line")).toHaveCount(0);

    // the admin's order page: the deposit and the balance paid, nothing held any more
    await admin.goto(`/admin/orders/${encodeURIComponent(number)}`);
    const shipments = admin.getByTestId("order-shipments");
    await expect(shipments.getByTestId("admin-deposit")).toBeVisible();
    await expect(shipments.getByTestId("admin-balance-paid")).toHaveText(balance);
    await expect(shipments.getByTestId("admin-balance-due")).toHaveText(/^TSh\s0$/);
    await expect(shipments.getByTestId("parts-held")).toHaveCount(0);
  });
