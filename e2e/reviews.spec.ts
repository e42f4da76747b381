import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { openAdminPage } from "./admin-session";
import { catalogue, type Texts } from "./catalogue";

/** A title that would run script if a page put it into its HTML as markup. */
const HOSTILE_TITLE = "<img src=x onerror=alert(1)>";

/**
 * The admin's own order (its account is the shopper here) of a product it has not reviewed yet,
 * picked up at the shop, paid by bank transfer (marked paid: real money, not the sandbox) and handed
 * over: a delivered order whose buyer may review the product.
 */
async function deliveredOrderOfUnreviewedProduct(admin: Page): Promise<{ number: string; productId: number }> {
  const origin = new URL(admin.url()).origin;
  const listed = (await (await admin.request.get("/api/products?inStock=true&limit=40")).json()) as {
    products: { id: number; variant_config: unknown; stock_quantity: number; price: number }[];
  };
  const candidates = listed.products.filter((p) => !p.variant_config && p.price < 200_000).sort((a, b) => b.stock_quantity - a.stock_quantity);
  let productId: number | null = null;
  for (const candidate of candidates) {
    const reviews = (await (await admin.request.get(`/api/products/${candidate.id}/reviews?limit=1`)).json()) as { mine: unknown };
    if (reviews.mine === null) {
      productId = candidate.id;
      break;
    }
  }
  expect(productId, "a product the admin has not reviewed").not.toBeNull();
  expect((await admin.request.post("/api/cart", { headers: { origin }, data: { productId, variantId: "default", quantity: 1 } })).ok()).toBe(true);
  const placed = await admin.request.post("/api/orders", {
    headers: { origin, "idempotency-key": randomUUID() },
    data: { fullName: "Neema Mushi", phone: "0754 123 456", delivery: { method: "pickup" }, payment: { method: "bank_transfer" } },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const number = ((await placed.json()) as { order: { number: string } }).order.number;
  for (const action of ["mark-paid", "ready-for-pickup", "deliver"]) {
    const done = await admin.request.post(`/api/admin/orders/${number}/${action}`, { headers: { origin }, data: {} });
    expect(done.ok(), `${action}: ${await done.text()}`).toBe(true);
  }
  return { number, productId: productId! };
}

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: path.join("docs", "screenshots", name), fullPage: true });
};

/** What the screen shows with the section's top just under the page's sticky header (a tall element's own picture would show the header over it). */
const sectionShot = async (page: Page, section: Locator, name: string) => {
  if (!process.env.E2E_SCREENSHOTS) return;
  await section.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 150));
  await page.screenshot({ path: path.join("docs", "screenshots", name) });
};

const noWiderThan = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test.describe("a buyer's review with a photo, approved by the admin, on the product page", () => {
  let admin: Page;
  test.beforeAll(async ({ browser }) => {
    admin = await openAdminPage(browser);
  });
  test.afterAll(async () => {
    await admin?.context().close();
  });

  for (const locale of ["en", "sw"] as const) {
    test(`in ${locale === "sw" ? "Kiswahili" : "English"} at 390 px`, async ({ browser }) => {
      test.slow();
      const width = 390;
      const t = catalogue(locale, "catalog").reviews as Texts;
      const to = catalogue(locale, "orders").reviews as Texts;
      const ta = catalogue(locale, "admin").reviews as Texts;
      const dialogs: string[] = [];
      admin.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await admin.setViewportSize({ width, height: 844 });
      const { number, productId } = await deliveredOrderOfUnreviewedProduct(admin);
      const title = locale === "en" ? HOSTILE_TITLE : "Inafanya kazi vizuri kwa 3.3 V";
      const body = locale === "en" ? "Arrived well packed and works at 3.3 V with an ESP32." : "Imefika salama, inafanya kazi vizuri na ESP32.";

      // the buyer writes the review from the delivered order's page: stars by keyboard, a title, text and a photo
      await admin.goto(`/account/orders/${encodeURIComponent(number)}?lang=${locale}`);
      const panel = admin.getByTestId("order-reviews");
      const line = panel.locator(`[data-testid="order-review-line"][data-product-id="${productId}"]`);
      await line.getByRole("button", { name: to.write, exact: true }).click();
      const form = admin.getByTestId("review-form");
      await expect(form).toBeVisible();
      await form.getByTestId("review-stars-input").locator("label").nth(3).click();
      await admin.keyboard.press("ArrowRight");
      await expect(form.getByRole("radio").nth(4)).toBeChecked();
      await form.locator("#field-review-title").fill(title);
      await form.locator("#field-review-body").fill(body);
      await expect(form.getByLabel(t.form.language, { exact: true })).toHaveValue(locale);
      const photo = await sharp({ create: { width: 480, height: 360, channels: 3, background: "#1d6f42" } })
        .jpeg()
        .toBuffer();
      await form.locator("#review-photos").setInputFiles({ name: "board.jpg", mimeType: "image/jpeg", buffer: photo });
      await expect(form.getByTestId("review-photo-previews").locator("img")).toHaveCount(1);
      await expect(form.getByTestId("review-moderation-note")).toBeVisible();
      await noWiderThan(admin, width);
      await sectionShot(admin, form, `reviews-form-${locale}-${width}.png`);
      await form.getByTestId("review-send").click();
      await expect(form).toBeHidden();
      await expect(line).toContainText(to.status.pending);

      // waiting for approval: not on the product page for anyone else, and the buyer sees it as theirs, waiting
      const guest = await browser.newContext({ viewport: { width, height: 844 } });
      const visitor = await guest.newPage();
      visitor.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await visitor.goto(`/products/${productId}?lang=${locale}`);
      const publicSection = visitor.getByTestId("product-reviews");
      await expect(publicSection).toBeVisible();
      await expect(publicSection.getByTestId("review-title").filter({ hasText: title })).toHaveCount(0);
      await admin.goto(`/products/${productId}?lang=${locale}`);
      await expect(admin.getByTestId("review-mine")).toHaveAttribute("data-status", "pending");

      // the admin approves it from the moderation list
      await admin.goto(`/admin/reviews?status=pending&lang=${locale}`);
      await expect(admin.getByTestId("reviews-policy")).toHaveText(ta.policy);
      const row = admin.getByTestId("admin-review").filter({ hasText: title }).first();
      await expect(row).toHaveAttribute("data-status", "pending");
      await noWiderThan(admin, width);
      await shot(admin, `reviews-admin-${locale}-${width}.png`);
      await row.getByTestId("review-publish").click();
      await expect(admin.getByTestId("admin-review").filter({ hasText: title })).toHaveCount(0);

      // now on the product page for a visitor: as text (never markup), a verified purchase, with its photo
      await visitor.goto(`/products/${productId}?lang=${locale}`);
      const review = publicSection.getByTestId("review").filter({ has: visitor.getByTestId("review-title").filter({ hasText: title }) });
      await expect(review).toHaveCount(1);
      await expect(review.getByTestId("review-title")).toHaveText(title);
      await expect(review.getByTestId("review-verified")).toHaveText(t.verified);
      await expect(review.getByTestId("review-body")).toHaveText(body);
      await expect(review.getByRole("button", { name: new RegExp(t.openPhoto.replace("{alt}", "").trim()) })).toHaveCount(1);
      await expect(publicSection.locator('img[src="x"]')).toHaveCount(0);
      await expect(publicSection.getByTestId("reviews-summary")).toBeVisible();
      // the section shows the first few; the rest are on the product's reviews page
      expect(await publicSection.getByTestId("review").count()).toBeLessThanOrEqual(5);
      await review.scrollIntoViewIfNeeded();
      await noWiderThan(visitor, width);
      await sectionShot(visitor, publicSection, `reviews-product-${locale}-${width}.png`);

      // the same at 1440 px: the section, the buyer's edit form, the admin list
      await visitor.setViewportSize({ width: 1440, height: 1000 });
      await visitor.reload();
      await expect(review).toHaveCount(1);
      await sectionShot(visitor, publicSection, `reviews-product-${locale}-1440.png`);
      await admin.setViewportSize({ width: 1440, height: 1000 });
      await admin.goto(`/products/${productId}?lang=${locale}`);
      await expect(admin.getByTestId("review-mine")).toHaveAttribute("data-status", "published");
      await admin.getByTestId("review-edit").click();
      await expect(admin.getByTestId("review-form")).toBeVisible();
      await expect(admin.getByTestId("review-form").locator("#field-review-title")).toHaveValue(title);
      await sectionShot(admin, admin.getByTestId("review-form"), `reviews-form-${locale}-1440.png`);
      await admin.keyboard.press("Escape");
      await admin.goto(`/admin/reviews?lang=${locale}`);
      await expect(admin.getByTestId("admin-review").first()).toBeVisible();
      await shot(admin, `reviews-admin-${locale}-1440.png`);

      expect(dialogs).toEqual([]);
      await guest.close();
    });
  }
});
