import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The layer rules of eslint.config.mjs, shown to bite: each forbidden import is linted as if it
 * stood in a file of that layer and must be reported; the allowed ones must not be.
 */
const root = path.resolve(import.meta.dirname, "../..");
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
}

describe("the API client rule", () => {
  it("refuses fetch in components and pages, and allows it in the client itself", async () => {
    const messages = async (file: string) => {
      const [result] = await eslint.lintText('export const load = () => fetch("/api/products");\n', { filePath: path.join(root, file) });
      return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-syntax");
    };
    expect(await messages("src/components/catalog/example.ts")).toHaveLength(1);
    expect(await messages("src/app/products/example.ts")).toHaveLength(1);
    expect(await messages("src/lib/api-client.ts")).toHaveLength(0);
  });
});

describe("layer rules", () => {
  const forbidden: [string, string][] = [
    ["src/app/products/example.tsx", 'import { openDatabase } from "@/server/db/client";'],
    ["src/app/products/example.tsx", 'import { openConfiguredDatabase } from "@/server/db";'],
    ["src/api/example.ts", 'import { openDatabase } from "@/server/db/client";'],
    ["src/api/example.ts", 'import { ProductTile } from "@/components/catalog/product-tile";'],
    ["src/http/example.ts", 'import { openDatabase } from "@/server/db/client";'],
    ["src/server/cache/example.ts", 'import { serveCachedPage } from "@/http/page-cache-response";'],
    ["src/components/catalog/example.tsx", 'import { getServices } from "@/server/services";'],
    ["src/components/catalog/example.tsx", 'import { buildApi } from "@/api/app";'],
    ["src/components/catalog/example.tsx", 'import { helper } from "../../server/catalog/products";'],
    ["src/lib/example.ts", 'import { DomainError } from "@/server/errors";'],
    ["src/lib/example.ts", 'import { Toaster } from "@/components/ui/toaster";'],
    ["src/lib/example.ts", 'import { x } from "../server/errors";'],
    ["src/server/catalog/example.ts", 'import { buildApi } from "@/api/app";'],
    ["src/server/catalog/example.ts", 'import { Toaster } from "@/components/ui/toaster";'],
    ["src/server/catalog/example.ts", 'import { loadSessionUser } from "@/app/session";'],
    ["src/server/catalog/example.ts", 'import { cache } from "react";'],
    ["src/server/catalog/example.ts", 'import { cookies } from "next/headers";'],
    ["src/server/catalog/example.ts", 'import { seedCatalog } from "@/seed/seed-catalog";'],
  ];
  it.each(forbidden)("refuses in %s: %s", async (file, code) => {
    expect(await layerErrors(file, `${code}\nexport const used = 1;\n`)).toHaveLength(1);
  });

  const allowed: [string, string][] = [
    ["src/app/products/example.tsx", 'import { getServices } from "@/server/services";'],
    ["src/api/example.ts", 'import type { Database } from "@/server/db";'],
    ["src/components/catalog/example.tsx", 'import type { Services } from "@/server/services";'],
    ["src/components/catalog/example.tsx", 'import { formatMoney } from "@/lib/money";'],
    ["src/server/catalog/example.ts", 'import { openDatabase } from "../db/client";'],
    ["src/server/services.ts", 'import { ensureSeeded } from "./seed/ensure-seeded";'],
  ];
  it.each(allowed)("allows in %s: %s", async (file, code) => {
    expect(await layerErrors(file, `${code}\nexport const used = 1;\n`)).toEqual([]);
  });
});
