import { expect, test } from "@playwright/test";
import { gridSettled } from "./helpers";

// A browser that asks for Kiswahili (Accept-Language: sw-TZ) and has no language cookie yet.
test.use({ locale: "sw-TZ" });

test("a Kiswahili browser gets the listing and the product page in Kiswahili; product data stays as stored", async ({ page, request }) => {
  await page.goto("/products");
  await expect(page.locator("html")).toHaveAttribute("lang", "sw");
  await expect(page).toHaveTitle(/^Bidhaa zote/);
  await gridSettled(page);

  // the filter bar and the category strip speak Kiswahili, category names included
  const sort = page.getByLabel("Panga kwa", { exact: true });
  await expect(sort).toBeVisible();
  await expect(sort.locator("option", { hasText: "Bei: Chini hadi Juu" })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Bei", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Aina za bidhaa", exact: true })).toBeVisible();
  await expect(page.getByText(/^bidhaa [\d,]+$/)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Aina maarufu" })).toBeVisible();
  const category = page.getByLabel("Aina", { exact: true });
  await expect(category.locator("option", { hasText: "Aina zote" })).toHaveCount(1);

  // filtering by a category named in Kiswahili
  await category.selectOption({ label: "Umeme na Betri" });
  await expect(page).toHaveURL(/category=power-batteries/);
  await gridSettled(page);
  const card = page
    .getByTestId("product-card")
    .filter({ has: page.getByRole("button", { name: /^Weka kikapuni/ }) })
    .first();
  await expect(card).toBeVisible();
  const name = (await card.getByRole("heading").textContent())!.trim();

  // the product's name is the stored one (the API's), not translated
  const stored = await (await request.get("/api/products?category=power-batteries&limit=100")).json();
  expect(stored.products.map((p: { name: string }) => p.name)).toContain(name);

  await card.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.locator("html")).toHaveAttribute("lang", "sw");
  await expect(page.getByRole("link", { name: "Rudi kwenye bidhaa" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Umeme na Betri", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Maelezo" })).toBeVisible();
  await expect(page.getByText(/^(Ipo stoo|Imebaki moja tu stoo|Zimebaki [\d,]+ tu stoo)$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Weka kikapuni", exact: true })).toBeEnabled();
  await expect(page.getByRole("spinbutton", { name: "Idadi" }).or(page.getByRole("textbox", { name: "Idadi" }))).toBeVisible();
});
