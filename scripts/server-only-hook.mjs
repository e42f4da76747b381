// Loaded with `node --import` by the development server (tsx runs server.ts from sources): modules
// marked `import "server-only"` must not reach a browser bundle, and Next checks that when it
// bundles pages, but outside React's server build the marker throws. Here it resolves to nothing.
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(
      `export async function resolve(specifier, context, next) {
        if (specifier === "server-only") return { url: "data:text/javascript,", shortCircuit: true };
        return next(specifier, context);
      }`,
    ),
);
