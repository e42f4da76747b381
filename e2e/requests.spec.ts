import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { strToU8, zipSync } from "fflate";

const dataDir = process.env.E2E_DATA_DIR ?? "";
const unique = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.co.tz`;

/** The e-mails to an address in the shop's outbox folder, quoted-printable soft breaks undone. */
function mailsTo(email: string): string[] {
  const outbox = path.join(dataDir, "outbox");
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
  return files.map((file) => fs.readFileSync(path.join(outbox, file), "utf8").replace(/=\r?\n/g, "")).filter((text) => text.includes(`To: ${email}`));
}

test("the contact form is sent in Kiswahili: field errors first, then a reference and a Kiswahili acknowledgement", async ({ page }) => {
  await page.goto("/contact?lang=sw");
  await expect(page.locator("html")).toHaveAttribute("lang", "sw");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wasiliana nasi");
  await expect(page.getByTestId("open-now")).toHaveText(/Tuko wazi sasa|Tumefunga sasa/);
  await expect(page.getByRole("row", { name: /Jumatatu/ })).toBeVisible();

  const form = page.getByRole("form", { name: "Ujumbe wa mawasiliano" });
  // sent empty: each wrong field says why, in Kiswahili, and nothing is sent
  await form.getByRole("button", { name: "Tuma" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Tafadhali" })).toHaveText("Tafadhali sahihisha sehemu zilizowekwa alama.");
  await expect(form.getByLabel("Jina kamili")).toBeFocused();
  await expect(page.getByText("Tafadhali jaza sehemu hii.").first()).toBeVisible();

  const email = unique("mawasiliano");
  await form.getByLabel("Jina kamili").fill("Neema Mushi");
  await form.getByLabel("Anwani ya barua pepe").fill(email);
  await form.getByLabel(/Namba ya simu ya mkononi/).fill("12345");
  await form.getByLabel("Ujumbe").fill("Habari, mnauza betri za lithiamu za 18650?");
  await form.getByRole("button", { name: "Tuma" }).click();
  await expect(page.getByText("Weka namba sahihi ya simu ya Tanzania, mfano 0754 123 456.")).toBeVisible();
  await form.getByLabel(/Namba ya simu ya mkononi/).fill("0754 123 456");
  await form.getByRole("button", { name: "Tuma" }).click();

  const done = page.getByRole("status").filter({ hasText: "Asante." });
  await expect(done).toContainText(/kumbukumbu yake ni RQ-\d{4}-\d{6}/);
  const reference = /RQ-\d{4}-\d{6}/.exec((await done.textContent()) ?? "")![0];
  await expect.poll(() => mailsTo(email).some((m) => m.includes(reference) && m.includes("Asante kwa kutuandikia"))).toBe(true);
});

test("the PCB page's price follows the layers and the quantity, and the request is sent with a Gerber ZIP", async ({ page }) => {
  await page.goto("/services/pcb?lang=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("PCB manufacturing");
  await expect(page.getByText(/Indicative price in TSh, VAT included/)).toBeVisible();

  const total = page.getByTestId("pcb-price-total");
  await expect(total).toHaveText(/^TSh\s[\d,]+$/);
  const amount = async () => Number(((await total.textContent()) ?? "").replace(/\D/g, ""));
  const start = await amount();

  await page.getByLabel("Board width (mm)").fill("100");
  await page.getByLabel("Board height (mm)").fill("80");
  await expect.poll(amount).not.toBe(start);
  const twoLayers = await amount();
  await page.getByLabel("Layers").selectOption("4");
  await expect.poll(amount).toBeGreaterThan(twoLayers);
  const fourLayers = await amount();
  await page.getByLabel("Quantity (boards)").fill("100");
  await expect.poll(amount).toBeGreaterThan(fourLayers);
  await expect(page.getByText("15% quantity discount")).toBeVisible();
  // a size outside the range has no price, and says what is accepted
  await page.getByLabel("Board width (mm)").fill("900");
  await expect(page.getByText(/Enter a board size between 5 and 500 mm/)).toBeVisible();
  await page.getByLabel("Board width (mm)").fill("100");
  await expect(total).toBeVisible();

  const email = unique("pcb");
  await page.getByLabel("Full name").fill("Baraka Mollel");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Describe what you need").fill("100 boards of our sensor interface, four layers.");
  // without the files the form says so
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Add the ZIP of your Gerber files.")).toBeVisible();

  const zip = zipSync({
    "sensor-F_Cu.gtl": strToU8("G04 top*\n%FSLAX46Y46*%\n%MOMM*%\nM02*\n"),
    "sensor-B_Cu.gbl": strToU8("G04 bottom*\n%FSLAX46Y46*%\n%MOMM*%\nM02*\n"),
    "sensor.drl": strToU8("M48\nMETRIC\nT1C0.8\n%\nM30\n"),
  });
  await page.getByLabel("Gerber files (ZIP)").setInputFiles({ name: "sensor.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });
  await page.getByRole("button", { name: "Send" }).click();
  const done = page.getByRole("status").filter({ hasText: "Thank you." });
  await expect(done).toContainText(/its reference is RQ-\d{4}-\d{6}/);
  const reference = /RQ-\d{4}-\d{6}/.exec((await done.textContent()) ?? "")![0];

  // the shop's mail names the reference; the sender's repeats the indicative price; the file is kept under a random name
  await expect.poll(() => mailsTo(email).some((m) => m.includes(reference) && m.includes("indicative price"))).toBe(true);
  const stored = fs.readdirSync(path.join(dataDir, "uploads", "gerber"));
  expect(stored.some((name) => /^[0-9a-f]{32}\.zip$/.test(name))).toBe(true);
});

test("Buyer Central turns the guest cart into a quote request", async ({ page }) => {
  await page.goto("/products?lang=en");
  await page.getByTestId("product-card").getByTestId("add-to-cart").and(page.locator(":enabled")).first().click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  await page.goto("/buyer-central");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Buyer Central");
  await expect(page.getByRole("row", { name: /10\+ units/ })).toBeVisible();
  await page.getByRole("button", { name: "Fill in from my cart" }).click();
  await expect(page.getByText("1 item copied from your cart.")).toBeVisible();
  await expect(page.getByPlaceholder("Item 1: product or description")).not.toHaveValue("");

  await page.getByLabel("Full name").fill("Peter Kimaro");
  await page.getByLabel("E-mail address").fill(unique("quote"));
  await page.getByRole("textbox", { name: "Company" }).fill("Kimaro Engineering");
  await page.getByLabel(/^TIN/).fill("12345");
  await page.getByLabel("Delivery region").selectOption("arusha");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("A TIN has nine digits, e.g. 123-456-789.")).toBeVisible();
  await page.getByLabel(/^TIN/).fill("123-456-789");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you." })).toContainText(/RQ-\d{4}-\d{6}/);
});
