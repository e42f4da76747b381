import { expect, test, type Page } from "@playwright/test";

// A browser that asks for Kiswahili (Accept-Language: sw-TZ) and has no language cookie yet.
test.use({ locale: "sw-TZ" });

/**
 * The add button of the index-th card that can be added: a card's one button is its add button
 * (its words belong to the catalogue's area), and the first cards may be out of stock.
 */
const addButton = (page: Page, index: number) => page.getByTestId("product-card").getByTestId("add-to-cart").and(page.locator(":enabled")).nth(index);

test("a guest's cart in Kiswahili: the add toast, /cart's heading, quantity and remove labels, totals, then the empty cart", async ({ page }) => {
  await page.goto("/products");
  await expect(page.locator("html")).toHaveAttribute("lang", "sw");
  await addButton(page, 0).click();
  await expect(page.getByText("Imewekwa kwenye kikapu", { exact: true })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await addButton(page, 1).click();
  await expect(page.getByTestId("cart-count")).toHaveText("2");

  await page.goto("/cart");
  await expect(page.locator("html")).toHaveAttribute("lang", "sw");
  await expect(page).toHaveTitle(/^Kikapu chako · /);
  await expect(page.getByRole("heading", { level: 1, name: "Kikapu chako" })).toBeVisible();
  const lines = page.getByRole("list", { name: "Bidhaa zilizo kwenye kikapu chako" }).getByTestId("cart-line");
  await expect(lines).toHaveCount(2);
  const first = lines.first();
  await expect(first.getByRole("group", { name: /^Idadi ya / })).toBeVisible();
  await expect(first.getByRole("button", { name: /^Punguza idadi ya / })).toBeDisabled();
  await expect(first.getByRole("button", { name: /^Ongeza idadi ya / })).toBeVisible();
  await expect(first).toContainText("kila moja");

  const summary = page.getByRole("complementary", { name: "Muhtasari wa oda" });
  await expect(summary.getByText("Jumla ndogo (bidhaa 2)", { exact: true })).toBeVisible();
  await expect(summary.getByText("Uwasilishaji", { exact: true })).toBeVisible();
  await expect(summary.getByText("Jumla", { exact: true })).toBeVisible();
  await expect(page.getByTestId("shipping")).toHaveText(/^(Bure|TSh\s[\d,]+)$/);
  await expect(summary.getByRole("link", { name: "Lipia" })).toHaveAttribute("href", "/checkout");
  await expect(summary.getByRole("button", { name: "Futa kikapu" })).toBeVisible();

  // removing lines: the toast, the singular, then the empty cart
  await first.getByRole("button", { name: /^Ondoa / }).click();
  await expect(page.getByText("Bidhaa imeondolewa kwenye kikapu chako.").first()).toBeVisible();
  await expect(lines).toHaveCount(1);
  await expect(summary.getByText("Jumla ndogo (bidhaa moja)", { exact: true })).toBeVisible();
  await lines
    .first()
    .getByRole("button", { name: /^Ondoa / })
    .click();
  await expect(page.getByRole("heading", { name: "Kikapu chako kiko tupu" })).toBeVisible();
  await expect(page.getByText("Pata vipuri, bodi na zana kwenye orodha ya bidhaa.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Vinjari bidhaa" })).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText(/Your cart|Subtotal|Remove/);
});
