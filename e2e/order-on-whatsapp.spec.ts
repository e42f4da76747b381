import { expect, test, type APIRequestContext, type Locator } from "@playwright/test";
import { productPath } from "../src/lib/slug";
import { keepScreenshot } from "./layout-checks";

/*
 * Ordering on WhatsApp, as a guest on a phone does it, in both languages: the product page's
 * button opens a chat with the shop's number (the demo's +255 754 000 000) with the product, the
 * option and the quantity chosen written out; after two products are added, the cart's button
 * lists both.
 */

const SHOP_DIGITS = "255754000000";
const PHONE = { width: 390, height: 844 };

const TEXT = {
  en: {
    button: /^Order on WhatsApp/,
    quantity: "Quantity",
    add: /^Add to Cart/,
    greeting: "Hello, I would like to order:",
    total: /^Total: TSh\s[\d,]+ \(delivery not included\)$/m,
  },
  sw: {
    button: /^Agiza kwa WhatsApp/,
    quantity: "Idadi",
    add: /^Weka kikapuni/,
    greeting: "Habari, ningependa kuagiza:",
    total: /^Jumla: TSh\s[\d,]+ \(bila gharama ya usafirishaji\)$/m,
  },
} as const;

interface ListedProduct {
  id: number;
  name: string;
  slug: string;
  stock_quantity: number;
  variant_config: unknown;
  price: number;
}

interface ProductDetail {
  product_variants: { stock: number; attributes: Record<string, string> }[];
  variant_config: { labels?: Record<string, Record<string, { name?: string; values?: Record<string, string> }>> } | null;
}

async function listed(request: APIRequestContext): Promise<ListedProduct[]> {
  return ((await (await request.get("/api/products?limit=100&sortBy=price&sortOrder=asc")).json()) as { products: ListedProduct[] }).products;
}

/** The message the button's wa.me link carries, after checking the link goes to the shop's number and opens apart. */
async function whatsappText(button: Locator): Promise<string> {
  await expect(button).toHaveAttribute("target", "_blank");
  await expect(button).toHaveAttribute("rel", "noopener noreferrer");
  const href = (await button.getAttribute("href"))!;
  const url = new URL(href);
  expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/${SHOP_DIGITS}`);
  expect([...url.searchParams.keys()]).toEqual(["text"]);
  return url.searchParams.get("text")!;
}

for (const locale of ["en", "sw"] as const)
  test(`Order on WhatsApp from the product page and the cart (${locale}, 390 px)`, async ({ page, baseURL }) => {
    const t = TEXT[locale];
    await page.setViewportSize(PHONE);
    await page.context().addCookies([{ name: "locale", value: locale, url: baseURL! }]);
    const products = await listed(page.request);
    const withOptions = products.find((p) => p.variant_config && p.stock_quantity > 4)!;
    const plain = products.find((p) => !p.variant_config && p.stock_quantity > 4 && p.price > 2000)!;
    expect(withOptions).toBeTruthy();
    expect(plain).toBeTruthy();

    // the product page: an option and a quantity chosen, and the message follows them
    const detail = (await (await page.request.get(`/api/products/${withOptions.id}`)).json()) as ProductDetail;
    const variant = detail.product_variants.find((v) => v.stock > 2)!;
    const labels = detail.variant_config?.labels?.[locale] ?? {};
    const options = Object.entries(variant.attributes)
      .filter(([name]) => !name.endsWith("_raw"))
      .map(([name, value]) => [labels[name]?.name || name, labels[name]?.values?.[value] || value] as const);
    await page.goto(productPath(withOptions));
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    const button = page.getByRole("link", { name: t.button });
    await expect(button).toBeVisible();
    // before any choice: the product once, with its page
    let text = await whatsappText(button);
    expect(text.startsWith(`${t.greeting}\n`)).toBe(true);
    expect(text).toContain(`• 1 × ${withOptions.name}`);
    expect(text).toMatch(new RegExp(`^.+: https?://\\S+${productPath(withOptions)}$`, "m"));

    for (const [name, value] of options) await page.getByRole("group", { name }).getByRole("button", { name: value, exact: true }).click();
    await page.getByRole("textbox", { name: t.quantity, exact: true }).fill("2");
    const option = options.map(([name, value]) => `${name}: ${value}`).join(", ");
    await expect.poll(async () => whatsappText(button)).toContain(`• 2 × ${withOptions.name} (${option}): `);
    text = await whatsappText(button);
    expect(text).toMatch(t.total);
    await button.scrollIntoViewIfNeeded();
    await keepScreenshot(page, "order-on-whatsapp-product", locale);

    await page.getByRole("button", { name: t.add }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("2");
    await page.goto(productPath(plain));
    await page.getByRole("button", { name: t.add }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("3");

    // the cart: both products, as the cart shows them, and the total
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    const cartButton = page.getByRole("link", { name: t.button });
    await expect(cartButton).toBeVisible();
    text = await whatsappText(cartButton);
    const lines = text.split("\n").filter((line) => line.startsWith("• "));
    expect(lines).toHaveLength(2);
    expect(lines.some((line) => line.startsWith(`• 2 × ${withOptions.name} (`))).toBe(true);
    expect(lines.some((line) => line.startsWith(`• 1 × ${plain.name}: `))).toBe(true);
    const total = (await page.getByTestId("subtotal").textContent())!.trim();
    expect(text).toContain(total);
    await cartButton.scrollIntoViewIfNeeded();
    await keepScreenshot(page, "order-on-whatsapp-cart", locale);
  });
