import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { freshAdminCode, openAdminPage } from "./admin-session";
import { catalogue, type Texts } from "./catalogue";

/** The admin's own order of two units, picked up at the shop, paid by bank transfer (marked paid) and handed over: delivered, real money. */
async function deliveredOrder(admin: Page): Promise<string> {
  const origin = new URL(admin.url()).origin;
  const listed = (await (await admin.request.get("/api/products?inStock=true&limit=40")).json()) as {
    products: { id: number; variant_config: unknown; stock_quantity: number; price: number }[];
  };
  const product = listed.products.filter((p) => !p.variant_config && p.price < 200_000).sort((a, b) => b.stock_quantity - a.stock_quantity)[0]!;
  expect((await admin.request.post("/api/cart", { headers: { origin }, data: { productId: product.id, variantId: "default", quantity: 2 } })).ok()).toBe(true);
  const placed = await admin.request.post("/api/orders", {
    headers: { origin, "idempotency-key": randomUUID() },
    data: { fullName: "Asha Mwinyi", phone: "0754 123 456", delivery: { method: "pickup" }, payment: { method: "bank_transfer" } },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const number = ((await placed.json()) as { order: { number: string } }).order.number;
  for (const action of ["mark-paid", "ready-for-pickup", "deliver"]) {
    const done = await admin.request.post(`/api/admin/orders/${number}/${action}`, { headers: { origin }, data: {} });
    expect(done.ok(), `${action}: ${await done.text()}`).toBe(true);
  }
  return number;
}

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: path.join("docs", "screenshots", name), fullPage: true });
};

test.describe("a return from the shopper's request with a photo to the admin's refund, at 390 px", () => {
  let admin: Page;
  test.beforeAll(async ({ browser }) => {
    admin = await openAdminPage(browser);
  });
  test.afterAll(async () => {
    await admin?.context().close();
  });

  for (const locale of ["en", "sw"] as const) {
    test(`in ${locale === "sw" ? "Kiswahili" : "English"}`, async () => {
      test.slow();
      const width = 390;
      const t = catalogue(locale, "orders").returns as Texts;
      const ta = catalogue(locale, "admin").returns as Texts;
      await admin.setViewportSize({ width, height: 844 });
      const number = await deliveredOrder(admin);

      // the shopper (the admin's own account) asks to return one unit with a photo
      await admin.goto(`/account/orders/${encodeURIComponent(number)}?lang=${locale}`);
      const panel = admin.getByTestId("order-returns");
      await expect(panel).toBeVisible();
      await panel.getByRole("button", { name: t.open, exact: true }).click();
      const form = admin.getByTestId("return-form");
      await expect(form).toBeVisible();
      await form.locator("select").first().selectOption("1");
      await form.getByLabel(t.reason).fill(locale === "sw" ? "Moduli haiwaki kabisa" : "The module does not power on");
      const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#b03020" } })
        .jpeg()
        .toBuffer();
      await form.getByLabel(t.photos, { exact: true }).setInputFiles({ name: "module.jpg", mimeType: "image/jpeg", buffer: photo });
      for (const condition of ["unused", "notSoldered", "notCut"]) await form.getByTestId(`return-condition-${condition}`).check();
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(admin, `return-request-${locale}-${width}.png`);
      await form.getByTestId("return-send").click();
      const item = panel.getByTestId("return-item").first();
      await expect(item).toHaveAttribute("data-status", "requested");
      await expect(item.getByTestId("return-status")).toHaveText(t.status.requested);
      const returnNumber = /R-\d{4}-\d{6}/.exec((await item.textContent()) ?? "")?.[0];
      expect(returnNumber).toBeTruthy();

      // the admin approves, receives, inspects, and refunds the unit by bank transfer with the second factor
      await admin.goto(`/admin/returns?lang=${locale}`);
      await expect(admin.getByRole("link", { name: returnNumber! })).toBeVisible();
      await admin.goto(`/admin/returns/${returnNumber}?lang=${locale}`);
      await expect(admin.getByRole("img", { name: ta.photoAlt.replace("{index}", "1").replace("{number}", returnNumber!) })).toBeVisible();
      const status = admin.getByTestId("admin-return-status");
      for (const [button, next] of [
        ["return-approve", "approved"],
        ["return-receive", "received"],
        ["return-inspect", "inspected"],
      ] as const) {
        await admin.getByTestId(button).click();
        await expect(status).toHaveText(ta.statuses[next]);
      }
      const decide = admin.getByTestId("return-decide-form");
      await expect(decide).toBeVisible();
      await decide.getByLabel(ta.refundMethod).selectOption("bank_transfer");
      await decide.getByLabel(ta.bankReference).fill(`CRDB-${Date.now() % 100_000}`);
      await decide.getByLabel(ta.twoFactorCode).fill(await freshAdminCode());
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(admin, `admin-return-decide-${locale}-${width}.png`);
      await admin.getByTestId("return-decide").click();
      await expect(status).toHaveText(ta.statuses.closed);
      await expect(admin.getByTestId("return-line-decided")).toHaveCount(1);
      await shot(admin, `admin-return-closed-${locale}-${width}.png`);

      // the shopper sees the return settled and the refund's credit note on the order page
      await admin.goto(`/account/orders/${encodeURIComponent(number)}?lang=${locale}`);
      await expect(panel.getByTestId("return-item").first()).toHaveAttribute("data-status", "closed");
      await expect(panel.getByText(t.refundNote)).toBeVisible();
      await expect(admin.getByRole("link", { name: /CN-\d{6}/ })).toBeVisible();
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(admin, `return-closed-order-${locale}-${width}.png`);
    });
  }
});
