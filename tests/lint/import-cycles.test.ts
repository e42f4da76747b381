import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

/**
 * No module under src/ imports itself through others. A cycle makes the order in which modules
 * run depend on which one a bundle reaches first (a value read before its module has run is
 * `undefined`), and in this shop it usually meant a lazily loaded part importing back from the
 * module that loads it, so the two could not be split cleanly. The graph is walked here by hand
 * with the TypeScript parser (no dependency): `@/` is src/, relative paths resolve to .ts, .tsx
 * or a folder's index. Dynamic `import()` counts, since its module still runs and reads the other
 * one. `import type` and `export type` (and imports whose every name is marked `type`) do not:
 * the compiler erases them, so they cannot make a cycle at run time.
 */
const root = path.resolve(import.meta.dirname, "../..");
const EXTENSIONS = [".ts", ".tsx"];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return EXTENSIONS.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The module specifiers a file imports at run time. */
function runtimeImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) found.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.exportClause;
      const typeOnly =
        statement.isTypeOnly || (clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push(statement.moduleSpecifier.text);
    }
  }
  // import("…") can sit anywhere (a lazy() component, an event handler): walk the tree only when the text has one
  if (/\bimport\s*\(/.test(text)) {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [specifier] = node.arguments;
        if (specifier && ts.isStringLiteralLike(specifier)) found.push(specifier.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** The file a specifier names, or null for a package (or anything outside the tree). */
function resolve(from: string, specifier: string, srcDir: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(srcDir, specifier.slice(2));
  else if (specifier.startsWith("./") || specifier.startsWith("../")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`))];
  // "./x.js" written for ESM output names x.ts
  if (/\.jsx?$/.test(base)) candidates.push(...EXTENSIONS.map((ext) => base.replace(/\.jsx?$/, ext)));
  return candidates.find((file) => EXTENSIONS.some((ext) => file.endsWith(ext)) && fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;
}

/** The import graph of the .ts and .tsx files under srcDir: file → the files it imports at run time. */
function importGraph(srcDir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(srcDir)) {
    const targets = runtimeImports(file, fs.readFileSync(file, "utf8"))
      .map((specifier) => resolve(file, specifier, srcDir))
      .filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Each cycle once, as the files around it, starting from its first file in sorted order. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const cycles = new Map<string, string[]>();
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") {
        const cycle = stack.slice(stack.indexOf(next));
        const start = cycle.indexOf([...cycle].sort()[0]!);
        const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
        cycles.set(rotated.join("\n"), rotated);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return [...cycles.values()];
}

const describeCycle = (cycle: string[], base: string) => [...cycle, cycle[0]!].map((file) => path.relative(base, file)).join(" → ");

describe("import cycles", () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "import-cycles-"));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it("are found: a lazy import back, through the alias and a folder's index; type-only imports are not", () => {
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
      fs.writeFileSync(path.join(scratch, file), text);
    };
    write("menu.tsx", 'import { lazy } from "react";\nexport const Popup = lazy(() => import("./menu-popup"));\nexport const label = "x";');
    write("menu-popup.tsx", 'import { label } from "@/menu";\nimport type { Shape } from "./shapes";\nexport default () => label;');
    write("shapes/index.ts", 'import { type Popup } from "../menu";\nexport type Shape = typeof Popup;');
    write("a.ts", 'export * from "./b";');
    write("b.ts", 'import "@/a";');
    const cycles = findCycles(importGraph(scratch)).map((cycle) => describeCycle(cycle, scratch));
    expect(cycles.sort()).toEqual(["a.ts → b.ts → a.ts", "menu-popup.tsx → menu.tsx → menu-popup.tsx"]);
  });

  it("do not exist under src/", () => {
    const graph = importGraph(path.join(root, "src"));
    const cycles = findCycles(graph).map((cycle) => describeCycle(cycle, root));
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles, `import cycles (move the shared piece into a module of its own):\n${cycles.join("\n")}`).toEqual([]);
  });
});
