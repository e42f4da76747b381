import { expect, test } from "@playwright/test";
import { signInAdmin } from "./admin-session";
import { screenshots } from "./helpers";

test(
  "an admin renames the company in the settings (a bad value is named first); the preview and the shop's header show the new name; resetting the tab brings the old one back",
  {
    tag: "@known-slow",
    annotation: { type: "known-slow", description: "an admin's two-step sign-in (scrypt at 128 MiB): over 30 s on a busy 2-core machine" },
  },
  async ({ browser, page }) => {
    test.slow();
    const newName = `Duka la Kilima ${Date.now() % 10_000}`;
    const admin = await signInAdmin(browser);
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

    // the company tab back to its defaults, after asking
    await admin.getByRole("tab", { name: "Company" }).click();
    await admin.getByRole("button", { name: "Reset this tab" }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Reset" }).click();
    await expect(admin.getByLabel("Company name", { exact: true })).toHaveValue("Kilima Electronics");
    await page.goto("/products");
    await expect(page.getByRole("banner")).not.toContainText(newName);
    await expect(page.getByRole("banner")).toContainText("Kilima Electronics");
    await admin.context().close();
  },
);
