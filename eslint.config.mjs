import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * The layers, enforced: imports point down only.
 *   src/app, src/api  →  src/server (never its database module)  →  src/lib
 *   src/components     →  src/lib (nothing of the server, the API or the pages)
 * src/lib is shared with the browser, so it imports nothing above it; src/server knows nothing of
 * pages, routes, React or Next. `import type` is allowed across layers: types are erased.
 */
const restrict = (files, patterns) => ({
  files,
  rules: {
    "@typescript-eslint/no-restricted-imports": ["error", { patterns: patterns.map(([group, message]) => ({ group, message, allowTypeImports: true })) }],
  },
});

const DB = [
  ["@/server/db", "@/server/db/*", "**/server/db", "**/server/db/*"],
  "Pages and routes read through a service (src/server/services.ts), never the database module.",
];
const SERVER = [["@/server", "@/server/*", "**/server/*"], "This code reaches the browser: it may not import server modules."];
const API = [["@/api", "@/api/*", "**/api/*"], "Only the HTTP layer imports src/api."];
const APP = [["@/app", "@/app/*", "**/app/*"], "Only Next imports pages and layouts."];
const COMPONENTS = [
  ["@/components", "@/components/*", "**/components/*"],
  "Shared rules live in src/lib; UI lives in src/components and is imported only by pages.",
];
const SEED = [
  ["@/seed", "@/seed/*", "**/seed/*", "!**/seed/ensure-seeded"],
  "Seed data is loaded only to seed an empty database (src/server/seed/ensure-seeded.ts).",
];
const UI_FRAMEWORKS = [["next", "next/*", "react", "react-dom", "react/*", "react-dom/*"], "Domain code knows nothing of React or Next."];

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: [".next/**", "node_modules/**", "dist/**", "data/**", "next-env.d.ts", "playwright-report/**", "test-results/**"] },
  restrict(["src/app/**"], [DB, API, SEED]),
  restrict(["src/api/**"], [DB, APP, COMPONENTS, SEED]),
  restrict(["src/components/**"], [SERVER, API, APP, SEED]),
  restrict(["src/lib/**"], [SERVER, API, APP, COMPONENTS, SEED]),
  restrict(["src/server/**"], [API, APP, COMPONENTS, SEED, UI_FRAMEWORKS]),
  {
    // The browser talks to the API through one typed client: one time limit, one error type.
    files: ["src/components/**", "src/app/**", "src/lib/**"],
    ignores: ["src/lib/api-client.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.name='fetch']",
          message: "Call the API through src/lib/api-client.ts (typed, with a time limit and error codes), not fetch.",
        },
      ],
    },
  },
];

export default config;
