import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const HASH_FILE = path.join(root, "dist", "build-hash");
const INPUTS = ["src", "public", "server.ts", "next.config.ts", "postcss.config.mjs", "tsconfig.json", "package-lock.json", "scripts/build-lib.mjs"];

function* files(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  const stat = fs.statSync(full);
  if (stat.isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(full).sort()) {
    if (name.endsWith(".test.ts") || name.endsWith(".test.tsx")) continue;
    yield* files(path.join(entry, name));
  }
}

/** A hash of the files under `inputs` (folders walked in order, test files left out), names and contents. */
export function hashOfFiles(inputs) {
  const hash = createHash("sha256");
  for (const input of inputs) {
    for (const file of files(input)) {
      hash.update(file);
      hash.update(fs.readFileSync(path.join(root, file)));
    }
  }
  return hash.digest("hex");
}

/** A hash of everything the production build is made from. */
export function sourceHash() {
  return hashOfFiles(INPUTS);
}

export function buildIsCurrent() {
  return (
    fs.existsSync(path.join(root, ".next", "BUILD_ID")) &&
    fs.existsSync(path.join(root, "dist", "server.mjs")) &&
    fs.existsSync(path.join(root, "dist", "embed-worker.mjs")) &&
    fs.existsSync(path.join(root, "dist", "hash-worker.mjs")) &&
    fs.existsSync(path.join(root, "dist", "gerber-worker.mjs")) &&
    fs.existsSync(path.join(root, "dist", "sheet-worker.mjs")) &&
    fs.existsSync(HASH_FILE) &&
    fs.readFileSync(HASH_FILE, "utf8") === sourceHash()
  );
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed with exit code ${result.status}`);
}

export async function buildServer() {
  const esbuild = await import("esbuild");
  const outdir = path.join(root, "dist");
  const result = await esbuild.build({
    // the image-search, password-hashing, Gerber-inspecting and sheet-reading worker threads load their own files beside the server
    entryPoints: {
      server: path.join(root, "server.ts"),
      "embed-worker": path.join(root, "src/server/image-search/embed-worker.ts"),
      "hash-worker": path.join(root, "src/server/auth/hash-worker.ts"),
      "gerber-worker": path.join(root, "src/server/requests/gerber-worker.ts"),
      "sheet-worker": path.join(root, "src/server/catalog/admin/sheet-worker.ts"),
    },
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    // dynamic imports become chunks of their own beside the entries (the demo seed data and art
    // load only to seed an empty database); code both entries use goes to a shared chunk
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // "server-only" marks modules that must never reach a browser bundle; it throws when loaded
    // outside React's server build, so the custom server gets its empty twin
    alias: { "server-only": path.join(root, "node_modules/server-only/empty.js") },
    sourcemap: true,
    metafile: true,
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
  });
  // chunk names carry a content hash: drop the chunks of earlier builds
  const outputs = new Set(Object.keys(result.metafile.outputs).map((file) => path.resolve(root, file)));
  for (const name of fs.readdirSync(outdir)) {
    const file = path.join(outdir, name);
    if (/\.mjs(\.map)?$/.test(name) && !outputs.has(file)) fs.rmSync(file);
  }
}

/** Builds the Next bundle and the custom server, then records what they were built from. */
export async function buildAll() {
  const hash = sourceHash();
  run(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"]);
  await buildServer();
  fs.writeFileSync(HASH_FILE, hash);
}
