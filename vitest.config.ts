import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname, "src"),
  // "server-only" throws outside React's server bundles; tests run server modules in plain Node
  "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
  // the catalogue is precompiled (src/messages/index.ts), as in every bundle of the shop
  "use-intl/format-message": path.resolve(import.meta.dirname, "node_modules/use-intl/dist/esm/production/format-message/format-only.js"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // use-intl goes through Vite, so that its import of format-message meets the alias above
    server: { deps: { inline: ["use-intl"] } },
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["src/**/*.test.ts", "tests/lint/**/*.test.ts", "bench/**/*.test.ts"], environment: "node", testTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/api/global-setup.ts"],
          // the shop's test clock (src/server/delivery/shop-clock.ts) is honoured by the API tests' server
          env: { SHOP_TEST_CLOCK: "1" },
          // The files share one seeded database (one PGlite folder can have one owner at a time).
          fileParallelism: false,
          // One worker runs the files in turn and keeps its loaded modules: without isolation the
          // shop's code (Fastify, Drizzle, the services) is imported once per run instead of once
          // per file. Each file opens its own services and none mocks a module; the one module
          // state they share, the catalogue's caches, is emptied as each file opens its database
          // (tests/api/harness.ts).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
