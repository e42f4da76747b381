import { buildAll } from "./build-lib.mjs";

await buildAll();
