import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { openAdminPage } from "./admin-session";
import { gridSettled, PASSWORD, signedInShopper } from "./helpers";
import { brokenWords, inside, keepScreenshot, overlap, sidewaysScroll, unfit } from "./layout-checks";

/*
 * Phone layouts, measured: prices never clipped or wrapped, card labels beside (never under) the
 * heart, whole category names, the register dialog's button in view with its error, the admin's
 * orders without sideways scrolling, whole words on the sandbox page, one reason message on the
 * admin's price form. At 390 px in both languages (and other widths where the item says "any").
 */

const PHONE = { width: 390, height: 844 };
const LANGS = ["en", "sw"] as const;

const WORDS = {
  en: {
    accountMenu: "Account menu",
    register: "Register",
    fullName: "Full name",
    email: "Email",
    password: "Password",
    confirm: "Confirm password",
    submit: "Create Account",
    mismatch: "Passwords do not match",
    failedToast: "Registration Failed",
    addToCart: /^Add to Cart/,
    added: "Added to cart",
    reason: "Reason for the change",
    save: "Save the change",
    needReason: "Say why the price or stock changes.",
    checkMarked: "Nothing was saved: correct the marked field first.",
  },
  sw: {
    accountMenu: "Menyu ya akaunti",
    register: "Jisajili",
    fullName: "Jina kamili",
    email: "Barua pepe",
    password: "Nenosiri",
    confirm: "Thibitisha nenosiri",
    submit: "Fungua Akaunti",
    mismatch: "Manenosiri hayalingani",
    failedToast: "Usajili Umeshindwa",
    addToCart: /^Weka kikapuni/,
    added: "Imewekwa kwenye kikapu",
    reason: "Sababu ya mabadiliko",
    save: "Hifadhi mabadiliko",
    needReason: "Eleza kwa nini bei au stoo inabadilika.",
    checkMarked: "Hakuna kilichohifadhiwa: rekebisha kwanza sehemu iliyowekwa alama.",
  },
} as const;

/** Shows prices in a currency from the first paint (the cookie the server renders with, and the browser's own copy). */
async function useCurrency(page: Page, baseURL: string, currency: "TZS" | "USD") {
  await page.context().addCookies([{ name: "currency", value: currency, url: baseURL }]);
  await page.addInitScript((c) => localStorage.setItem("preferred-currency", c), currency);
}

/** Every price of the page and the box it must stay in: cards, home tiles, the product page, the cart. */
const PRICE_BOXES: [string, string][] = [
  ["[data-testid=product-card] [data-testid=price], [data-testid=product-card] [data-testid=was-price]", "[data-testid=product-card]"],
  ["[data-testid=tile-price], [data-testid=was-price]", "a"],
  ["[data-testid=detail-price], [data-testid=detail-was-price]", "main"],
  ["[data-testid=line-total]", "[data-testid=cart-line]"],
  ["[data-testid=subtotal], [data-testid=shipping], [data-testid=total]", "aside"],
];

async function priceProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const [prices, box] of PRICE_BOXES) problems.push(...(await unfit(page.locator(prices), box)));
  return problems;
}

/** The page at each width, measured after the layout settles: the problems found, by width. */
async function acrossWidths(page: Page, widths: number[]): Promise<Record<number, string[]>> {
  const found: Record<number, string[]> = {};
  for (const width of widths) {
    await page.setViewportSize({ width, height: 844 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const problems = await priceProblems(page);
    if (problems.length) found[width] = problems;
  }
  return found;
}

const NARROW_AND_WIDE = [320, 340, 360, 375, 390, 414, 430, 600, 768, 1024, 1440];

test.describe("prices are never clipped or wrapped", () => {
  for (const currency of ["TZS", "USD"] as const) {
    test(`on cards, home tiles, the product page and the cart, at 320 to 1440 px, in ${currency}`, async ({ page, baseURL }) => {
      // four pages measured at eleven widths each: more than the default 30 s when the machine is busy
      test.slow();
      await useCurrency(page, baseURL!, currency);
      await page.setViewportSize(PHONE);

      // the dearest products first, and the search the report named ("Bambu Lab A1 Mini", TSh 1,050,000)
      await page.goto("/products?sort=price-high");
      await gridSettled(page);
      await expect(page.getByTestId("price").first()).toHaveText(currency === "TZS" ? /^TSh\s[\d,]{9,}$/ : /^\$[\d,]+\.\d\d$/);
      expect(await acrossWidths(page, NARROW_AND_WIDE)).toEqual({});

      await page.goto("/products?search=Bambu");
      await gridSettled(page);
      const a1 = page.getByTestId("product-card").filter({ hasText: "Bambu Lab A1 Mini" });
      await expect(a1.getByTestId("price")).toHaveText(currency === "TZS" ? "TSh\u00a01,050,000" : "$420.00");
      expect(await acrossWidths(page, NARROW_AND_WIDE)).toEqual({});
      await page.setViewportSize(PHONE);
      // the "was" price still reads as one: struck through (a line on a wrapper would not reach an inline block)
      const was = page.getByTestId("product-card").getByTestId("was-price").first();
      expect(await was.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe("line-through");
      await keepScreenshot(page, `phone-prices-${currency.toLowerCase()}`, "en");

      // the home page's tiles
      await page.goto("/");
      await expect(page.getByTestId("tile-price").first()).toBeVisible();
      expect(await acrossWidths(page, NARROW_AND_WIDE)).toEqual({});

      // the dearest product's page, and the cart holding it
      await page.goto("/products?sort=price-high");
      await gridSettled(page);
      const dearest = page
        .getByTestId("product-card")
        .filter({ has: page.getByRole("button", { name: /^Add to Cart/ }) })
        .first();
      await dearest.getByRole("link").first().click();
      await expect(page.getByTestId("detail-price")).toBeVisible();
      expect(await acrossWidths(page, NARROW_AND_WIDE)).toEqual({});
      await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
      await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
      await page.goto("/cart");
      await expect(page.getByTestId("line-total")).toBeVisible();
      expect(await acrossWidths(page, NARROW_AND_WIDE)).toEqual({});
    });
  }
});

for (const lang of LANGS) {
  test.describe(`at 390 px in ${lang === "en" ? "English" : "Kiswahili"}`, () => {
    test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

    test("a card's badge (a discount, free delivery) never starts under the heart", async ({ page }) => {
      for (const url of [`/products?lang=${lang}`, `/products?sort=price-high&lang=${lang}`]) {
        await page.goto(url);
        await gridSettled(page);
        const cards = page.getByTestId("product-card");
        const badged = cards.filter({ has: page.getByTestId("card-badge") });
        expect(await badged.count()).toBeGreaterThan(3);
        for (const width of [320, 360, 390]) {
          await page.setViewportSize({ width, height: 844 });
          for (const card of await badged.all()) {
            const label = await card.getByTestId("card-badge").textContent();
            // polled: a card the infinite scroll has just added may still be moving into place
            await expect
              .poll(
                async () => {
                  const heart = (await card.getByTestId("wishlist-heart").boundingBox())!;
                  const badge = (await card.getByTestId("card-badge").boundingBox())!;
                  const box = (await card.boundingBox())!;
                  return { besideTheHeart: !overlap(heart, badge), insideItsCard: inside(badge, box) };
                },
                { message: `${label} at ${width} px` },
              )
              .toEqual({ besideTheHeart: true, insideItsCard: true });
          }
          // the delivery labels under the name, too
          expect(await unfit(cards.locator(".rounded.px-1\\.5"), "[data-testid=product-card]")).toEqual([]);
        }
        await page.setViewportSize(PHONE);
      }
      await page.goto(`/products?lang=${lang}`);
      await gridSettled(page);
      await keepScreenshot(page, "phone-cards", lang);
    });

    test("the home page's category tiles show each name whole", async ({ page }) => {
      await page.goto(`/?lang=${lang}`);
      const names = page.getByTestId("category-tile-name");
      await expect(names.first()).toBeVisible();
      for (const width of [320, 360, 390, 640, 768, 1024, 1440]) {
        await page.setViewportSize({ width, height: 844 });
        expect(await unfit(names, "a"), `at ${width} px`).toEqual([]);
        expect(await brokenWords(names), `at ${width} px`).toEqual([]);
        // nothing cut at the end of a line either (no line clamp)
        expect(await names.evaluateAll((els) => els.filter((el) => el.scrollHeight > el.clientHeight + 1).map((el) => el.textContent))).toEqual([]);
      }
      await page.setViewportSize(PHONE);
      await page.locator("#categories-heading").scrollIntoViewIfNeeded();
      await keepScreenshot(page, "phone-home-categories", lang);
    });

    for (const height of [844, 640]) {
      test(`the register dialog keeps its button in view with an error, and says it once (390 × ${height})`, async ({ page }) => {
        const w = WORDS[lang];
        await page.setViewportSize({ width: 390, height });
        await page.goto(`/products?lang=${lang}`);
        await gridSettled(page);
        // a first toast, gone again: the toasts' view is in the page from now on, so a toast said with the
        // form's error would show in the same render as the error (not a moment later, after its script)
        await page
          .getByTestId("product-card")
          .filter({ has: page.getByRole("button", { name: w.addToCart }) })
          .first()
          .getByRole("button", { name: w.addToCart })
          .click();
        await expect(page.getByText(w.added, { exact: true })).toBeVisible();
        await expect(page.getByText(w.added, { exact: true })).toBeHidden();

        // the password's strength verdict lands after the error, as on a slow phone (its dictionaries
        // are a script of their own, held back here until the error shows): the form grows under
        // the error, and the button must stay in view all the same
        let release = () => {};
        const errorShown = new Promise<void>((resolve) => (release = resolve));
        await page.route("**/_next/static/chunks/*.js", async (route) => {
          const response = await route.fetch();
          const body = await response.text();
          if (body.includes("qwerty")) await errorShown;
          await route.fulfill({ response, body });
        });

        await page.getByRole("button", { name: w.accountMenu }).click();
        await page.getByRole("menuitem", { name: w.register }).click();
        const dialog = page.getByRole("dialog");
        await dialog.getByLabel(w.fullName).fill("Asha Mushi");
        await dialog.getByLabel(w.email).fill(`layout-${randomUUID()}@example.co.tz`);
        await dialog.getByLabel(w.password, { exact: true }).fill(PASSWORD);
        await dialog.getByRole("checkbox").check();
        // sent from the keyboard (a phone's Go key) as the last field is filled: nothing scrolls the button into view for it
        await dialog.getByLabel(w.confirm).fill(`${PASSWORD}x`);
        await dialog.getByLabel(w.confirm).press("Enter");
        await expect(dialog.getByRole("alert")).toHaveText(w.mismatch);
        release();
        await expect(dialog.getByTestId("password-strength-verdict")).toBeVisible();
        const button = dialog.getByRole("button", { name: w.submit });
        // wholly inside the dialog's visible area, and inside the screen
        await expect.poll(async () => inside((await button.boundingBox())!, (await dialog.boundingBox())!)).toBe(true);
        expect(inside((await button.boundingBox())!, { x: 0, y: 0, width: 390, height })).toBe(true);
        // said once: no toast repeats it behind the overlay
        await expect(page.getByText(w.failedToast, { exact: true })).toHaveCount(0);
        await expect(page.getByText(w.mismatch, { exact: true })).toHaveCount(1);
        if (height === 844) await keepScreenshot(page, "phone-register-error", lang);
      });
    }
  });
}

/** Places a mobile-money order for one unit of an in-stock product without options; the checkout's answer. */
async function apiOrder(request: APIRequestContext, baseURL: string, wallet = "Airtel Money") {
  const headers = { origin: baseURL };
  const list = (await (await request.get("/api/products?limit=60&sortBy=price&sortOrder=desc")).json()) as {
    products: { id: number; stock_quantity: number; variant_config: unknown; price: number }[];
  };
  const product = list.products.find((p) => p.stock_quantity > 3 && !p.variant_config && p.price < 500_000)!;
  expect((await request.post("/api/cart", { headers, data: { productId: product.id, quantity: 1 } })).ok()).toBe(true);
  const placed = await request.post("/api/orders", {
    headers: { ...headers, "idempotency-key": randomUUID() },
    data: {
      fullName: "Neema Layout",
      phone: "0754 123 456",
      delivery: { method: "courier", region: "dar-es-salaam", district: "Kinondoni", street: "Haile Selassie Road" },
      payment: { method: "mobile_money", wallet, phone: "0754 123 456" },
    },
  });
  expect(placed.status()).toBe(201);
  return (await placed.json()) as { order: { number: string }; payment: { sandboxUrl: string | null } | null };
}

test("the sandbox page keeps words whole; the admin's orders are cards without sideways scrolling; the price form gives its reason once (390 px, both languages)", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await page.setViewportSize(PHONE);
  await signedInShopper(page, `layout-${Date.now()}@example.co.tz`);
  const placed = await apiOrder(page.request, baseURL!);
  expect(placed.payment?.sandboxUrl).toBeTruthy();

  // the sandbox page: "Pesa kwa simu (ombi la USSD)" on whole words
  for (const lang of LANGS) {
    await page.goto(`${placed.payment!.sandboxUrl!}?lang=${lang}`);
    const values = page.getByTestId("sandbox-value");
    await expect(values.first()).toBeVisible();
    for (const width of [320, 360, 390]) {
      await page.setViewportSize({ width, height: 844 });
      // soft: the three pages' checks each report, whichever fails first
      expect.soft(await brokenWords(values), `at ${width} px`).toEqual([]);
      expect.soft(await unfit(values, "dl"), `at ${width} px`).toEqual([]);
    }
    expect.soft(await sidewaysScroll(page)).toBe(0);
    await page.setViewportSize(PHONE);
    await keepScreenshot(page, "phone-sandbox", lang);
  }

  const admin = await openAdminPage(browser);
  await admin.setViewportSize(PHONE);
  for (const lang of LANGS) {
    // the orders: one card each, nothing wider than the screen
    await admin.goto(`/admin/orders?lang=${lang}`);
    const rows = admin.getByTestId("admin-order-row");
    await expect(rows.first()).toBeVisible();
    for (const width of [320, 360, 390]) {
      await admin.setViewportSize({ width, height: 844 });
      expect.soft(await unfit(rows.locator("td > *"), "tr"), `at ${width} px`).toEqual([]);
      expect.soft(await unfit(rows, "main"), `at ${width} px`).toEqual([]);
    }
    expect.soft(await sidewaysScroll(admin), "sideways scroll at 390 px").toBe(0);
    await admin.setViewportSize(PHONE);
    await expect(rows.filter({ hasText: placed.order.number })).toBeVisible();
    await keepScreenshot(admin, "phone-admin-orders", lang);

    // the price form without a reason: the field says why, the form only that nothing was saved
    const w = WORDS[lang];
    const list = (await (await admin.request.get("/api/products?limit=1")).json()) as { products: { id: number }[] };
    await admin.goto(`/admin/products/${list.products[0]!.id}?lang=${lang}`);
    const form = admin.locator("form[aria-labelledby=change-heading]");
    await form.getByLabel(w.reason).fill("");
    await form.getByRole("button", { name: w.save }).click();
    await expect(form.getByRole("alert")).toHaveText(w.checkMarked);
    await expect(admin.getByText(w.needReason, { exact: true })).toHaveCount(1);
    await form.getByLabel(w.reason).scrollIntoViewIfNeeded();
    await keepScreenshot(admin, "phone-admin-price-form", lang);
  }
  await admin.context().close();
});
