import { expect, test } from "@playwright/test";
import { gridSettled } from "./helpers";
import { keepScreenshot } from "./layout-checks";

/*
 * Choosing parts by their specifications, as a shopper does it, in both languages on a phone
 * and a desktop: narrow the passive components to 10 kΩ 0805 by the spec filters (with their
 * counts), then the same by typing "10k 0805"; open the part and see its spec table and
 * datasheet.
 */

const TEXT = {
  en: {
    specs: "Specifications",
    panel: "Filter by specification",
    resistance: "Resistance",
    package: "Package",
    done: "Done",
    remove: "Remove filter",
    specTable: /Specifications/,
    datasheet: /spec sheet|datasheet/i,
  },
  sw: {
    specs: "Vipimo",
    panel: "Chuja kwa vipimo",
    resistance: "Ukinzani",
    package: "Kifurushi",
    done: "Maliza",
    remove: "Ondoa kichujio",
    specTable: /Vipimo/,
    datasheet: /karatasi|datasheet/i,
  },
} as const;

const PART = "10k Ohm SMD Resistor 0805 1% (Pack of 100)";

for (const locale of ["en", "sw"] as const)
  for (const width of [390, 1440])
    test(`narrow resistors to 10 kΩ 0805 by filters and by typing, then open one (${locale}, ${width} px)`, async ({ page, baseURL }) => {
      const t = TEXT[locale];
      await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
      await page.context().addCookies([{ name: "locale", value: locale, url: baseURL! }]);
      await page.goto("/products?category=passive-components");
      await gridSettled(page);

      // the spec panel: facets with counts, a choice changes the address and the list at once
      await page.getByRole("button", { name: t.specs, exact: true }).click();
      const panel = page.getByRole("dialog", { name: t.panel });
      await expect(panel).toBeVisible();
      const resistance = panel.getByRole("group", { name: t.resistance, exact: true });
      await resistance.getByRole("checkbox", { name: /^10 kΩ/ }).check();
      await expect(page).toHaveURL(/spec\.resistance=10000/);
      const packages = panel.getByRole("group", { name: t.package, exact: true });
      // the package facet counts within 10 kΩ now: 0805 is there with its count
      const chip0805 = packages.getByRole("checkbox", { name: /^0805/ });
      await expect(chip0805).toBeVisible();
      await chip0805.check();
      await expect(page).toHaveURL(/spec\.package=0805/);
      await expect(chip0805).toBeChecked();
      await keepScreenshot(page, "spec-panel", locale);
      await panel.getByRole("button", { name: t.done, exact: true }).click();
      await expect(panel).toBeHidden();
      await gridSettled(page);
      await expect(page.getByTestId("product-card")).toHaveCount(1);
      await expect(page.getByTestId("product-card").getByRole("heading")).toHaveText(PART);
      // the active filters as chips; removing one widens the list again
      await expect(page.getByRole("button", { name: new RegExp(`^${t.remove}: ${t.package}`) })).toBeVisible();
      await page.getByRole("button", { name: new RegExp(`^${t.remove}: ${t.package}`) }).click();
      await expect(page).not.toHaveURL(/spec\.package/);
      await gridSettled(page);
      await expect.poll(() => page.getByTestId("product-card").count()).toBeGreaterThan(1);

      // the same by typing: the values become filters, shown as chips
      if (width >= 800) {
        const box = page.getByRole("combobox").first();
        await box.fill("10k 0805");
        await box.press("Enter");
      } else await page.goto("/products?search=10k+0805");
      await expect(page).toHaveURL(/search=10k(\+|%20)0805/);
      await gridSettled(page);
      await expect(page.getByRole("button", { name: new RegExp(`^${t.remove}: 10 kΩ`) })).toBeVisible();
      await expect(page.getByRole("button", { name: new RegExp(`^${t.remove}: 0805`) })).toBeVisible();
      await expect(page.getByTestId("product-card")).toHaveCount(1);
      await keepScreenshot(page, "spec-search-chips", locale);

      // the part's page: its spec table and datasheet
      await page.getByTestId("product-card").getByRole("link", { name: PART, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(PART);
      const table = page.getByRole("table").filter({ hasText: t.resistance });
      await expect(table).toBeVisible();
      await expect(table.getByRole("row").filter({ hasText: t.resistance })).toContainText("10 kΩ");
      await expect(table.getByRole("row").filter({ hasText: t.package })).toContainText("0805");
      const sheet = page.getByRole("link", { name: t.datasheet }).first();
      await expect(sheet).toBeVisible();
      await table.scrollIntoViewIfNeeded();
      await keepScreenshot(page, "product-spec-table", locale);
      const answer = await page.request.get((await sheet.getAttribute("href"))!);
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-type"]).toBe("application/pdf");
      expect(answer.headers()["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers()["content-disposition"]).toMatch(/^attachment/);
    });

test("a listing filtered by more than one spec is kept out of search engines' indexes", async ({ page }) => {
  await page.goto("/products?category=passive-components&spec.resistance=10000&spec.package=0805");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/products\?category=passive-components$/);
  await page.goto("/products?category=passive-components&spec.resistance=10000");
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
});

test("an address with a spec filter the shop cannot read says so instead of failing", async ({ page }) => {
  await page.goto("/products?category=passive-components&spec.colour=red");
  await expect(page.getByRole("alert").filter({ hasText: "spec.colour" })).toBeVisible();
});
