// Finds the Chromium the end-to-end tests drive: CHROMIUM_PATH, else /usr/bin/chromium; when
// neither exists it installs Debian's chromium if it can (root with apt-get), else fails saying how.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].filter(Boolean);
  for (const candidate of candidates) if (fs.existsSync(candidate)) return candidate;

  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (isRoot && hasApt) {
    console.log("No Chromium found: installing Debian's chromium with apt-get…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["-o", "DPkg::Lock::Timeout=300", "update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["-o", "DPkg::Lock::Timeout=300", "install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
    if (fs.existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  }
  throw new Error(
    "No Chromium for the end-to-end tests. Install one (Debian/Ubuntu: `sudo apt-get install chromium`) " +
      "or point CHROMIUM_PATH at a Chromium or Chrome binary, then run the tests again.",
  );
}

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
