import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default [
  ...nextVitals,
  ...nextTs,
  { ignores: [".next/**", "node_modules/**", "dist/**", "data/**", "next-env.d.ts", "playwright-report/**", "test-results/**"] },
];
