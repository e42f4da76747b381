// npm run screenshots -- [base URL]: the shop as shoppers see it, in Kiswahili and English, on a
// phone (390 px) and a desktop (1440 px): the listing, a product page, the sign-in dialog and the
// cart (with one product in it). Needs a running shop (default http://localhost:3000); writes PNGs
// to docs/screenshots/<page>-<lang>-<width>.png.
import { eachLanguageAndWidth } from "./screenshot-lib.mjs";

const base = process.argv[2] ?? process.env.BASE_URL ?? "http://localhost:3000";

await eachLanguageAndWidth(async (page, { locale, width, save }) => {
  await page.goto(`${base}/products?lang=${locale}`, { waitUntil: "networkidle" });
  await page.locator("[data-testid=product-card]").first().waitFor();
  await save("listing");

  const firstProduct = await page.locator("[data-testid=product-card] a[href^='/products/']").first().getAttribute("href");
  await page.goto(`${base}${firstProduct}`, { waitUntil: "networkidle" });
  await save("product");

  // the first card whose button adds at once (a product without options) goes into the cart
  await page.goto(`${base}/products`, { waitUntil: "networkidle" });
  await page
    .getByTestId("cart-count")
    .waitFor({ state: "detached" })
    .catch(() => undefined);
  const cards = page.getByTestId("product-card");
  for (let i = 0; i < 10; i++) {
    await cards.nth(i).getByRole("button").last().click();
    if (
      await page
        .getByTestId("cart-count")
        .isVisible()
        .catch(() => false)
    )
      break;
    if (!page.url().includes("/products?") && !page.url().endsWith("/products")) await page.goBack({ waitUntil: "networkidle" });
    await page.keyboard.press("Escape");
  }
  await page.goto(`${base}/cart`, { waitUntil: "networkidle" });
  await save("cart");

  await page.goto(`${base}/products`, { waitUntil: "networkidle" });
  if (width < 800) {
    await page.getByRole("button", { name: locale === "sw" ? "Fungua menyu" : "Open menu" }).click();
    await page.getByRole("dialog").waitFor();
    await save("menu");
    await page.keyboard.press("Escape");
  }
  await page.getByRole("button", { name: locale === "sw" ? "Menyu ya akaunti" : "Account menu" }).click();
  await page.getByRole("menuitem", { name: locale === "sw" ? "Ingia" : "Sign in" }).click();
  await page.getByRole("dialog").waitFor();
  await save("sign-in");
});
