// npm test: unit tests, API integration tests, then end-to-end tests in Chromium. Stops at the first failing stage.
// `-- --stages=unit,api` (or any of unit, api, e2e) runs only those.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { root } from "./build-lib.mjs";

const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");
const all = [
  ["unit", "unit tests", [vitest, "run", "--project", "unit"]],
  ["api", "API integration tests", [vitest, "run", "--project", "api"]],
  ["e2e", "end-to-end tests", [path.join(root, "scripts", "e2e.mjs")]],
];
// `npm test -- --stages=unit,api` runs only those (CI runs the end-to-end stage on its own, on a quiet machine)
const only = process.argv
  .find((arg) => arg.startsWith("--stages="))
  ?.slice("--stages=".length)
  .split(",");
const unknown = only?.filter((name) => !all.some(([key]) => key === name)) ?? [];
if (unknown.length) {
  console.error(`Unknown test stage ${unknown.join(", ")}: the stages are ${all.map(([key]) => key).join(", ")}.`);
  process.exit(2);
}
const stages = all.filter(([key]) => !only || only.includes(key)).map(([, name, args]) => [name, args]);
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
  if (process.env.TEST_STAGE_FILE)
    fs.appendFileSync(process.env.TEST_STAGE_FILE, `  npm test › ${name}\t${seconds}\t${result.status === 0 ? "passed" : "FAILED"}\n`);
  if (result.status !== 0) {
    console.error(`\n${name} failed (exit code ${result.status ?? result.signal}) after ${minutes(stageStarted)}.`);
    process.exit(result.status || 1);
  }
  timings.push(`${name} ${minutes(stageStarted)}`);
}
console.log(`\nAll test stages passed in ${minutes(started)} (${timings.join(", ")}).`);
