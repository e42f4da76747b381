// End-to-end tests: a current production build, a browser, then Playwright.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findChromium } from "./browser.mjs";
import { buildAll, buildIsCurrent, root } from "./build-lib.mjs";

process.chdir(root);
process.env.CHROMIUM_PATH = findChromium();
if (!buildIsCurrent()) {
  console.log("Building the production bundle for the end-to-end tests…");
  await buildAll();
}
// A fresh embedded database per run, removed afterwards: a copy of the tests' seeded demo shop
// (tests/support/seeded-data.ts, made once per clone and code), so the server starts without
// seeding the catalogue and embedding its pictures (a minute or two).
process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-e2e-"));
const seeded = spawnSync(
  process.execPath,
  [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), "tests/support/seeded-data-cli.ts", process.env.E2E_DATA_DIR],
  {
    stdio: "inherit",
    env: process.env,
  },
);
if (seeded.status !== 0) {
  fs.rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
  console.error("Could not make the seeded data for the end-to-end server.");
  process.exit(seeded.status || 1);
}
const result = spawnSync(process.execPath, [path.join(root, "node_modules", "@playwright", "test", "cli.js"), "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: process.env,
});
fs.rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
process.exit(result.status ?? 1);
