import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * Every visible text comes from the message catalogue: the lint rules of eslint.config.mjs
 * (react/jsx-no-literals, and no-restricted-syntax for visible attributes and toasts) bite on
 * samples, and the whole of src/app and src/components is clean of them.
 */
const root = path.resolve(import.meta.dirname, "../..");
const CATALOGUE_RULES = new Set(["react/jsx-no-literals", "no-restricted-syntax"]);
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function literalErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId && CATALOGUE_RULES.has(m.ruleId)).map((m) => m.message);
}

describe("the catalogue rule", () => {
  it.each([
    ["JSX text", "export const A = () => <p>Add to cart</p>;"],
    ["a string child", 'export const A = () => <p>{"Add to cart"}</p>;'],
    ["an aria-label", 'export const A = () => <button aria-label="Close menu" />;'],
    ["a placeholder", 'export const A = () => <input placeholder="Search products" />;'],
    ["a template in a title", "export const A = ({ n }: { n: number }) => <p title={`${n} items`} />;"],
    ["a toast", 'declare const toast: (t: object) => void; export const f = () => toast({ title: "Added to cart" });'],
  ])("reports %s", async (_, code) => {
    expect(await literalErrors("src/components/catalog/example.tsx", code)).not.toEqual([]);
  });

  it("allows symbols, class names and texts from a translator", async () => {
    const code = `declare const t: (k: string) => string;
      export const A = () => <p className="text-sm" data-testid="price" aria-label={t("price")}>{t("price")} ·</p>;`;
    expect(await literalErrors("src/components/catalog/example.tsx", code)).toEqual([]);
  });
});

describe("the shop's pages and components", () => {
  it("render no literal visible text outside the catalogue", async () => {
    const results = await eslint.lintFiles(["src/app/**/*.{ts,tsx}", "src/components/**/*.{ts,tsx}"]);
    const found = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId && CATALOGUE_RULES.has(m.ruleId)).map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.message}`),
    );
    expect(found).toEqual([]);
  }, 240_000);
});
