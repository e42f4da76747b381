// npm test: unit tests, API integration tests, then end-to-end tests in Chromium. Stops at the first failing stage.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { root } from "./build-lib.mjs";

const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");
const stages = [
  ["unit tests", [vitest, "run", "--project", "unit"]],
  ["API integration tests", [vitest, "run", "--project", "api"]],
  ["end-to-end tests", [path.join(root, "scripts", "e2e.mjs")]],
];
// each stage's wall time is printed: the whole suite is meant to stay under 15 minutes
const minutes = (since) => `${((Date.now() - since) / 60_000).toFixed(1)} min`;
const started = Date.now();
const timings = [];
for (const [name, args] of stages) {
  console.log(`\n=== ${name} ===`);
  const stageStarted = Date.now();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit", env: process.env });
  const seconds = Math.round((Date.now() - stageStarted) / 1000);
  // CI's stage table (.ci/run) lists these stages under npm test
  if (process.env.TEST_STAGE_FILE) fs.appendFileSync(process.env.TEST_STAGE_FILE, `${name}\t${seconds}\t${result.status === 0 ? "passed" : "FAILED"}\n`);
  if (result.status !== 0) {
    console.error(`\n${name} failed (exit code ${result.status ?? result.signal}) after ${minutes(stageStarted)}.`);
    process.exit(result.status || 1);
  }
  timings.push(`${name} ${minutes(stageStarted)}`);
}
console.log(`\nAll test stages passed in ${minutes(started)} (${timings.join(", ")}).`);
