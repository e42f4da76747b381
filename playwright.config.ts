import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS } from "./scripts/browser.mjs";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } };
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `storefront-e2e-${process.pid}`);

export default defineConfig({
  testDir: "e2e",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "off",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: CHROMIUM_ARGS },
  },
  // Tests tagged @known-slow (each says why beside it) run alone in their own project, with one
  // retry in CI only: on a busy 2-core machine their slow steps (password hashing, large uploads)
  // can overrun, and a retry tells a loaded machine from a real failure. Everywhere else: no retry.
  projects: [
    { name: "desktop", grepInvert: /@known-slow/, use: desktop },
    { name: "desktop-known-slow", grep: /@known-slow/, retries: process.env.CI ? 1 : 0, use: desktop },
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
    },
  },
});
