import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { freshAdminCode, openAdminPage } from "./admin-session";
import { unfit } from "./layout-checks";
import { catalogue, type Texts } from "./catalogue";

/** A paid order of the admin's own (two units of a product, by bank transfer, marked paid): real money, with a receipt. */
async function paidOrder(admin: Page): Promise<string> {
  const origin = new URL(admin.url()).origin;
  const listed = (await (await admin.request.get("/api/products?inStock=true&limit=40")).json()) as {
    products: { id: number; variant_config: unknown; stock_quantity: number; price: number }[];
  };
  const product = listed.products.filter((p) => !p.variant_config && p.price < 200_000).sort((a, b) => b.stock_quantity - a.stock_quantity)[0]!;
  expect((await admin.request.post("/api/cart", { headers: { origin }, data: { productId: product.id, variantId: "default", quantity: 2 } })).ok()).toBe(true);
  const placed = await admin.request.post("/api/orders", {
    headers: { origin, "idempotency-key": randomUUID() },
    data: {
      fullName: "Asha Mwinyi",
      phone: "0754 123 456",
      delivery: { method: "pickup" },
      payment: { method: "bank_transfer" },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const number = ((await placed.json()) as { order: { number: string } }).order.number;
  expect((await admin.request.post(`/api/admin/orders/${number}/mark-paid`, { headers: { origin }, data: {} })).ok()).toBe(true);
  return number;
}

test.describe("an admin refunds one unit of a paid order by bank transfer from the order page, with the second factor asked again", () => {
  let admin: Page;
  test.beforeAll(async ({ browser }) => {
    admin = await openAdminPage(browser);
  });
  test.afterAll(async () => {
    await admin?.context().close();
  });

  for (const locale of ["en", "sw"] as const) {
    test(`in ${locale === "sw" ? "Kiswahili" : "English"} at 390 px`, async () => {
      test.slow();
      const t = catalogue(locale, "admin").refunds as Texts;
      const width = 390;
      await admin.setViewportSize({ width, height: 844 });
      const number = await paidOrder(admin);
      await admin.goto(`/admin/orders/${number}?lang=${locale}`);
      const panel = admin.getByTestId("refund-panel");
      await expect(panel).toBeVisible();
      // one unit of two, by bank transfer with its reference
      await panel.getByLabel(t.mode.lines, { exact: true }).check();
      await panel.locator("input[type=number]").first().fill("1");
      await panel.getByLabel(t.method).selectOption("bank_transfer");
      await panel.getByLabel(t.bankReference).fill(`NMB-${Date.now() % 100_000}`);
      await panel.getByLabel(t.reason).fill(locale === "sw" ? "Kipande kimoja kilikuwa kibovu" : "One unit was faulty");
      // a wrong code is refused at its field, and nothing is refunded
      await panel.getByLabel(t.code).fill("000000");
      await panel.getByRole("button", { name: t.submit, exact: true }).click();
      const codeError = catalogue(locale, "errors").codes["second-factor-failed"] as string;
      // in English the server's own sentence (no full stop), in Kiswahili the catalogue's
      await expect(panel.getByText(codeError.replace(/\.$/, ""))).toBeVisible();
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (process.env.E2E_SCREENSHOTS) await panel.screenshot({ path: path.join("docs", "screenshots", `admin-refund-code-refused-${locale}-${width}.png`) });
      await panel.getByLabel(t.code).fill(await freshAdminCode());
      await panel.getByRole("button", { name: t.submit, exact: true }).click();
      await expect(panel.getByTestId("refund-row")).toHaveCount(1);
      await expect(panel.getByRole("link", { name: /CN-\d{6}/ })).toBeVisible();
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await unfit(panel.getByRole("button"), "section")).toEqual([]);
      if (process.env.E2E_SCREENSHOTS) await panel.screenshot({ path: path.join("docs", "screenshots", `admin-refund-done-${locale}-${width}.png`) });
      // the credit note is a PDF
      const href = await panel.getByRole("link", { name: /CN-\d{6}/ }).getAttribute("href");
      const pdf = await admin.request.get(`${href}?lang=${locale}`);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
    });
  }
});
