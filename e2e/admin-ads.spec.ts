import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { openAdminPage } from "./admin-session";
import { screenshots } from "./helpers";

test("an admin uploads a banner and creates an ad; a shopper's carousel shows it at once; switched off, it leaves; deleted, it is gone from the list", async ({
  browser,
  page,
}) => {
  test.slow();
  const title = `Solar week ${Date.now() % 100_000}`;
  const banner = await sharp({ create: { width: 1800, height: 600, channels: 3, background: { r: 245, g: 158, b: 11 } } })
    .png()
    .toBuffer();

  const admin = await openAdminPage(browser);
  await admin.goto("/admin");
  await admin.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Ads" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Advertisements" })).toBeVisible();

  // nothing is sent without a picture
  await admin.getByLabel("Title (read aloud to screen reader users)").fill(title);
  await admin.getByRole("button", { name: "Create the ad" }).click();
  await expect(admin.getByRole("alert").filter({ hasText: "Upload a picture or a video first." })).toBeVisible();

  await admin.getByLabel("Picture or video").setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: banner });
  await expect(admin.getByTestId("ad-media-preview")).toHaveAttribute("src", /^\/media\/ads\/ad-1200-[0-9a-f]{10}\.webp$/);
  await admin.getByLabel("Link", { exact: true }).fill("/products?category=power");
  await admin.getByLabel("Order (lowest first)").fill("0");
  await admin.getByRole("button", { name: "Create the ad" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "The ad is created" })).toBeVisible();
  await expect(admin.getByTestId("admin-ads").locator(`li[data-title="${title}"]`)).toContainText("Shown");
  await screenshots(admin, "admin-ads");

  // a shopper's listing carries it in the carousel, linking where the admin said
  await page.goto("/products");
  const slide = page.getByRole("link", { name: new RegExp(title) });
  await expect(slide).toHaveCount(1);
  await expect(slide).toHaveAttribute("href", "/products?category=power");

  // switched off: the carousel drops it
  await admin.getByRole("button", { name: `Edit ${title}` }).click();
  await admin.getByLabel("Switched on").uncheck();
  await admin.getByRole("button", { name: "Save the change" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await page.goto("/products");
  await expect(page.getByRole("link", { name: new RegExp(title) })).toHaveCount(0);

  await admin.getByRole("button", { name: `Delete ${title}` }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(admin.getByTestId("admin-ads").locator(`li[data-title="${title}"]`)).toHaveCount(0);
  await admin.context().close();
});
