import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { openAdminPage } from "./admin-session";
import { screenshots } from "./helpers";

test("an admin finds a product, changes its price and stock with a reason; the shop's listing and product page show it and the history keeps it", async ({
  page,
  browser,
}) => {
  test.slow();
  // a product without options, whose card and page show the product's own price, and without a
  // deal (a seeded deal's history shows its price cut)
  const listed = await (await page.request.get("/api/products?limit=60&enriched=true&sortBy=name&sortOrder=asc")).json();
  const product = (listed.products as { id: number; name: string; sku: string; price: number; original_price: number; product_variants: unknown[] }[]).find(
    (p) => p.product_variants.length === 0 && p.price < 900_000 && p.original_price === p.price,
  )!;
  const newPrice = product.price + 1_111;
  // the shop writes "TSh 12,345" with a space that does not break
  const money = (n: number) => `TSh\u00a0${n.toLocaleString("en-US")}`;
  const shown = money(newPrice);

  // the shop (a signed-out shopper) has the old price cached before the change
  const search = `/products?search=${encodeURIComponent(product.name)}`;
  await page.goto(search);
  const card = page.getByTestId("product-card").filter({ has: page.locator(`a[href^="/products/${product.id}-"]`) });
  await expect(card.getByTestId("price")).toHaveAttribute("data-price", String(product.price));

  const admin = await openAdminPage(browser);
  await admin.goto("/admin");
  await screenshots(admin, "admin-dashboard");
  await admin.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Products" }).click();
  await admin.getByLabel("Name, SKU or number").fill(product.sku);
  await admin.getByRole("button", { name: "Show", exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/products\?q=/);
  await admin.getByRole("link", { name: `Edit ${product.name}` }).click();
  await expect(admin.getByRole("heading", { level: 1, name: product.name })).toBeVisible();

  // the reason is required: nothing is sent without it
  await admin.getByLabel("Price (TSh)", { exact: true }).fill(String(newPrice));
  await admin.getByLabel("In stock", { exact: true }).fill("3");
  await admin.getByRole("button", { name: "Save the change" }).click();
  // the field says why; the form's alert only that nothing was saved (the reason is not said twice)
  await expect(admin.getByText("Say why the price or stock changes.", { exact: true })).toHaveCount(1);
  await expect(admin.getByRole("form", { name: "Change price or stock" }).getByRole("alert")).toHaveText("Nothing was saved: correct the marked field first.");
  await expect(admin.getByTestId("product-history")).toHaveCount(0);

  await admin.getByRole("form", { name: "Change price or stock" }).getByLabel("Reason for the change").fill("Supplier price rise");
  await admin.getByRole("button", { name: "Save the change" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(admin.getByTestId("admin-product-price")).toHaveText(shown);
  await expect(admin.getByTestId("admin-product-stock")).toHaveText("3");
  const history = admin.getByTestId("product-history");
  await expect(history).toContainText(`Price: ${money(product.price)} → ${shown}`);
  await expect(history).toContainText("Supplier price rise");
  await screenshots(admin, "admin-product");
  await admin.goto("/admin/products");
  await screenshots(admin, "admin-products");

  // a sheet with one bad line: the line and its column are named, and only the good lines could be
  // imported; the fixed file imports as one batch, listed with its undo
  const csvFile = (stock: string) => ({
    name: "stock-count.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`sku,stock_quantity\n${product.sku},12\n${product.sku}-NOT-A-SKU,${stock}\n`),
  });
  await admin.getByLabel("Sheet file (CSV or XLSX)").setInputFiles(csvFile("x"));
  await admin.getByRole("button", { name: "Check the file" }).click();
  const lines = admin.getByTestId("import-lines");
  await expect(lines).toContainText(`Line 3 ${product.sku}-NOT-A-SKU (refused)`);
  await expect(lines).toContainText('stock_quantity must be a whole number from 0 to 10000000 (got "x")');
  await expect(lines).toContainText("A new product needs a name");
  await expect(admin.getByRole("button", { name: "Import the 1 good line, leave the refused ones" })).toBeVisible();
  await admin.getByLabel("Sheet file (CSV or XLSX)").setInputFiles({ ...csvFile(""), buffer: Buffer.from(`sku,stock_quantity\n${product.sku},12\n`) });
  await admin.getByRole("button", { name: "Check the file" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Checked 1 line: 0 new, 1 changed, 0 unchanged, 0 refused." })).toBeVisible();
  await expect(lines).toContainText(/stock_quantity: \d+ → 12/);
  await admin.getByRole("button", { name: "Import 1 line" }).click();
  await expect(admin.getByRole("status").filter({ hasText: /Imported as import #\d+: 0 new, 1 changed\./ })).toBeVisible();
  await expect(admin.getByTestId("import-batches").getByRole("button", { name: "Undo" }).first()).toBeVisible();
  await admin.getByLabel("Name, SKU or number").fill(product.sku);
  await admin.getByRole("button", { name: "Show", exact: true }).click();
  await expect(admin.getByTestId("admin-product-row").first()).toContainText("12");
  await admin.context().close();

  // the shopper's listing and product page show the new price at once
  await page.goto(search);
  await expect(card.getByTestId("price")).toHaveAttribute("data-price", String(newPrice));
  await expect(card.getByTestId("price")).toHaveText(shown);
  await card.locator(`a[href^="/products/${product.id}-"]`).first().click();
  await expect(page.getByTestId("detail-price")).toHaveText(shown);
});

test("an admin creates a product with its picture, then renames it; shoppers find it under the new name with the uploaded picture", async ({
  page,
  browser,
}) => {
  test.slow();
  const run = Date.now().toString(36);
  const sku = `E2E-${run}`.toUpperCase();
  const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();

  const admin = await openAdminPage(browser);
  await admin.goto("/admin/products");
  await admin.getByRole("link", { name: "New product" }).click();
  const form = admin.getByTestId("product-details-form");
  await expect(form.getByRole("heading", { name: "New product" })).toBeVisible();
  await screenshots(admin, "admin-product-new");

  // nothing is sent while a field is wrong; each problem shows at its field
  await form.getByRole("button", { name: "Create the product" }).click();
  await expect(form.locator("#field-name-error")).toHaveText("Enter the product's name.");
  await expect(form.getByRole("alert")).toHaveText("Enter the product's name.");
  await expect(form.getByLabel("Picture")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Upload a picture of the product.")).toBeVisible();

  await form.getByLabel("Name", { exact: true }).fill(`Relay board ${run}`);
  await expect(form.getByText(`Address in the shop: /products/relay-board-${run}`)).toBeVisible();
  await form.getByLabel("Description").fill("A two-channel 5 V relay board for Arduino and ESP32.");
  await form.getByLabel("SKU", { exact: true }).fill(sku);
  await form.getByLabel("Category").selectOption({ index: 1 });
  await form.getByLabel("Free delivery").check();
  await form.getByLabel("Picture").setInputFiles({ name: "relay.png", mimeType: "image/png", buffer: picture });
  const preview = form.getByRole("img", { name: "The product's picture" });
  await expect(preview).toHaveAttribute("src", /^\/media\/products\/upload-640-[0-9a-f]+\.webp$/);
  await form.getByLabel("Price (TSh, VAT included)").fill("18500");
  await form.getByLabel("In stock").fill("7");
  await form.getByRole("button", { name: "Create the product" }).click();

  // the product's own admin page opens, with the details as entered
  await expect(admin.getByRole("heading", { level: 1, name: `Relay board ${run}` })).toBeVisible();
  await expect(admin.getByTestId("admin-product-price")).toHaveText("TSh\u00a018,500");
  await expect(admin.getByTestId("admin-product-stock")).toHaveText("7");
  const details = admin.getByTestId("product-details-form");
  await expect(details.getByLabel("SKU", { exact: true })).toHaveValue(sku);
  await expect(details.getByLabel("Free delivery")).toBeChecked();

  // a taken SKU is refused at its field by the server
  const taken = (await (await admin.request.get("/api/products?limit=1")).json()).products[0].sku as string;
  await details.getByLabel("SKU", { exact: true }).fill(taken);
  await details.getByRole("button", { name: "Save the details" }).click();
  await expect(details.locator("#field-sku-error")).toContainText("already has this SKU");

  await details.getByLabel("SKU", { exact: true }).fill(sku);
  await details.getByLabel("Name", { exact: true }).fill(`Relay board two-channel ${run}`);
  await details.getByRole("button", { name: "Save the details" }).click();
  await expect(details.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(admin.getByRole("heading", { level: 1, name: `Relay board two-channel ${run}` })).toBeVisible();

  // options: two attributes, every combination its own price; the combination ids show as typed
  const options = admin.getByTestId("variant-editor");
  await options.getByLabel("Kind of options").selectOption("multi-dependent");
  await options.getByLabel("Attribute 1", { exact: true }).fill("Coil");
  await options.getByLabel("Values of attribute 1").fill("5V, 12V");
  await options.getByRole("button", { name: "Add an attribute" }).click();
  await options.getByLabel("Attribute 2", { exact: true }).fill("Channels");
  await options.getByLabel("Values of attribute 2").fill("1\n2");
  await expect(options.getByTestId("combination-id")).toHaveText(["Coil:5V-Channels:1", "Coil:5V-Channels:2", "Coil:12V-Channels:1", "Coil:12V-Channels:2"]);
  await options.getByLabel("Price of Coil:12V-Channels:2 (TSh)").fill("21000");
  await options.getByLabel("Stock of Coil:12V-Channels:2").fill("4");
  await options.getByLabel("Stock of Coil:5V-Channels:1").fill("x");
  await options.getByLabel("Reason for the change").fill("Two coil voltages");
  await options.getByRole("button", { name: "Save the options" }).click();
  await expect(options.getByTestId("variant-problems")).toHaveText("Coil:5V-Channels:1: enter the stock as a whole number, 0 or more.");
  await options.getByLabel("Stock of Coil:5V-Channels:1").fill("2");
  await options.getByRole("button", { name: "Save the options" }).click();
  await expect(options.getByRole("status").filter({ hasText: "Saved: 4 new options, none removed." })).toBeVisible();
  await screenshots(admin, "admin-product-options");
  // the price and stock now come from the options: the product's own form keeps only the "was" price
  const ownPrice = admin.getByRole("form", { name: "Change price or stock" });
  await expect(ownPrice.getByLabel("Was price (TSh)")).toBeVisible();
  await expect(ownPrice.getByLabel("Price (TSh)", { exact: true })).toHaveCount(0);

  // a shopper finds it under the new name, with the uploaded picture and its price
  await page.goto(`/products?search=${encodeURIComponent(run)}`);
  const card = page.getByTestId("product-card").filter({ hasText: `Relay board two-channel ${run}` });
  // the card shows the cheapest option's price
  await expect(card.getByTestId("price")).toHaveAttribute("data-price", "18500");
  await card.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: `Relay board two-channel ${run}` })).toBeVisible();
  await expect(page.locator(`img[src*="/media/products/upload-"]`).first()).toBeVisible();
  await page.getByRole("button", { name: "12V", exact: true }).click();
  await page.getByRole("button", { name: "2", exact: true }).click();
  await expect(page.getByTestId("detail-price")).toHaveText("TSh\u00a021,000");
  const productPage = page.url();

  // archived (with a reason), it is gone for shoppers: not found by search, its page answers 404
  const archive = admin.getByRole("form", { name: "Take off sale" });
  await archive.getByRole("button", { name: "Archive the product" }).click();
  await expect(archive.getByRole("alert")).toHaveText("Say why.");
  await archive.getByLabel("Reason").fill("Supplier stopped making it");
  await archive.getByRole("button", { name: "Archive the product" }).click();
  await expect(admin.getByTestId("archived-note")).toBeVisible();
  await expect(admin.getByRole("form", { name: "Put back on sale" })).toBeVisible();
  await screenshots(admin, "admin-product-archived");
  await admin.context().close();

  await page.goto(`/products?search=${encodeURIComponent(run)}`);
  await expect(page.getByText("No products found matching your criteria.")).toBeVisible();
  expect((await page.request.get(productPage)).status()).toBe(404);
});
