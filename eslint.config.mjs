import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * The layers, enforced: imports point down only.
 *   src/app, src/api, src/http  →  src/server (never its database module)  →  src/lib
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
const API = [["@/api", "@/api/*", "**/api/*", "@/http", "@/http/*", "**/http/*"], "Only the HTTP layer imports src/api and src/http."];
const APP = [["@/app", "@/app/*", "**/app/*"], "Only Next imports pages and layouts."];
const COMPONENTS = [
  ["@/components", "@/components/*", "**/components/*"],
  "Shared rules live in src/lib; UI lives in src/components and is imported only by pages.",
];
const SEED = [
  ["@/seed", "@/seed/*", "**/seed/*", "!**/seed/ensure-seeded"],
  "Seed data is loaded only to seed an empty database (src/server/seed/ensure-seeded.ts).",
];
const MESSAGES = [
  ["@/messages", "@/messages/*", "**/messages/*"],
  "The browser gets one language's messages from the page (useTranslations); importing the catalogue would ship every language.",
];
const UI_FRAMEWORKS = [["next", "next/*", "react", "react-dom", "react/*", "react-dom/*"], "Domain code knows nothing of React or Next."];

/**
 * Every text a shopper sees comes from the message catalogue (src/messages), in both languages:
 * no literal words as JSX text, as a string child, in a visible attribute or in a toast. Symbols
 * and brand names are allowed as they are.
 */
const ALLOWED_LITERALS = ["·", "©", "/", "•", "—", "–", "(", ")", ":", "×", "+", "-", "%", "…", "*", "|", "→", "←", "$", "TSh", "USD", "TZS", "M-Pesa", "PCB"];
const VISIBLE_ATTRIBUTES = "/^(aria-label|aria-description|aria-roledescription|aria-valuetext|placeholder|alt|title|label|description|closeLabel)$/";
const NO_FETCH = {
  selector: "CallExpression[callee.name='fetch']",
  message: "Call the API through src/lib/api-client.ts (typed, with a time limit and error codes), not fetch.",
};

const browserCode = {
  files: ["src/app/**/*.ts", "src/app/**/*.tsx", "src/components/**/*.ts", "src/components/**/*.tsx"],
  ignores: ["**/*.test.ts", "**/*.test.tsx"],
  rules: {
    "react/jsx-no-literals": ["error", { noStrings: true, ignoreProps: true, allowedStrings: ALLOWED_LITERALS }],
    "no-restricted-syntax": [
      "error",
      NO_FETCH,
      {
        selector: `JSXAttribute[name.name=${VISIBLE_ATTRIBUTES}] > Literal[value=/[A-Za-z]{2}/]`,
        message: "A visible attribute's text comes from the message catalogue (useTranslations / serverTranslator).",
      },
      {
        selector: `JSXAttribute[name.name=${VISIBLE_ATTRIBUTES}] > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=/[A-Za-z]{2}/]`,
        message: "A visible attribute's text comes from the message catalogue, with its values as ICU arguments.",
      },
      {
        selector: "CallExpression[callee.name='toast'] Property[key.name=/^(title|description)$/] > Literal",
        message: "A toast's text comes from the message catalogue.",
      },
    ],
  },
};

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: [".next/**", "node_modules/**", "dist/**", "data/**", "next-env.d.ts", "playwright-report/**", "test-results/**"] },
  restrict(["src/app/**"], [DB, API, SEED]),
  restrict(["src/api/**"], [DB, APP, COMPONENTS, SEED]),
  // the page side of server.ts (the page cache's answers): HTTP like src/api, beside it
  restrict(["src/http/**"], [DB, APP, COMPONENTS, SEED]),
  restrict(["src/components/**"], [SERVER, API, APP, SEED, MESSAGES]),
  restrict(["src/lib/**"], [SERVER, API, APP, COMPONENTS, SEED, MESSAGES]),
  restrict(["src/server/**"], [API, APP, COMPONENTS, SEED, UI_FRAMEWORKS]),
  browserCode,
  {
    // The browser talks to the API through one typed client: one time limit, one error type.
    files: ["src/lib/**"],
    ignores: ["src/lib/api-client.ts", "**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", NO_FETCH] },
  },
];

export default config;
