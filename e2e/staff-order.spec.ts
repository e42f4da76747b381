import { expect, test } from "@playwright/test";
import { openAdminPage } from "./admin-session";
import { screenshots } from "./helpers";

test("an admin takes a phone order at /admin/orders/new, sends the payment link by SMS, and records the payment taken at the counter", async ({ browser }) => {
  test.slow();
  const admin = await openAdminPage(browser);
  // a product in stock without options, found by its name as staff would search it
  const listed = await admin.request.get("/api/products?inStock=true&limit=40");
  expect(listed.ok()).toBe(true);
  const { products } = (await listed.json()) as { products: { name: string; variant_config: unknown; stock_quantity: number }[] };
  const product = products.find((p) => !p.variant_config && p.stock_quantity > 2);
  expect(product, "a product in stock without options").toBeTruthy();
  const tail = String(Date.now() % 1_000_000).padStart(6, "0");
  const phone = `0715 ${tail.slice(0, 3)} ${tail.slice(3)}`;

  await admin.goto("/admin/orders");
  await admin.getByRole("link", { name: "New order" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "New order for a customer" })).toBeVisible();

  await screenshots(admin, "admin-staff-order-new");
  await admin.getByLabel("Mobile number").fill(phone);
  await admin.getByRole("button", { name: "Find" }).click();
  await expect(admin.getByTestId("staff-lookup")).toContainText("No accounts or earlier orders with this number.");
  await admin.getByLabel("Full name").fill("Baraka Juma");

  // an order with no products is refused on the screen
  await admin.getByRole("button", { name: "Create order" }).click();
  await expect(admin.getByRole("alert").filter({ hasText: "Add at least one product." })).toBeVisible();

  await admin.getByLabel("Search the catalogue").fill(product!.name);
  await admin.getByRole("button", { name: "Search", exact: true }).click();
  await admin
    .getByTestId("staff-product-results")
    .getByRole("button", { name: `Add: ${product!.name}` })
    .first()
    .click();
  await expect(admin.getByTestId("staff-order-lines")).toContainText(product!.name);
  await admin.getByLabel("Delivery method").selectOption({ label: "Collect at the shop" });
  await admin.getByRole("button", { name: "Create order" }).click();

  // the order's page: unpaid, with the ways to get it paid
  await expect(admin).toHaveURL(/\/admin\/orders\/[A-Z]+-\d{4}-\d+$/, { timeout: 20_000 });
  const actions = admin.getByTestId("staff-payment-actions");
  await expect(actions).toBeVisible();
  await screenshots(admin, "admin-staff-order-unpaid");
  await actions.getByRole("button", { name: "Send payment link by SMS" }).click();
  await expect(admin.getByText("Payment link queued").first()).toBeVisible();

  // a till payment needs its transaction id; then the order is paid and the payment shown with who and how
  await actions.getByRole("button", { name: "Record payment at the counter" }).click();
  const dialog = admin.getByRole("alertdialog");
  await dialog.getByLabel("How it was paid").selectOption("till");
  await dialog.getByRole("button", { name: "Record payment" }).click();
  await expect(dialog.getByText("Enter the till's transaction id.")).toBeVisible();
  const txn = `QK${tail}E2E`;
  await dialog.getByLabel("Transaction id").fill(txn);
  await dialog.getByRole("button", { name: "Record payment" }).click();
  await expect(dialog).toBeHidden();
  const recorded = admin.getByTestId("recorded-payments");
  await expect(recorded).toContainText("Shop's mobile-money till");
  await expect(recorded).toContainText(`Transaction id: ${txn}`);
  // its fiscal receipt stands: the page says a credit note cancels it, and offers no reversal
  await expect(recorded).toContainText("it can only be cancelled by a credit note");
  await expect(recorded.getByRole("button", { name: "Reverse this payment" })).toHaveCount(0);
  await expect(admin.getByTestId("staff-payment-actions")).toHaveCount(0);
  await screenshots(admin, "admin-staff-order-paid");
});
