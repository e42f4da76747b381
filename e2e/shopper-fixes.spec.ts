import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { productPath } from "../src/lib/slug";
import { PASSWORD, gridSettled, signInOnLoginPage } from "./helpers";
import { unfit } from "./layout-checks";
import { linkInOutbox } from "../scripts/outbox.mjs";

/*
 * A shopper's path through the fixes of the checkout and the order page: the confirmation link
 * brings a shopper who registered at the checkout back there; checkout errors clear as they are
 * fixed and a wrong coupon stays to be corrected; a quantity above the stock says so; the added
 * toast names the option; the order page shows the payment deadline on one clock, words the
 * payment request for any wallet, does not thank for a cancelled order, and the saved address
 * keeps its bus office. One shopper throughout, registered in the first test.
 */
test.describe.configure({ mode: "serial" });

const PHONE = { width: 390, height: 844 };
// one address per run, the same in every worker process of the run (a worker restarted after a failure included)
const email = `fixes-${path.basename(process.env.E2E_DATA_DIR ?? String(Date.now()))}@example.co.tz`.toLowerCase();

/** The whole confirmation link last mailed to an address (its query beyond the token included), as a path. */
async function confirmationLink(address: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  let link: string | undefined;
  await expect.poll(() => (link = linkInOutbox(outbox, address, /https?:\/\/\S+\/auth\/verify\?\S+/) ?? undefined)).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

interface ListedProduct {
  id: number;
  name: string;
  slug: string;
  stock_quantity: number;
  variant_config: unknown;
  price: number;
}

async function listed(request: APIRequestContext): Promise<ListedProduct[]> {
  return ((await (await request.get("/api/products?limit=100&sortBy=price&sortOrder=asc")).json()) as { products: ListedProduct[] }).products;
}

/** Puts one unit of an in-stock product without options in the signed-in shopper's cart. */
async function addOne(request: APIRequestContext, baseURL: string) {
  const product = (await listed(request)).find((p) => p.stock_quantity > 40 && !p.variant_config && p.price > 2000)!;
  expect((await request.post("/api/cart", { headers: { origin: baseURL }, data: { productId: product.id, quantity: 1 } })).ok()).toBe(true);
}

/** Places the signed-in shopper's cart as an order; its number. */
async function placeOrder(request: APIRequestContext, baseURL: string, delivery: Record<string, string>, payment: Record<string, string>) {
  const placed = await request.post("/api/orders", {
    headers: { origin: baseURL, "idempotency-key": randomUUID() },
    data: { fullName: "Neema Fixes", phone: "0754 123 456", delivery, payment },
  });
  expect(placed.status()).toBe(201);
  return ((await placed.json()) as { order: { number: string } }).order.number;
}

const DAR = { method: "courier", region: "dar-es-salaam", district: "Kinondoni", street: "Haile Selassie Road" };
const AIRTEL = { method: "mobile_money", wallet: "Airtel Money", phone: "0754 123 456" };

test("registering at the checkout, the sign-in after confirming the e-mail returns to the checkout", async ({ page }) => {
  test.slow(); // a registration and a sign-in (scrypt)
  await page.setViewportSize(PHONE);
  await page.goto("/products?sort=price-high");
  await gridSettled(page);
  await page
    .getByTestId("product-card")
    .filter({ has: page.getByRole("button", { name: /^Add to Cart/ }) })
    .first()
    .getByRole("button", { name: /^Add to Cart/ })
    .click();
  await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
  await page.goto("/checkout");
  await page.getByRole("main").getByRole("button", { name: "Create an account" }).click();
  const dialog = page.getByRole("dialog", { name: /^Welcome to / });
  await dialog.getByLabel("Full name").fill("Neema Fixes");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByLabel("Confirm password").fill(PASSWORD);
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await expect(dialog.getByRole("status")).toHaveText(/^Account created successfully!/, { timeout: 30_000 });

  // the link carries where the shopper was, and the confirmation's sign-in link passes it on
  const link = await confirmationLink(email);
  expect(new URL(link, "http://shop").searchParams.get("redirect")).toBe("/checkout");
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "sign in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/auth/login" && url.searchParams.get("redirect") === "/checkout");
  const main = page.getByRole("main");
  await main.getByLabel("Email", { exact: true }).fill(email);
  await main.getByLabel("Password").fill(PASSWORD);
  await main.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/checkout", { timeout: 30_000 });
  await expect(page.getByTestId("checkout-line")).toHaveCount(1);
});

test("checkout: a wrong coupon code stays in its field, marked, to be corrected or removed", async ({ page }) => {
  await signInOnLoginPage(page, email);
  await page.setViewportSize(PHONE);
  await page.goto("/checkout");
  await expect(page.getByTestId("checkout-line")).toHaveCount(1);

  // a wrong code: the reason, and the field with the code in it, to correct
  const coupon = page.getByLabel("Coupon code");
  await coupon.fill("NOPE-0000");
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page.getByText("We do not know this coupon code. Check the spelling.")).toBeVisible();
  await expect(coupon).toHaveValue("NOPE-0000");
  await expect(coupon).toHaveAttribute("aria-invalid", "true");
  await coupon.fill("ALSO-WRONG-1");
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(coupon).toHaveValue("ALSO-WRONG-1");
  await expect(page.getByText("We do not know this coupon code. Check the spelling.")).toBeVisible();
  await page.getByRole("button", { name: "Remove coupon" }).click();
  await expect(coupon).toHaveValue("");
  await expect(coupon).not.toHaveAttribute("aria-invalid", "true");
});

test("checkout: a refused submit's errors clear as each is fixed, whichever way; the summary's prices fit at any width", async ({ page }) => {
  await signInOnLoginPage(page, email);
  await page.setViewportSize(PHONE);
  await page.goto("/checkout");
  await expect(page.getByTestId("checkout-line")).toHaveCount(1);

  // nothing filled in: every missing detail is marked, with the summary's notice
  const summary = page.getByText("Some details are missing or wrong. Please check the marked fields.");
  await page.getByRole("button", { name: /^Place order/ }).click();
  await expect(summary).toBeVisible();
  await expect(page.getByText("Enter a Tanzanian mobile number, for example 0754 123 456.")).toBeVisible();
  await expect(page.getByText("Choose the region to deliver to.")).toBeVisible();
  await expect(page.getByText("Choose how the order should reach you.")).toBeVisible();
  await expect(page.getByText("Choose how you would like to pay.")).toBeVisible();

  // each fix takes its own error away, whichever way it was fixed (the region also chooses the delivery)
  await page.getByLabel("Mobile number").fill("0754 123 456");
  await expect(page.getByText("Enter a Tanzanian mobile number, for example 0754 123 456.")).toBeHidden();
  await page.getByLabel("Region").selectOption("dar-es-salaam");
  await expect(page.getByText("Choose the region to deliver to.")).toBeHidden();
  await expect(page.getByText("Choose how the order should reach you.")).toBeHidden();
  await page.getByLabel("District").fill("Kinondoni");
  await page.getByLabel("Landmark").fill("opposite the mosque");
  await expect(page.getByText("Enter the street or a landmark the courier can find.")).toBeHidden();
  await page.getByRole("radio", { name: "Mobile money" }).check();
  await expect(page.getByText("Choose how you would like to pay.")).toBeHidden();
  await page.getByRole("radio", { name: "M-Pesa", exact: true }).check();
  // all fixed: no field marked wrong, and the notice is gone too
  await expect(page.locator("[aria-invalid=true]")).toHaveCount(0);
  await expect(summary).toBeHidden();

  // the summary's prices (the dearest product's among them) fit beside their labels at any width
  const prices = page.locator("aside dd, [data-testid=checkout-line] > span:last-child");
  await expect(page.getByTestId("checkout-total")).toHaveText(/^TSh\s[\d,]{9,}$/);
  for (const width of [320, 360, 390, 768, 1024, 1440]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await unfit(prices, "aside"), `at ${width} px`).toEqual([]);
  }
});

/** The first product without options whose stock is small (2 to 40): the same one in every test of the run. */
async function fewInStock(request: APIRequestContext) {
  return (await listed(request)).find((p) => !p.variant_config && p.stock_quantity >= 2 && p.stock_quantity <= 40)!;
}

test("a quantity above the stock shows the partial-stock message, signed out in English and signed in in Kiswahili", async ({ page, browser }) => {
  await page.setViewportSize(PHONE);
  const few = await fewInStock(page.request);
  const stock = few.stock_quantity;

  // a guest: the typed quantity stays, a note says how many there are, the toast says what was added
  await page.goto(`${productPath(few)}?lang=en`);
  const quantity = page.getByLabel("Quantity", { exact: true });
  await quantity.fill("50");
  await quantity.blur();
  await expect(quantity).toHaveValue("50");
  await expect(page.getByText(`Only ${stock} in stock: no more than that can be added.`)).toBeVisible();
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByText("Partial Stock Added", { exact: true })).toBeVisible();
  // (the toast's text is also in the screen reader's live region: the first is the one on screen)
  await expect(page.getByText(`Only ${stock} more available, so we added ${stock}.`, { exact: false }).first()).toBeVisible();

  // signed in, in Kiswahili: the server's cart caps it and says so
  const context = await browser.newContext({ viewport: PHONE });
  const shopper = await context.newPage();
  await signInOnLoginPage(shopper, email);
  await shopper.goto(`${productPath(few)}?lang=sw`);
  const idadi = shopper.getByLabel("Idadi", { exact: true });
  await idadi.fill("50");
  await idadi.blur();
  await expect(shopper.getByText(`Zipo ${stock} tu stoo: haiwezekani kuweka zaidi ya hizo.`)).toBeVisible();
  await shopper.getByRole("button", { name: "Weka kikapuni", exact: true }).click();
  await expect(shopper.getByText("Tumeweka kiasi kilichopo", { exact: true })).toBeVisible();
  await expect(shopper.getByText(`Zimebaki ${stock} tu, kwa hiyo tumeweka ${stock}.`, { exact: false }).first()).toBeVisible();
  await context.close();
});

test("the added-to-cart toast names the option chosen, for a guest in English and signed in in Kiswahili (the option's Kiswahili words)", async ({
  page,
  browser,
}) => {
  await page.setViewportSize(PHONE);
  const withOptions = (await listed(page.request)).find((p) => p.variant_config && p.stock_quantity > 0)!;
  const detail = (await (await page.request.get(`/api/products/${withOptions.id}`)).json()) as {
    product_variants: { stock: number; attributes: Record<string, string> }[];
    variant_config: { labels?: Record<string, Record<string, { name?: string; values?: Record<string, string> }>> } | null;
  };
  const variant = detail.product_variants.find((v) => v.stock > 0)!;
  const options = Object.entries(variant.attributes).filter(([name]) => !name.endsWith("_raw"));
  // the words a language shows an option in: the product's label where it has one, else the stored word
  const inWords = (lang: "en" | "sw") => {
    const labels = detail.variant_config?.labels?.[lang] ?? {};
    return options.map(([name, value]) => [labels[name]?.name || name, labels[name]?.values?.[value] || value] as const);
  };
  const named = (lang: "en" | "sw") =>
    `${withOptions.name} (${inWords(lang)
      .map(([n, v]) => `${n}: ${v}`)
      .join(", ")}) × 1`;
  const chooseAndAdd = async (on: typeof page, lang: "en" | "sw", add: string) => {
    for (const [name, value] of inWords(lang)) await on.getByRole("group", { name }).getByRole("button", { name: value, exact: true }).click();
    await on.getByRole("button", { name: add, exact: true }).click();
  };

  await page.goto(`${productPath(withOptions)}?lang=en`);
  await chooseAndAdd(page, "en", "Add to Cart");
  await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
  await expect(page.getByText(named("en")).first()).toBeVisible();

  const context = await browser.newContext({ viewport: PHONE });
  const shopper = await context.newPage();
  await signInOnLoginPage(shopper, email);
  await shopper.goto(`${productPath(withOptions)}?lang=sw`);
  await chooseAndAdd(shopper, "sw", "Weka kikapuni");
  await expect(shopper.getByText("Imewekwa kwenye kikapu", { exact: true })).toBeVisible();
  await expect(shopper.getByText(named("sw")).first()).toBeVisible();
  await context.close();
});

test("signing in with a guest cart that holds more than the account's cart has room for: the merge says what was added in part", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize(PHONE);
  const few = await fewInStock(page.request);
  // the account's cart holds one of it
  const context = await browser.newContext({ viewport: PHONE });
  const shopper = await context.newPage();
  await signInOnLoginPage(shopper, email);
  const cart = (await (await shopper.request.get("/api/cart")).json()) as { items: { id: string; productId: number }[] };
  const line = cart.items.find((item) => item.productId === few.id);
  const headers = { origin: baseURL! };
  if (line) await shopper.request.patch("/api/cart", { headers, data: { itemId: Number(line.id), variantId: "default", quantity: 1 } });
  else await shopper.request.post("/api/cart", { headers, data: { productId: few.id, quantity: 1 } });
  await context.close();

  // the guest's cart holds all there is; signing in, only what is left fits
  await page.goto(`${productPath(few)}?lang=en`);
  const quantity = page.getByLabel("Quantity", { exact: true });
  await quantity.fill(String(few.stock_quantity));
  await quantity.blur();
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
  await signInOnLoginPage(page, email);
  await expect(page.getByText("Partial Stock Added", { exact: true })).toBeVisible();
  await expect(page.getByText(`Only what is in stock was added for: ${few.name}.`, { exact: false }).first()).toBeVisible();
});

/** The hour and minute a moment shows in Dar es Salaam, on the 24-hour clock. */
const darClock = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Dar_es_Salaam", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));

test("the order page: the payment deadline while unpaid, on the 24-hour clock; the payment request worded for any wallet; a cancelled order is not thanked for", async ({
  page,
  baseURL,
}) => {
  await signInOnLoginPage(page, email);
  await page.setViewportSize(PHONE);
  await addOne(page.request, baseURL!);
  const number = await placeOrder(page.request, baseURL!, DAR, AIRTEL);
  const order = ((await (await page.request.get(`/api/orders/${number}`)).json()) as { order: { holdUntil: string; createdAt: string } }).order;

  await page.goto(`/account/orders/${number}?placed=1&lang=en`);
  await expect(page.getByText("Thank you for your order!")).toBeVisible();
  // each a check of its own (soft: one failing does not hide the others)
  await expect.soft(page.getByTestId("order-pay-by")).toContainText(`Please pay by `);
  await expect.soft(page.getByTestId("order-pay-by")).toContainText(darClock(order.holdUntil));
  await expect.soft(page.getByText(`Placed on `)).toContainText(darClock(order.createdAt));
  await expect.soft(page.getByRole("main")).not.toContainText(/\d\s?[AP]M\b/);
  await expect
    .soft(page.getByTestId("payment-panel"))
    .toContainText(/A payment request for TSh\s[\d,]+ has been sent to \+255 754 123 456 through Airtel Money\./);
  await expect.soft(page.getByTestId("payment-panel")).not.toContainText("A Airtel");

  await page.goto(`/account/orders/${number}?placed=1&lang=sw`);
  await expect.soft(page.getByTestId("order-pay-by")).toContainText(`Tafadhali lipa kabla ya `);
  await expect.soft(page.getByTestId("order-pay-by")).toContainText(darClock(order.holdUntil));

  // cancelled: no thanks, a plain word that it is cancelled, no deadline, in both languages
  expect((await page.request.post(`/api/orders/${number}/cancel`, { headers: { origin: baseURL! } })).ok()).toBe(true);
  await page.goto(`/account/orders/${number}?placed=1&lang=sw`);
  await expect.soft(page.getByText("Oda hii imeghairiwa")).toBeVisible();
  await expect.soft(page.getByText("Asante kwa oda yako!")).toHaveCount(0);
  await page.goto(`/account/orders/${number}?placed=1&lang=en`);
  await expect.soft(page.getByTestId("order-cancelled")).toContainText("This order has been cancelled");
  await expect.soft(page.getByTestId("order-cancelled")).toContainText("Nothing was charged for it.");
  await expect.soft(page.getByText("Thank you for your order!")).toHaveCount(0);
  await expect.soft(page.getByTestId("order-pay-by")).toHaveCount(0);
});

test("a saved address keeps its bus office, and the next checkout fills it in", async ({ page, baseURL }) => {
  await signInOnLoginPage(page, email);
  await page.setViewportSize(PHONE);
  const office = "Dar Express office, Arusha bus stand";
  await addOne(page.request, baseURL!);
  await placeOrder(page.request, baseURL!, { method: "parcel", region: "arusha", district: "Arusha City", parcelOffice: office }, AIRTEL);
  await addOne(page.request, baseURL!);
  await page.goto("/checkout");
  await expect(page.getByLabel("Saved address")).toContainText(office);
  await expect(page.getByRole("radio", { name: "Bus parcel (upcountry)" })).toBeChecked();
  await expect(page.getByLabel("Bus office to collect at")).toHaveValue(office);
});
