import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its WebAssembly and extension bundles from its own package folder at run
  // time; bundling it breaks those paths, so it (and the native/driver packages) stay external.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "sharp", "nodemailer"],
  poweredByHeader: false,
  reactStrictMode: true,
  images: { unoptimized: false },
};

export default nextConfig;
