import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { PDFParse } from "pdf-parse";
import { openAdminPage } from "./admin-session";
import { registerAndVerify, screenshots, signInOnLoginPage } from "./helpers";

const PHONE = { width: 390, height: 844 };

/** No serious or critical accessibility problem on the page as it is now. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
}

/** The text of a PDF, spaces collapsed. */
async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, " ");
  } finally {
    await parser.destroy();
  }
}

/** Sets one site setting as the signed-in admin (a write from the shop's own origin). */
async function saveSetting(admin: Page, key: string, value: unknown) {
  const answer = await admin.request.post("/api/admin/settings", { headers: { origin: new URL(admin.url()).origin }, data: { key, value } });
  expect(answer.ok()).toBe(true);
}

/** The first product card that adds at once (in stock, no options to choose). */
const addButton = (page: Page) =>
  page
    .getByTestId("product-card")
    .filter({ has: page.getByRole("button", { name: /^Add to Cart/ }) })
    .first()
    .getByRole("button", { name: /^Add to Cart/ });

test("a guest checks out on a phone: signs in at checkout, pays by mobile money on the sandbox, gets a receipt, tracks the order, and sees it shipped", async ({
  page,
  browser,
  context,
}) => {
  test.slow();
  const email = `checkout-${Date.now()}@example.co.tz`;
  await registerAndVerify(page, email, "Asha Checkout");
  await page.setViewportSize(PHONE);

  // a guest fills the cart and goes to the checkout
  await page.goto("/products?sort=price-high");
  await addButton(page).click();
  await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
  await page.goto("/cart");
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  // a guest may buy with a mobile number, or sign in
  await expect(page.getByTestId("guest-checkout")).toBeVisible();

  // signs in in the dialog and comes back to the checkout with the cart merged
  await page.getByRole("main").getByRole("button", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog", { name: /^Welcome to / });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill("Mbuyu-Kijani-2026");
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "1. Your details" })).toBeVisible();
  await expect(page.getByTestId("checkout-line")).toHaveCount(1);

  // contact, a region (courier delivery in Dar es Salaam is chosen for it), mobile money with a chosen wallet
  await expect(page.getByLabel("Full name")).toHaveValue("Asha Checkout");
  await page.getByLabel("Mobile number").fill("0754 123 456");
  await expect(page.getByText("We will call +255 754 123 456.")).toBeVisible();
  await page.getByLabel("Region").selectOption("dar-es-salaam");
  await expect(page.getByRole("radio", { name: "Courier delivery" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Bus parcel (upcountry)" })).toBeDisabled();
  await page.getByLabel("District").fill("Kinondoni");
  await page.getByLabel("Street or road").fill("Haile Selassie Road");
  await page.getByRole("radio", { name: "Mobile money" }).check();
  // placing without a wallet is refused in the browser: the wallet is the shopper's choice, never guessed
  await page.getByRole("button", { name: /^Place order/ }).click();
  await expect(page.getByText("Choose the wallet you will pay with.")).toBeVisible();
  await page.getByRole("radio", { name: "M-Pesa", exact: true }).check();
  await expect(page.getByText("VAT included (18%)")).toBeVisible();
  const total = (await page.getByTestId("checkout-total").textContent())!.trim();
  await expectAccessible(page);
  expect(total).toMatch(/^TSh\s[\d,]+$/);

  await page.getByRole("button", { name: /^Place order/ }).click();
  await expect(page).toHaveURL(/\/account\/orders\/KE-\d{4}-\d{6,}\?placed=1$/, { timeout: 20_000 });
  const number = /KE-\d{4}-\d{6,}/.exec(page.url())![0];
  await expect(page.getByText("Thank you for your order!")).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText(total);
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment");
  // its payment goes to the sandbox: a test order, and every page says which payments are simulated
  await expect(page.getByTestId("test-order-badge")).toHaveText("Test order");
  await expect(page.getByTestId("test-mode-banner")).toContainText("mobile-money and card payments are simulated");
  await expectAccessible(page);

  // the push "arrives" on the sandbox page, where it is confirmed; the order page sees it paid by itself
  const panel = page.getByTestId("payment-panel");
  await expect(panel.getByRole("heading", { name: "Confirm the payment on your phone" })).toBeVisible();
  const sandboxHref = await panel.getByRole("link", { name: "Open the test payment page" }).getAttribute("href");
  const sandbox = await context.newPage();
  await sandbox.goto(sandboxHref!);
  await sandbox.getByRole("button", { name: /^Confirm/ }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Paid", { timeout: 30_000 });
  await sandbox.close();

  // /account/orders lists it, paid, as a test order
  await page.goto("/account/orders");
  const row = page.getByTestId("order-row").filter({ hasText: number });
  await expect(row.getByTestId("order-status")).toHaveText("Paid");
  await expect(row.getByTestId("test-order-badge")).toHaveText("Test order");
  await row.getByRole("link").click();
  await expect(page.getByTestId("test-order-note")).toHaveText(/it was paid in the shop's payment sandbox, so no money moved/);
  await expectAccessible(page);
  await screenshots(page, "order-test");

  // the receipt: a PDF with the order's number and total, marked as a test
  const receiptLink = page.getByRole("link", { name: "Download the receipt (PDF)" });
  await expect(receiptLink).toBeVisible();
  const receipt = await page.request.get((await receiptLink.getAttribute("href"))!);
  expect(receipt.ok()).toBe(true);
  expect(receipt.headers()["content-type"]).toContain("application/pdf");
  const text = await pdfText(await receipt.body());
  expect(text).toContain(number);
  expect(text).toContain(total.replace(/^TSh\s/, ""));
  expect(text).toContain("TEST — not a tax receipt");

  // /tracking finds it by number and e-mail, and only its timeline; a wrong contact gets the one "not found" answer
  await page.goto("/tracking");
  await page.getByLabel("Order number").fill(number);
  await page.getByLabel("E-mail or phone number").fill("someone-else@example.co.tz");
  await page.getByRole("button", { name: "Track", exact: true }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("We found no order with this number and these details. Check both and try again.");
  await page.getByLabel("E-mail or phone number").fill(email);
  await page.getByRole("button", { name: "Track", exact: true }).click();
  const result = page.getByTestId("tracking-result");
  await expect(result.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  await expect(result.getByTestId("order-status")).toHaveText("Paid");
  await expect(result.getByTestId("test-order-badge")).toBeVisible();
  await expect(result).not.toContainText("Haile Selassie");

  // the admin's list marks it a test order; shipping it asks first, and going on needs the explicit answer
  const admin = await openAdminPage(browser);
  await admin.goto("/admin/orders");
  await admin.getByLabel("Number, name or e-mail").fill(number);
  await admin.getByRole("button", { name: "Show", exact: true }).click();
  const adminRow = admin.getByTestId("admin-order-row").filter({ hasText: number });
  await expect(adminRow.getByTestId("test-order-badge")).toHaveText("Test order");
  await screenshots(admin, "admin-orders-test");
  await adminRow.getByRole("link", { name: number }).click();
  await expect(admin.getByTestId("test-order-note")).toContainText("no money was received");
  await admin.getByLabel("Carrier").fill("DHL");
  await admin.getByLabel("Tracking number").fill("DHL-778899");
  await admin.getByRole("button", { name: "Mark as shipped" }).click();
  const confirm = admin.getByRole("alertdialog", { name: `Hand over test order ${number}?` });
  await expect(confirm).toContainText("no money was received");
  await confirm.getByRole("button", { name: "Not now" }).click();
  await expect(confirm).toBeHidden();
  await expect(admin.getByTestId("order-status")).toHaveText("Paid");
  await admin.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(confirm).toBeVisible();
  if (process.env.E2E_SCREENSHOTS) await admin.screenshot({ path: "docs/screenshots/admin-order-test-confirm-en-1440.png" });
  await confirm.getByRole("button", { name: "Ship it anyway" }).click();
  await expect(admin.getByTestId("order-status")).toHaveText("Shipped");
  // the dashboard counts it apart from the money taken, and says what the fiscal set-up lacks
  await admin.goto("/admin");
  await expect(admin.getByTestId("month-test-orders")).toHaveText(/^\d+ test orders? paid in the sandbox \(not counted\)$/);
  await expect(admin.getByTestId("fiscal-setup-missing").getByRole("listitem")).toHaveCount(4);
  await screenshots(admin, "admin-dashboard-fiscal");
  await admin.context().close();

  // the shopper's timeline shows it shipped, with the carrier
  await page.goto(`/account/orders/${number}`);
  await expect(page.getByTestId("order-status")).toHaveText("Shipped");
  await expect(page.getByTestId("order-timeline").getByText("Shipped")).toBeVisible();
  await expect(page.getByTestId("order-shipment")).toHaveText("Sent with DHL, tracking number DHL-778899.");
});

test("bank transfer: the shopper picks up at the shop and gets a pro-forma invoice; the admin marks it paid and the receipt follows", async ({
  page,
  browser,
}) => {
  test.slow();
  // bank transfer is offered once the shop has an account to pay into
  const admin = await openAdminPage(browser);
  const account = { bankName: "CRDB Bank", accountName: "Kilima Electronics Ltd", accountNumber: "0150123456700", branch: "Kariakoo", swift: "CORUTZTZ" };
  await saveSetting(admin, "bankTransfer", account);

  try {
    const email = `bank-${Date.now()}@example.co.tz`;
    await registerAndVerify(page, email, "Baraka Transfer");
    await signInOnLoginPage(page, email);
    // (its URL check also matches /auth/login?redirect=/account itself, and the login page says "Sign In to Your Account": wait for the account page)
    await expect(page.getByRole("heading", { name: "Your account", exact: true })).toBeVisible({ timeout: 30_000 });
    await page.setViewportSize(PHONE);
    await page.goto("/products?sort=price-high");
    await addButton(page).click();
    await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();

    await page.goto("/checkout");
    await page.getByLabel("Mobile number").fill("0713 456 789");
    // pick-up needs no region or address
    await page.getByRole("radio", { name: "Pick-up at the shop" }).check();
    await expect(page.getByLabel("District")).toHaveCount(0);
    await page.getByRole("radio", { name: "Bank transfer" }).check();
    await expect(page.getByText(/You get a pro-forma invoice with our bank details\. Pay within 72 hours/)).toBeVisible();
    const total = (await page.getByTestId("checkout-total").textContent())!.trim();
    await page.getByRole("button", { name: /^Place order/ }).click();
    await expect(page).toHaveURL(/\/account\/orders\/KE-\d{4}-\d{6,}\?placed=1$/, { timeout: 20_000 });
    const number = /KE-\d{4}-\d{6,}/.exec(page.url())![0];
    await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment");
    await expect(page.getByTestId("payment-panel")).toHaveCount(0);
    await expect(page.getByText(account.accountNumber)).toBeVisible();

    // a bank transfer is real money: not a test order, even while mobile money runs on the sandbox
    await expect(page.getByTestId("test-order-badge")).toHaveCount(0);
    const invoiceLink = page.getByRole("link", { name: "Download the pro-forma invoice (PDF)" });
    const invoice = await page.request.get((await invoiceLink.getAttribute("href"))!);
    expect(invoice.headers()["content-type"]).toContain("application/pdf");
    const invoiceText = await pdfText(await invoice.body());
    expect(invoiceText).toContain(number);
    expect(invoiceText).toContain(account.accountNumber);
    // with a bank account set, the banner no longer says that no money moves at all
    await expect(page.getByTestId("test-mode-banner")).toHaveText(
      "Test mode: mobile-money and card payments are simulated. Bank transfers and pay on delivery are real.",
    );

    // the admin's dashboard before the money arrives (one worker: no other order changes meanwhile)
    const figure = async (id: string) => Number(((await admin.getByTestId(id).textContent()) ?? "").replace(/\D/g, ""));
    await admin.goto("/admin");
    await expect(admin.getByRole("heading", { level: 2, name: "This month" })).toBeVisible();
    const before = { revenue: await figure("month-revenue"), paid: await figure("month-paid"), waiting: await figure("awaiting-action") };

    // the money arrived: the admin marks the transfer paid (after confirming)
    await admin.goto(`/admin/orders/${number}`);
    await admin.getByRole("button", { name: "Mark the bank transfer paid" }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Mark the bank transfer paid" }).click();
    await expect(admin.getByTestId("order-status")).toHaveText("Paid");
    // a pick-up is made ready (the shopper is told by SMS) before it is handed over
    await expect(admin.getByRole("button", { name: "Mark as ready for pick-up" })).toBeVisible();
    await expect(admin.getByRole("button", { name: "Mark as delivered" })).toHaveCount(0);

    // the dashboard counts the money taken and the order now waiting for the shop
    await admin.goto("/admin");
    await expect.poll(() => figure("month-revenue")).toBe(before.revenue + Number(total.replace(/\D/g, "")));
    expect(await figure("month-paid")).toBe(before.paid + 1);
    expect(await figure("awaiting-action")).toBe(before.waiting + 1);
    // in Kiswahili on a phone: every section, nothing wider than the screen
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto("/admin?lang=sw");
    for (const heading of [
      "Mipangilio ya kodi haijakamilika",
      "Leo",
      "Mwezi huu",
      "Zinasubiri duka",
      "Bidhaa zinazoisha",
      "Waliojisajili",
      "Malipo yaliyoshindikana",
    ])
      await expect(admin.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await admin.goto("/admin?lang=en");
    await admin.setViewportSize({ width: 1440, height: 900 });

    await page.reload();
    await expect(page.getByTestId("order-status")).toHaveText("Paid");
    await expect(page.getByTestId("order-timeline").getByText("Bank transfer received.")).toBeVisible();
    const receiptLink = page.getByRole("link", { name: "Download the receipt (PDF)" });
    const receipt = await page.request.get((await receiptLink.getAttribute("href"))!);
    expect(receipt.headers()["content-type"]).toContain("application/pdf");
    const receiptText = await pdfText(await receipt.body());
    expect(receiptText).toContain(number);
    expect(receiptText).toContain(total.replace(/^TSh\s/, ""));
    expect(receiptText).toContain("This is not a fiscal (EFD) receipt");
    // paid: the pro-forma has become the invoice
    const paidInvoice = await page.request.get((await page.getByRole("link", { name: "Download the invoice (PDF)" }).getAttribute("href"))!);
    expect(await pdfText(await paidInvoice.body())).toContain("Paid in full");

    // the admin makes the pick-up ready (the shopper is told by SMS where and when to collect it), then hands it over
    await admin.goto(`/admin/orders/${number}`);
    await admin.getByRole("button", { name: "Mark as ready for pick-up" }).click();
    await expect(admin.getByTestId("order-status")).toHaveText("Ready for pick-up");
    await expect(admin.getByRole("button", { name: "Mark as delivered" })).toBeVisible();
    await screenshots(admin, "admin-order-ready-for-pickup");
    await page.reload();
    await expect(page.getByTestId("order-status")).toHaveText("Ready for pick-up");
    await admin.getByRole("button", { name: "Mark as delivered" }).click();
    await expect(admin.getByTestId("order-status")).toHaveText("Delivered");
  } finally {
    await saveSetting(admin, "bankTransfer", { bankName: "", accountName: "", accountNumber: "", branch: "", swift: "" });
    await admin.context().close();
  }
});
