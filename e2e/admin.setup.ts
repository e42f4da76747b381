import { test } from "@playwright/test";
import { ADMIN_STATE_FILE, signInAdminThroughUi } from "./admin-session";

// Runs before every other project (playwright.config.ts): the admin specs reuse this session.
test("the first admin signs in with the generated password and sets up two-step sign-in; the session is kept for the admin specs", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAdminThroughUi(page);
  await page.context().storageState({ path: ADMIN_STATE_FILE });
});
