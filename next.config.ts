import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its WebAssembly and extension bundles from its own package folder at run
  // time; bundling it breaks those paths, so it (and the native/driver packages) stay external.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "sharp", "nodemailer"],
  poweredByHeader: false,
  reactStrictMode: true,
  images: { unoptimized: false },
  // The catalogue reaches the pages precompiled (src/messages/index.ts), so no bundle needs the ICU
  // message parser: about 12 KB less script, gzip, on every page's first load.
  turbopack: {
    resolveAlias: { "use-intl/format-message": "./node_modules/use-intl/dist/esm/production/format-message/format-only.js" },
  },
};

export default nextConfig;
