import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { openAdminPage } from "./admin-session";
import { productPath } from "../src/lib/slug";
import { catalogue } from "./catalogue";

/*
 * Delivery estimates as a shopper sees them, on the shop's test clock (SHOP_TEST_CLOCK=1 on the e2e
 * server): the product page's line with its region picker (remembered in the browser), and the
 * checkout's dates per delivery option, in both languages. Monday 7 Dec 2026, 10:00 in Dar es
 * Salaam: before every cut-off, so the other specs' checkouts see the shop as on any weekday morning.
 */

const CLOCK = "2026-12-07T07:00:00Z";
const PHONE = { width: 390, height: 844 };

interface Listed {
  id: number;
  slug: string;
  stock_quantity: number;
  variant_config: unknown;
  price: number;
}

async function plainProduct(page: Page): Promise<Listed> {
  const { products } = (await (await page.request.get("/api/products?limit=100&sortBy=price&sortOrder=desc")).json()) as { products: Listed[] };
  const plain = products.filter((p) => !p.variant_config && p.stock_quantity > 5);
  expect(plain.length).toBeGreaterThan(0);
  return plain[0]!;
}

async function setClock(admin: Page, value: string | null) {
  const answer = await admin.request.post("/api/admin/settings", { headers: { origin: new URL(admin.url()).origin }, data: { key: "testClock", value } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** With E2E_SCREENSHOTS set, the page as it is into docs/screenshots. */
async function keep(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: path.join("docs", "screenshots", `${name}.png`), fullPage: true });
}

const EXPECTED = {
  en: { dar: "Arrives Tue 8 – Thu 10 Dec", mwanza: "Arrives Wed 9 – Fri 11 Dec" },
  sw: { dar: "Inafika Jumanne 8 – Alhamisi 10 Des", mwanza: "Inafika Jumatano 9 – Ijumaa 11 Des" },
} as const;

test.describe("delivery estimates", () => {
  test.beforeAll(async ({ browser }) => {
    const admin = await openAdminPage(browser);
    await setClock(admin, CLOCK);
    await admin.context().close();
  });
  test.afterAll(async ({ browser }) => {
    const admin = await openAdminPage(browser);
    await setClock(admin, null);
    await admin.context().close();
  });

  for (const locale of ["en", "sw"] as const)
    test(`the product page and the checkout show the dates in shop time (${locale}, 390 px)`, async ({ page, baseURL }) => {
      const c = catalogue(locale, "checkout");
      await page.setViewportSize(PHONE);
      await page.context().addCookies([{ name: "locale", value: locale, url: baseURL! }]);
      const product = await plainProduct(page);

      // the product page: Dar es Salaam until another region is picked; Independence Day (Wed 9) skipped by the riders
      await page.goto(productPath(product));
      const line = page.getByTestId("delivery-estimate");
      await expect(line.getByTestId("delivery-estimate-dates")).toHaveText(EXPECTED[locale].dar);
      await expect(line.getByTestId("delivery-estimate-region")).toHaveValue("dar-es-salaam");
      // upcountry: a bus parcel, 2–4 days on the bus (buses run on the holiday)
      await line.getByTestId("delivery-estimate-region").selectOption("mwanza");
      await expect(line.getByTestId("delivery-estimate-dates")).toHaveText(EXPECTED[locale].mwanza);
      await keep(page, `delivery-estimate-product-${locale}-390`);
      // remembered in this browser
      await page.reload();
      await expect(page.getByTestId("delivery-estimate-region")).toHaveValue("mwanza");
      await expect(page.getByTestId("delivery-estimate-dates")).toHaveText(EXPECTED[locale].mwanza);
      await page.getByTestId("delivery-estimate-region").selectOption("dar-es-salaam");

      // the checkout: each available option with its dates for the region chosen there
      await page
        .getByRole("main")
        .getByRole("button", { name: new RegExp(`^${catalogue(locale, "catalog").purchase.addToCart}`) })
        .first()
        .click();
      await expect(page.getByTestId("cart-count")).toHaveText("1");
      await page.goto("/cart");
      await expect(page.getByTestId("delivery-estimate-dates")).toHaveText(EXPECTED[locale].dar);
      await page.goto("/checkout");
      await page.getByLabel(c.delivery.region).selectOption("dar-es-salaam");
      await expect(page.getByTestId("delivery-estimate-courier")).toHaveText(EXPECTED[locale].dar);
      await page.getByLabel(c.delivery.region).selectOption("mwanza");
      await expect(page.getByTestId("delivery-estimate-parcel")).toHaveText(EXPECTED[locale].mwanza);
      await expect(page.getByTestId("delivery-estimate-pickup")).toHaveText(
        locale === "en" ? "Ready to collect Mon 7 Dec" : "Tayari kuchukuliwa Jumatatu 7 Des",
      );
      await page.getByTestId("delivery-estimate-parcel").scrollIntoViewIfNeeded();
      await keep(page, `delivery-estimate-checkout-${locale}-390`);
    });
});
