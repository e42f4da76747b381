import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS } from "./scripts/browser.mjs";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } };
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `storefront-e2e-${process.pid}`);

/**
 * Specs that change what every page shows (the shop's settings, its ads, a product's price, the
 * bank account that turns bank transfer on) run alone, after the others: on one server, a parallel
 * spec would see the change half-way through its own checks.
 */
const SHOP_WIDE = /(admin-settings|i18n-settings|admin-ads|admin-catalog|checkout|test-mode|delivery-estimates|back-order-deposit)\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // files in parallel on two workers (measured faster here than one), the tests of a file in order
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // The offline worker is tested by its own spec (crawl.spec.ts), which allows it. Elsewhere it
    // would only add its install fetches to every context, and under automation a navigation it
    // handles sometimes never completes (Playwright attaches to each worker and must resume it:
    // 2 in 4 runs of the admin settings spec hung at one page.goto; 0 in 8 with workers blocked).
    serviceWorkers: "block",
    trace: "off",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: CHROMIUM_ARGS },
  },
  projects: [
    // the admin's one sign-in through the UI (two-step sign-in set up); the admin specs reuse its session
    { name: "setup", testMatch: /admin\.setup\.ts$/, use: desktop },
    { name: "desktop", dependencies: ["setup"], testIgnore: SHOP_WIDE, use: desktop },
    { name: "shop-wide", dependencies: ["desktop"], testMatch: SHOP_WIDE, workers: 1, use: desktop },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    url: `http://localhost:${PORT}/api/categories`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    // the whole suite is one client address doing every shopper's work: no per-address API or mail
    // cap (the quotas have their own API tests); mail leaves the outbox within a quarter second
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      API_RATE_LIMIT: "0",
      MAIL_QUOTA_PER_CLIENT: "100000",
      REQUEST_LIMIT_PER_CLIENT: "100000",
      MAIL_DRAIN_INTERVAL_MS: "250",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      // an answer that breaks its contract fails the flow that caused it (a 500), as in the API tests
      RESPONSE_CHECK: "strict",
      // the shop's test clock (site setting testClock) is honoured: the delivery-estimate spec sets it
      SHOP_TEST_CLOCK: "1",
      // the flows that end in a text message (back in stock, a shipment) run at any hour, CI's
      // night included; quiet hours themselves have their own API and unit tests
      SMS_QUIET_HOURS: "off",
    },
  },
});
