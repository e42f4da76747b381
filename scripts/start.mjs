// npm start: builds the production bundle when none is current, then starts the shop
// (which applies migrations and seeds an empty database itself).
import { buildAll, buildIsCurrent, root } from "./build-lib.mjs";

process.chdir(root);
if (!buildIsCurrent()) {
  console.log("Building the production bundle (first start or sources changed)…");
  await buildAll();
}
process.env.NODE_ENV = "production";
process.env.NEXT_TELEMETRY_DISABLED = "1";
await import(new URL("../dist/server.mjs", import.meta.url).href);
