import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { keepScreenshot, sidewaysScroll } from "./layout-checks";

/*
 * A product's specifications and datasheet, and comparing boards, as a shopper does it on a phone
 * and a desktop in both languages: open a board, see its spec table and its spec sheet link (the
 * download is a PDF attachment), add two boards to the comparison with the keyboard, open
 * /compare from the tray and see the rows where they differ marked in words.
 */

const TEXT = {
  en: {
    specs: "Specifications",
    sheet: /^Spec sheet \(PDF, .+\)$/,
    generated: /not the manufacturer’s datasheet/,
    add: "Add to compare",
    tray: "Products to compare",
    open: "Compare (2)",
    title: "Compare products",
    differs: "Differs",
    remove: /^Remove ESP32-S3/,
    needAnother: "Add another product to compare",
  },
  sw: {
    specs: "Vipimo",
    sheet: /^Karatasi ya vipimo \(PDF, .+\)$/,
    generated: /si karatasi ya data ya mtengenezaji/,
    add: "Ongeza kulinganisha",
    tray: "Bidhaa za kulinganisha",
    open: "Linganisha (2)",
    title: "Linganisha bidhaa",
    differs: "Zinatofautiana",
    remove: /^Ondoa ESP32-S3/,
    needAnother: "Ongeza bidhaa nyingine ili kulinganisha",
  },
} as const;

const BOARDS = ["ESP32-WROOM-32 DevKit V1 WiFi + Bluetooth Board", "ESP32-S3 DevKitC-1 N16R8 WiFi + BLE 5 Board"];

/** A demo product's page address, found by its exact name through the API. */
async function productPage(request: APIRequestContext, name: string): Promise<{ path: string; id: number }> {
  const res = await request.get(`/api/products?search=${encodeURIComponent(name)}&limit=20`);
  expect(res.ok()).toBe(true);
  const { products } = (await res.json()) as { products: { id: number; slug: string; name: string }[] };
  const found = products.find((p) => p.name === name);
  expect(found, name).toBeTruthy();
  return { path: `/products/${found!.id}-${found!.slug}`, id: found!.id };
}

/** Adds the open product to the comparison from the keyboard: Tab onto the checkbox, Space. */
async function addWithKeyboard(page: Page, label: string) {
  const box = page.getByRole("checkbox", { name: label, exact: true });
  await box.focus();
  await page.keyboard.press("Space");
  await expect(box).toBeChecked();
}

for (const locale of ["en", "sw"] as const)
  for (const width of [390, 1440])
    test(`spec table, datasheet and comparing two boards (${locale}, ${width} px)`, async ({ page, baseURL, request }) => {
      const t = TEXT[locale];
      await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
      await page.context().addCookies([{ name: "locale", value: locale, url: baseURL! }]);
      const [first, second] = [await productPage(request, BOARDS[0]!), await productPage(request, BOARDS[1]!)];

      // the first board: its spec table and its spec sheet, which the shop says it generated
      await page.goto(first.path);
      const table = page.getByTestId("spec-table");
      await expect(table.getByRole("heading", { name: t.specs, exact: true })).toBeVisible();
      expect(await table.getByRole("row").count()).toBeGreaterThan(2);
      const sheet = page.getByTestId("datasheet-link");
      await expect(sheet).toHaveText(t.sheet);
      await expect(page.getByTestId("datasheet-generated")).toHaveText(t.generated);
      const download = await request.get((await sheet.getAttribute("href"))!);
      expect(download.status()).toBe(200);
      expect(download.headers()["content-type"]).toBe("application/pdf");
      expect(download.headers()["content-disposition"]).toMatch(/^attachment; filename=".+-datasheet\.pdf"$/);
      expect(download.headers()["x-content-type-options"]).toBe("nosniff");
      expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");
      expect(await sidewaysScroll(page)).toBe(0);

      // a fresh list in this browser; one board on it asks for another
      await page.evaluate(() => localStorage.removeItem("compare_ids"));
      await addWithKeyboard(page, t.add);
      const tray = page.getByRole("region", { name: t.tray });
      await expect(tray).toContainText(t.needAnother);

      // the second board joins from its own page; the tray opens the comparison
      await page.goto(second.path);
      await addWithKeyboard(page, t.add);
      // the tray shows both boards' pictures
      const thumbs = page.getByRole("region", { name: t.tray }).locator("img");
      await expect(thumbs).toHaveCount(2);
      await expect
        .poll(() => thumbs.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)))
        .toBe(true);
      await keepScreenshot(page, "product-specs", locale);
      const open = page.getByRole("region", { name: t.tray }).getByRole("link", { name: t.open });
      await expect(open).toHaveAttribute("href", new RegExp(`/compare\\?ids=${first.id},${second.id}$`));
      await open.click();
      // the comparison is rendered on the server at its first request: on a busy machine that takes a while
      await expect(page).toHaveURL(new RegExp(`/compare\\?ids=${first.id},${second.id}$`), { timeout: 30_000 });
      await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toMatch(/noindex/);

      // both boards side by side; rows that differ are marked in words, rows that agree are not
      const compared = page.getByTestId("compare-table");
      await expect(compared.getByTestId("compare-product")).toHaveCount(2);
      const differing = compared.locator('tr[data-differs="true"]');
      expect(await differing.count()).toBeGreaterThan(0);
      await expect(differing.first().getByText(t.differs, { exact: true })).toBeVisible();
      // the chip differs (ESP32 against ESP32-S3), and the row says so
      await expect(compared.locator('tr[data-row="chip"]')).toHaveAttribute("data-differs", "true");
      for (const row of await compared.locator('tr[data-differs="false"]').all()) await expect(row.getByText(t.differs, { exact: true })).toHaveCount(0);

      // on a phone the table scrolls inside its frame with the row names kept in view; the page itself does not
      expect(await sidewaysScroll(page)).toBe(0);
      if (width < 800) {
        const frame = page.getByRole("region", { name: /./ }).filter({ has: compared });
        await frame.evaluate((el) => (el.scrollLeft = el.scrollWidth));
        const name = compared.locator('tr[data-row="chip"] th');
        const box = await name.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x).toBeLessThan(20);
      }
      await keepScreenshot(page, "compare", locale);

      // Remove takes a board off (and off this browser's list)
      await compared.getByRole("link", { name: t.remove }).click();
      await expect(page).toHaveURL(new RegExp(`/compare\\?ids=${first.id}$`));
      await expect(page.getByTestId("compare-product")).toHaveCount(1);
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem("compare_ids") ?? "[]").length)).toBe(1);
    });
