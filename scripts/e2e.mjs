// End-to-end tests: a current production build, a browser, then Playwright.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { findChromium } from "./browser.mjs";
import { buildAll, buildIsCurrent, root } from "./build-lib.mjs";

process.chdir(root);
process.env.CHROMIUM_PATH = findChromium();
if (!buildIsCurrent()) {
  console.log("Building the production bundle for the end-to-end tests…");
  await buildAll();
}
const result = spawnSync(process.execPath, [path.join(root, "node_modules", "@playwright", "test", "cli.js"), "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: process.env,
});
process.exit(result.status ?? 1);
