import { expect, test } from "@playwright/test";
import { openAdminPage } from "./admin-session";
import { screenshots } from "./helpers";

test("an admin renames the company in the settings (a bad value is named first); the preview and the shop's header show the new name; resetting the tab brings the old one back", async ({
  browser,
  page,
}) => {
  test.slow();
  const newName = `Duka la Kilima ${Date.now() % 10_000}`;
  const admin = await openAdminPage(browser);
  await admin.goto("/admin");
  await admin.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Settings" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Site settings" })).toBeVisible();
  await screenshots(admin, "admin-settings");

  // the preview follows the typing; an empty name is refused by its field, and nothing is saved
  const name = admin.getByLabel("Company name", { exact: true });
  await name.fill("");
  await admin.getByRole("button", { name: "Save this tab" }).click();
  await expect(admin.getByRole("alert").filter({ hasText: "Must be at least 1 characters long." })).toBeVisible();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await name.fill(newName);
  await expect(admin.getByTestId("preview-company")).toHaveText(newName);
  await admin.getByRole("button", { name: "Save this tab" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  // the admin's own page header, rendered again by the server
  await expect(
    admin
      .getByRole("banner")
      .getByRole("link", { name: new RegExp(newName) })
      .first(),
  ).toBeVisible();

  // a shopper's page shows it (the settings' cached pages were dropped by the save)
  await page.goto("/products");
  await expect(page.getByRole("banner")).toContainText(newName);

  // another tab: a VAT rate out of range is named by its field
  await admin.getByRole("tab", { name: "VAT rates" }).click();
  await admin.getByLabel("VAT, Zanzibar (%)").fill("75");
  await admin.getByRole("button", { name: "Save this tab" }).click();
  await expect(admin.getByRole("alert").filter({ hasText: "Must be at most 50." })).toBeVisible();

  // the price lists: a quantity discount above 90 % is refused at its field; a good one is kept
  await admin.getByRole("tab", { name: "Prices (PCB & quantity)" }).click();
  const tiers = admin.getByRole("textbox", { name: "Quantity discounts (products without prices by quantity of their own)" });
  await expect(tiers).toHaveValue("10 = 3\n50 = 5\n100 = 8");
  await tiers.fill("10 = 95");
  await admin.getByRole("button", { name: "Save this tab" }).click();
  await expect(admin.getByRole("alert").filter({ hasText: "Must be at most 90." })).toBeVisible();
  await tiers.fill("10 = 3\n50 = 6\n100 = 8");
  await admin.getByRole("button", { name: "Save this tab" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Saved" }).first()).toBeVisible();
  await admin.reload();
  await admin.getByRole("tab", { name: "Prices (PCB & quantity)" }).click();
  await expect(admin.getByRole("textbox", { name: "Quantity discounts (products without prices by quantity of their own)" })).toHaveValue(
    "10 = 3\n50 = 6\n100 = 8",
  );
  await admin.getByRole("button", { name: "Reset this tab" }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Reset" }).click();
  await expect(admin.getByRole("textbox", { name: "Quantity discounts (products without prices by quantity of their own)" })).toHaveValue(
    "10 = 3\n50 = 5\n100 = 8",
  );

  // the hours: a day marked closed takes its times out of use, and the support page says so
  await admin.getByRole("tab", { name: "Business hours" }).click();
  await admin.getByRole("checkbox", { name: "Closed on Sunday" }).check();
  await expect(admin.getByLabel("Opens on Sunday")).toBeDisabled();
  await expect(admin.getByLabel("Opens on Saturday")).toBeEnabled();
  await admin.getByRole("button", { name: "Save this tab" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Saved" }).first()).toBeVisible();
  await page.goto("/support?lang=en");
  await expect(page.getByRole("region", { name: "Business hours" })).toContainText("Sun closed");
  await admin.getByRole("button", { name: "Reset this tab" }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Reset" }).click();
  await expect(admin.getByRole("checkbox", { name: "Closed on Sunday" })).not.toBeChecked();
  await expect(admin.getByLabel("Opens on Sunday")).toHaveValue("10:00");

  // the company tab back to its defaults, after asking
  await admin.getByRole("tab", { name: "Company" }).click();
  await admin.getByRole("button", { name: "Reset this tab" }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Reset" }).click();
  await expect(admin.getByLabel("Company name", { exact: true })).toHaveValue("Kilima Electronics");
  await page.goto("/products");
  await expect(page.getByRole("banner")).not.toContainText(newName);
  await expect(page.getByRole("banner")).toContainText("Kilima Electronics");

  // categories: a new one, renamed; a link to its old address lands on the new one
  const stamp = Date.now() % 100_000;
  await admin.goto("/admin/categories");
  await screenshots(admin, "admin-categories");
  const create = admin.getByRole("region", { name: "Categories" }).locator("form").last();
  await create.getByLabel("Name", { exact: true }).fill(`Drones ${stamp}`);
  await expect(create).toContainText(`Address: /drones-${stamp}`);
  await create.getByRole("button", { name: "Create the category" }).click();
  const row = admin.getByTestId("admin-categories").locator(`li[data-slug="drones-${stamp}"]`);
  await expect(row).toContainText("0 products");
  await row.getByText(`Rename or merge Drones ${stamp}`).click();
  await row.getByLabel("Name", { exact: true }).fill(`Drones and UAVs ${stamp}`);
  await row.getByRole("button", { name: "Rename" }).click();
  await expect(admin.getByTestId("admin-categories").locator(`li[data-slug="drones-and-uavs-${stamp}"]`)).toHaveCount(1);
  await page.goto(`/products?category=drones-${stamp}`);
  await expect(page).toHaveURL(new RegExp(`/products\\?category=drones-and-uavs-${stamp}$`));
  await admin.context().close();
});
