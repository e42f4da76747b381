import { expect, test, type APIRequestContext } from "@playwright/test";
import { openAdminPage } from "./admin-session";
import { gridSettled, screenshots } from "./helpers";

// A browser that asks for Kiswahili (Accept-Language: sw-TZ) and has no language cookie yet.
test.use({ locale: "sw-TZ" });

const HEADLINE_SW = "Duka la Vipuri Vyenye Ubora Unaoaminika";
const TAGLINE_SW = "Vipuri, prototaipu na huduma za kihandisi kwa Tanzania";

/** A seeded product with options by its SKU. */
async function seeded(request: APIRequestContext, search: string, sku: string) {
  const found = await (await request.get(`/api/products?search=${encodeURIComponent(search)}&limit=50`)).json();
  const product = found.products.find((p: { sku: string }) => p.sku === sku);
  expect(product, sku).toBeTruthy();
  return product as { id: number; slug: string; name: string };
}

test("the shop's headline, tagline, address and search title follow the page's language", async ({ page }) => {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "sw");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADLINE_SW);
    await expect(page.getByRole("main").getByText(TAGLINE_SW)).toBeVisible();
    await expect(page).toHaveTitle("Kilima Electronics — Duka la Vipuri Vyenye Ubora Unaoaminika");
    await expect(page.getByTestId("footer-tagline")).toHaveText(TAGLINE_SW);
    await expect(page.getByRole("contentinfo")).toContainText("Mtaa wa Msimbazi, Kariakoo");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await page.goto("/products");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADLINE_SW);
  }
  // the same pages in English
  await page.goto("/?lang=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quality-Trusted Component Store");
  await expect(page.getByTestId("footer-tagline")).toHaveText("Components, prototyping and engineering services for Tanzania");
  await page.goto("/shipping?lang=sw");
  await expect(page.getByRole("main")).toContainText("Kituo cha Mabasi cha Magufuli, Mbezi");
});

test("/ai-agent is headed in the page's language", async ({ page }) => {
  await page.goto("/ai-agent");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Utafutaji wa Vipuri kwa AI");
  await expect(page).toHaveTitle(/^Utafutaji wa Vipuri kwa AI: linganisha/);
  await page.goto("/ai-agent?lang=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("AI Sourcing");
});

test("a product's options read in Kiswahili; the cart line still names the option by its catalogue id", async ({ page, request }) => {
  const pla = await seeded(request, "PLA Filament", "KE-3DP-0001");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/products/${pla.id}-${pla.slug}`);
  const colour = page.getByRole("group", { name: "Rangi" });
  await expect(colour.getByRole("button", { name: "Nyeusi", exact: true })).toBeVisible();
  await expect(colour.getByRole("button", { name: "Nyeupe", exact: true })).toBeVisible();
  await expect(page.getByRole("group", { name: "Color" })).toHaveCount(0);
  await colour.getByRole("button", { name: "Nyeusi", exact: true }).click();
  await page.getByRole("button", { name: /^Weka kikapuni/ }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("guest_cart") ?? "{}"));
  expect(stored.items[0].variants[0].variantId).toBe("Color:Black");

  // part numbers and sizes stay as they are; an English page shows the catalogue's words
  const battery = await seeded(request, "18650", "KE-PWR-0001");
  await page.goto(`/products/${battery.id}-${battery.slug}`);
  await expect(page.getByRole("group", { name: "Uwezo" }).getByRole("button", { name: "2600mAh", exact: true })).toBeVisible();
  await expect(page.getByRole("group", { name: "Pakiti" }).getByRole("button", { name: "Vipande 2", exact: true })).toBeVisible();
  await page.goto(`/products/${pla.id}-${pla.slug}?lang=en`);
  await expect(page.getByRole("group", { name: "Color" }).getByRole("button", { name: "Black", exact: true })).toBeVisible();
});

test("search by image: the keyword chips read in Kiswahili; a category's chip opens the category", async ({ page, request }) => {
  const list = await (await request.get("/api/products?limit=1")).json();
  const product = list.products[0] as { image: string; category: string };
  const picture = await request.get(product.image);
  const categories = (await (await request.get("/api/categories")).json()).categories as { name: string; nameSw: string | null; slug: string }[];
  const category = categories.find((c) => c.name === product.category)!;
  expect(category.nameSw).toBeTruthy();

  await page.goto("/products");
  await gridSettled(page);
  await page.getByRole("button", { name: "Tafuta kwa picha" }).click();
  const dialog = page.getByRole("dialog", { name: "Tafuta bidhaa" });
  await expect(dialog.locator('input[type="file"]')).toBeAttached();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "part.webp",
    mimeType: picture.headers()["content-type"]?.split(";")[0]?.trim() || "image/webp",
    buffer: await picture.body(),
  });
  await dialog.getByRole("button", { name: "Tafuta bidhaa", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Matokeo ya picha yako" })).toBeVisible({ timeout: 30_000 });
  const chips = page.getByTestId("image-keywords").getByRole("button");
  await expect(chips.filter({ hasText: category.nameSw! })).toHaveCount(1);
  await expect(chips.filter({ hasText: new RegExp(`^${category.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) })).toHaveCount(0);
  await chips.filter({ hasText: category.nameSw! }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("category")).toBe(category.slug);
  await gridSettled(page);
  await expect(page.getByTestId("image-results")).toHaveCount(0);
});

// The admin signs in in English (its session helper reads the English page), then opens the settings in Kiswahili.
test.describe("the admin's settings form", () => {
  test.use({ locale: "en-GB" });

  test("the admin writes each shopper's text in both languages: two boxes per text, the preview in either language, each page in its own", async ({
    browser,
    page,
    request,
  }) => {
    // sign-in, two languages of a form, three shopper pages: longer than test.slow() allows on a busy machine
    test.setTimeout(240_000);
    const admin = await openAdminPage(browser);
    await admin.goto("/admin/settings?lang=sw");
    await expect(admin.getByRole("heading", { level: 1, name: "Mipangilio ya tovuti" })).toBeVisible();
    const headline = admin.getByRole("group", { name: "Kichwa kikuu" });
    await expect(headline.getByLabel("Kiingereza")).toHaveValue("Quality-Trusted Component Store");
    await expect(headline.getByLabel("Kiswahili")).toHaveValue(HEADLINE_SW);
    await screenshots(admin, "admin-settings-languages");
    await admin.goto("/admin/settings?lang=sw");
    const tagline = admin.getByRole("group", { name: /^Kauli mbiu/ });
    await expect(tagline.getByLabel("Kiingereza")).toHaveValue("Components, prototyping and engineering services for Tanzania");
    await expect(tagline.getByLabel("Kiswahili")).toHaveValue(TAGLINE_SW);

    // the preview follows the typing, in the language chosen for it
    const stamp = Date.now() % 10_000;
    await headline.getByLabel("Kiswahili").fill(`Vipuri bora ${stamp}`);
    await expect(admin.getByTestId("preview-headline")).toHaveText(`Vipuri bora ${stamp}`);
    await admin.getByRole("group", { name: "Lugha ya onyesho" }).getByRole("button", { name: "Kiingereza" }).click();
    await expect(admin.getByTestId("preview-headline")).toHaveText("Quality-Trusted Component Store");
    // a language's box is checked on its own
    await headline.getByLabel("Kiingereza").fill("x".repeat(121));
    await admin.getByRole("button", { name: "Hifadhi kichupo hiki" }).click();
    await expect(headline.getByLabel("Kiingereza")).toHaveAttribute("aria-invalid", "true");
    await expect(headline.getByLabel("Kiswahili")).not.toHaveAttribute("aria-invalid", "true");
    await headline.getByLabel("Kiingereza").fill(`Quality parts ${stamp}`);
    await admin.getByRole("button", { name: "Hifadhi kichupo hiki" }).click();
    await expect(admin.getByRole("status").filter({ hasText: "Imehifadhiwa." })).toBeVisible();

    // each shopper sees their own language's words
    await page.goto("/products?lang=sw");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Vipuri bora ${stamp}`);
    await page.goto("/products?lang=en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Quality parts ${stamp}`);

    // and back to the defaults, for the other tests
    await admin.getByRole("button", { name: "Rudisha kichupo hiki" }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Rudisha" }).click();
    await expect(headline.getByLabel("Kiswahili")).toHaveValue(HEADLINE_SW);

    // the price form of a product with a real deal: the "was" price's own rule, and the prices it may take
    const battery = await seeded(request, "18650", "KE-PWR-0001");
    await admin.goto(`/admin/products/${battery.id}?lang=sw`);
    await expect(admin.getByTestId("admin-product-was-price")).toHaveText("TSh 6,500");
    await expect(admin.getByText(/Inaweza kuwa tu bei ambayo bidhaa hii iliwahi kuwa nayo: TSh\s6,500, TSh\s6,000/)).toBeVisible();
    await screenshots(admin, "admin-product-was-price");
  });
});
