import { expect, test } from "@playwright/test";
import { gridSettled } from "./helpers";

// A browser that asks for Kiswahili (Accept-Language: sw-TZ) and has no language cookie yet.
test.use({ locale: "sw-TZ" });

test("a Kiswahili search for 'betri' finds batteries; the header switch to English keeps the page and the cart, and is remembered", async ({
  page,
  context,
}) => {
  await page.goto("/products");
  await expect(page.locator("html")).toHaveAttribute("lang", "sw");

  // the live search: a Kiswahili word for the catalogue's batteries
  const box = page.getByRole("combobox", { name: "Tafuta bidhaa" });
  await box.fill("betri");
  await expect(page).toHaveURL(/search=betri/);
  await gridSettled(page);
  const names = page.getByTestId("product-card").getByRole("heading");
  await expect(names.first()).toBeVisible();
  for (const name of (await names.allTextContents()).slice(0, 5)) expect(name.toLowerCase()).toMatch(/batter/);

  // one product in the cart, in Kiswahili
  await page.getByTestId("product-card").getByTestId("add-to-cart").and(page.locator(":enabled")).first().click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  const here = page.url();

  // the header's switch: the same page and cart, now in English, without a reload of the address
  const toEnglish = page.getByRole("link", { name: /English/ });
  await expect(toEnglish).toHaveAttribute("href", /lang=en/);
  await toEnglish.click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("combobox", { name: "Search products" })).toHaveValue("betri");
  expect(page.url()).toBe(here);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await expect(
    page
      .getByTestId("product-card")
      .first()
      .getByRole("button", { name: /^Add to Cart/ }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: /Kiswahili/ })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "locale")?.value).toBe("en");

  // remembered: a new page load renders in English from the first byte, despite Accept-Language
  const html = await (await page.request.get("/cart")).text();
  expect(html).toMatch(/<html[^>]* lang="en"/);
  await page.goto("/cart");
  await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);

  // and back to Kiswahili from the phone menu
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("radio", { name: "Kiswahili" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "sw");
  await expect(page.getByRole("heading", { level: 1, name: "Kikapu chako" })).toBeVisible();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
});
