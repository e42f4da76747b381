import { expect, test } from "@playwright/test";
import { signInAdmin } from "./admin-session";
import { screenshots } from "./helpers";

test(
  "an admin finds a product, changes its price and stock with a reason; the shop's listing and product page show it and the history keeps it",
  {
    tag: "@known-slow",
    annotation: { type: "known-slow", description: "an admin's two-step sign-in (scrypt at 128 MiB): over 30 s on a busy 2-core machine" },
  },
  async ({ page, browser }) => {
    test.slow();
    // a product without options, whose card and page show the product's own price
    const listed = await (await page.request.get("/api/products?limit=60&enriched=true&sortBy=name&sortOrder=asc")).json();
    const product = (listed.products as { id: number; name: string; sku: string; price: number; product_variants: unknown[] }[]).find(
      (p) => p.product_variants.length === 0 && p.price < 900_000,
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

    const admin = await signInAdmin(browser);
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
    await expect(admin.getByRole("alert").filter({ hasText: "Say why the price or stock changes." }).first()).toBeVisible();
    await expect(admin.getByTestId("product-history")).toHaveCount(0);

    await admin.getByLabel("Reason for the change").fill("Supplier price rise");
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

    // a CSV file with one bad row: its line is named and nothing is imported; the fixed file imports
    const csvFile = (stock: string) => ({
      name: "stock-count.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`sku,stock_quantity\n${product.sku},12\n${product.sku}-NOT-A-SKU,${stock}\n`),
    });
    await admin.getByLabel("CSV file").setInputFiles(csvFile("x"));
    await admin.getByRole("button", { name: "Check the file" }).click();
    const problems = admin.getByTestId("csv-problems");
    await expect(problems).toContainText(`Line 3: No product has the sku ${product.sku}-NOT-A-SKU`);
    await expect(problems).toContainText('Line 3: stock_quantity must be a whole number from 0 to 10000000 (got "x")');
    await expect(admin.getByRole("button", { name: /^Import/ })).toHaveCount(0);
    await admin.getByLabel("CSV file").setInputFiles({ ...csvFile(""), buffer: Buffer.from(`sku,stock_quantity\n${product.sku},12\n`) });
    await admin.getByRole("button", { name: "Check the file" }).click();
    await expect(admin.getByRole("status").filter({ hasText: "1 row checked: no problems." })).toBeVisible();
    await admin.getByRole("button", { name: "Import 1 row" }).click();
    await expect(admin.getByRole("status").filter({ hasText: "Imported: 1 product changed (1 rows)." })).toBeVisible();
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
  },
);
