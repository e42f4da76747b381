import { expect, test, type Page } from "@playwright/test";
import { productPath } from "../src/lib/slug";
import { openAdminPage } from "./admin-session";
import { catalogue } from "./catalogue";
import { verifiedShopper } from "./helpers";
import { keepScreenshot } from "./layout-checks";

/*
 * Questions answered in public, on a phone (390 px) in each language: a signed-in shopper asks on
 * the product page (it waits for the shop), the admin answers it on /admin/questions, the product
 * page then shows the question with the shop's answer to a visitor who is not signed in, and a
 * search for a word of the answer finds the product.
 */

const PHONE = { width: 390, height: 844 };

interface Listed {
  id: number;
  name: string;
  slug: string;
}

async function someProduct(page: Page, index: number): Promise<Listed> {
  const { products } = (await (await page.request.get("/api/products?limit=60&sortBy=name&sortOrder=asc")).json()) as { products: Listed[] };
  return products[30 + index]!;
}

/** A word nobody else wrote (letters only, as a shopper types one). */
function oddWord(): string {
  const letters = "bcdfghjklmnpqrstvwxz";
  return `kw${Array.from({ length: 7 }, () => letters[Math.floor(Math.random() * letters.length)]).join("")}`;
}

const locales = ["en", "sw"] as const;
for (const [index, locale] of locales.entries())
  test(`a shopper asks, the shop answers, the page shows it and search finds it (${locale}, 390 px)`, async ({ page, baseURL, browser }) => {
    test.slow();
    const t = catalogue(locale, "catalog").questions;
    const a = catalogue(locale, "admin").questions;
    const product = await someProduct(page, index);
    const word = oddWord();
    const ref = oddWord();
    const question = locale === "sw" ? `Je, inafanya kazi kwa volti 3.3? (${ref})` : `Does it work at 3.3 V? (${ref})`;
    const answer = locale === "sw" ? `Ndiyo, inafanya kazi kwa 3.3 V na 5 V (${word}).` : `Yes, it works at 3.3 V and 5 V (${word}).`;

    // the shopper, signed in, on a phone
    await page.setViewportSize(PHONE);
    await page.context().addCookies([{ name: "locale", value: locale, url: baseURL! }]);
    await verifiedShopper(page, `questions-${locale}-${Date.now()}@example.co.tz`, "Zawadi Mollel");
    // The signed-in copy of the list, read at hydration, is held until the question has been sent:
    // a quick first question must survive that older answer arriving after it.
    let asked!: () => void;
    const questionSent = new Promise<void>((resolve) => (asked = resolve));
    const listPath = `/api/products/${product.id}/questions`;
    const isList = (url: URL) => url.pathname === listPath;
    await page.route(isList, async (route) => {
      if (route.request().method() === "GET") await questionSent;
      await route.continue();
    });
    const listRead = page.waitForResponse((response) => response.request().method() === "GET" && new URL(response.url()).pathname === listPath);
    await page.goto(productPath(product));
    const section = page.getByTestId("product-questions");
    await expect(section.getByRole("heading", { name: t.heading })).toBeVisible();
    await section.getByLabel(t.askLabel).fill(question);
    const sending = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === listPath);
    await section.getByRole("button", { name: t.ask, exact: true }).click();
    await sending;
    asked();
    await expect(section.getByRole("status")).toHaveText(t.askedPending);
    await listRead;
    // two frames after the older list arrived, React has rendered it
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const mine = section.getByTestId("question").filter({ hasText: question });
    await expect(mine).toContainText(t.waiting);
    await page.unroute(isList);
    await mine.scrollIntoViewIfNeeded();
    await keepScreenshot(page, "questions-asked", locale);

    // the admin answers it as the shop
    const admin = await openAdminPage(browser);
    await admin.setViewportSize(PHONE);
    await admin.context().addCookies([{ name: "locale", value: locale, url: baseURL! }]);
    await admin.goto("/admin/questions?status=pending");
    const row = admin.getByTestId("admin-question").filter({ hasText: question }).first();
    await expect(row).toBeVisible();
    await row.getByLabel(a.answerAsShop).fill(answer);
    await row.scrollIntoViewIfNeeded();
    await keepScreenshot(admin, "questions-admin", locale);
    await row.getByRole("button", { name: a.sendAnswer }).click();
    // answered by the shop, the question is published: it leaves the list of waiting ones
    await expect(admin.getByTestId("admin-question").filter({ hasText: question })).toHaveCount(0);
    await admin.goto("/admin/questions?status=published");
    await expect(admin.getByTestId("admin-question").filter({ hasText: question }).first()).toContainText(answer);
    await admin.context().close();

    // a visitor who is not signed in sees the question with the shop's answer
    const visitor = await browser.newContext({ viewport: PHONE });
    await visitor.addCookies([{ name: "locale", value: locale, url: baseURL! }]);
    const guest = await visitor.newPage();
    await guest.goto(productPath(product));
    const shown = guest.getByTestId("product-questions").getByTestId("question").filter({ hasText: question });
    await expect(shown.getByTestId("answer")).toContainText(answer);
    await expect(shown.getByTestId("answer")).toContainText(t.byShop);
    await expect(guest.getByTestId("product-questions").getByText(t.signInToAsk)).toBeVisible();
    await shown.scrollIntoViewIfNeeded();
    await keepScreenshot(guest, "questions-answered", locale);

    // the shop's search finds the product by a word of the answer
    await guest.goto(`/products?search=${word}`);
    await expect(guest.locator(`a[href^="${productPath(product)}"]`).first()).toBeVisible();
    await keepScreenshot(guest, "questions-search", locale);
    await visitor.close();
  });
