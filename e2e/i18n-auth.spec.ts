import { expect, test } from "@playwright/test";
import { PASSWORD, linkFromOutbox } from "./helpers";

// A browser that asks for Kiswahili: the accounts area answers in Kiswahili, from the first page.
test.use({ locale: "sw-TZ" });

test("sign-in and registration in Kiswahili: validation, a wrong password, register, confirm, sign in with the greeting", async ({ page }) => {
  test.slow();
  const email = `zawadi-${Date.now()}@example.co.tz`;

  await page.goto("/products");
  await page.getByRole("button", { name: "Menyu ya akaunti", exact: true }).click();
  await page.getByRole("menuitem", { name: "Ingia" }).click();
  const dialog = page.getByRole("dialog", { name: /^Karibu / });
  await expect(dialog.getByRole("heading", { name: "Ingia kwenye Akaunti Yako" })).toBeVisible();

  // empty: refused before sending, in Kiswahili
  await dialog.getByRole("button", { name: "Ingia", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Tafadhali jaza sehemu zote");

  // registration: the passwords differ
  await dialog.getByRole("button", { name: "Fungua hapa" }).click();
  await expect(dialog.getByRole("heading", { name: "Fungua Akaunti Yako" })).toBeVisible();
  await dialog.getByLabel("Jina kamili").fill("Zawadi Mrema");
  await dialog.getByLabel("Barua pepe").fill(email);
  await dialog.getByLabel("Nenosiri", { exact: true }).fill(PASSWORD);
  await dialog.getByLabel("Thibitisha nenosiri").fill("Tofauti2026");
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Fungua Akaunti" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Manenosiri hayalingani");
  // said in the dialog only: a toast would repeat it under the overlay (e2e/phone-layout.spec.ts checks it without a race)
  await expect(page.getByText("Usajili Umeshindwa", { exact: true })).toHaveCount(0);

  await dialog.getByLabel("Thibitisha nenosiri").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Fungua Akaunti" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Akaunti imefunguliwa! Tafadhali angalia barua pepe yako ili kuthibitisha akaunti yako.", {
    timeout: 30_000,
  });
  await expect(dialog).toBeHidden({ timeout: 6000 });

  // the link of the (Kiswahili) e-mail, on a Kiswahili page
  await page.goto(await linkFromOutbox(email, "/auth/verify"));
  await expect(page.getByRole("heading", { name: "Thibitisha anwani yako ya barua pepe" })).toBeVisible();
  await page.getByRole("button", { name: "Thibitisha anwani yangu ya barua pepe" }).click();
  await expect(page.getByRole("heading", { name: "Anwani yako ya barua pepe imethibitishwa" })).toBeVisible();

  // a wrong password: the server's refusal, worded by its code in Kiswahili
  await page.goto("/products");
  await page.getByRole("button", { name: "Menyu ya akaunti", exact: true }).click();
  await page.getByRole("menuitem", { name: "Ingia" }).click();
  await expect(dialog.getByRole("heading", { name: "Ingia kwenye Akaunti Yako" })).toBeVisible();
  await dialog.getByLabel("Barua pepe").fill(email);
  await dialog.getByLabel("Nenosiri").fill("Kosa2026x");
  await dialog.getByRole("button", { name: "Ingia", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Barua pepe au nenosiri si sahihi", { timeout: 30_000 });
  await expect(page.getByText("Imeshindwa Kuingia", { exact: true })).toBeVisible();

  // the right one: signed in, greeted in Kiswahili
  await dialog.getByLabel("Nenosiri").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Ingia", exact: true }).click();
  await expect(dialog.getByRole("status")).toHaveText("Umeingia! Karibu tena.", { timeout: 30_000 });
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Habari, Zawadi Mrema").filter({ visible: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Menyu ya akaunti ya Zawadi Mrema" })).toBeVisible();

  // the account settings in Kiswahili; the language setting switches the page (and remembers it)
  await page.goto("/account/settings");
  await expect(page.getByRole("heading", { name: "Mipangilio ya akaunti" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Uthibitishaji wa hatua mbili" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Kiswahili" })).toBeChecked();
  await page.getByRole("radio", { name: "English" }).check();
  await expect(page.getByRole("heading", { name: "Account settings" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "English" })).toBeChecked();
  expect((await page.context().cookies()).find((c) => c.name === "locale")?.value).toBe("en");
});
