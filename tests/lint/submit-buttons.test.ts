import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * A form its script sends (onSubmit, no action of its own) submits through SubmitButton
 * (src/components/ui/submit-button.tsx), which stays disabled until the page has hydrated: a press
 * before that, on a slow phone, would be the browser's own submit, a reload that loses what was
 * typed and says nothing. A plain `type="submit"` is left only to forms the server answers by
 * itself (an `action`), which work before the script as well as after.
 */
const root = path.resolve(import.meta.dirname, "../..");

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(full);
    return entry.name.endsWith(".tsx") ? [full] : [];
  });
}

const hasAttribute = (attributes: ts.JsxAttributes, name: string) => attributes.properties.some((p) => ts.isJsxAttribute(p) && p.name.getText() === name);

/** The lines of plain submit buttons inside forms without an action, in a client component's text. */
export function scriptFormSubmits(fileName: string, text: string): number[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: number[] = [];
  const visit = (node: ts.Node, form: ts.JsxAttributes | null) => {
    let inside = form;
    if (ts.isJsxElement(node) && node.openingElement.tagName.getText() === "form") inside = node.openingElement.attributes;
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const submit = node.attributes.properties.some(
        (p) =>
          ts.isJsxAttribute(p) &&
          p.name.getText() === "type" &&
          p.initializer !== undefined &&
          ts.isStringLiteral(p.initializer) &&
          p.initializer.text === "submit",
      );
      if (submit && inside && !hasAttribute(inside, "action")) found.push(source.getLineAndCharacterOfPosition(node.getStart()).line + 1);
    }
    ts.forEachChild(node, (child) => visit(child, inside));
  };
  visit(source, null);
  return found;
}

describe("submit buttons", () => {
  it("are found in a form its script sends, and left alone in a form with an action", () => {
    const sent = `export const A = () => <form onSubmit={send}><button type="submit">Go</button></form>;`;
    const component = `export const A = () => <form onSubmit={send}>\n<Button type="submit">Go</Button></form>;`;
    const native = `export const A = () => <form action="/products" method="get"><button type="submit">Go</button></form>;`;
    const safe = `export const A = () => <form onSubmit={send}><SubmitButton>Go</SubmitButton></form>;`;
    expect(scriptFormSubmits("a.tsx", sent)).toEqual([1]);
    expect(scriptFormSubmits("a.tsx", component)).toEqual([2]);
    expect(scriptFormSubmits("a.tsx", native)).toEqual([]);
    expect(scriptFormSubmits("a.tsx", safe)).toEqual([]);
  });

  it("of the shop's forms sent by script wait for the page's script (SubmitButton)", () => {
    const offenders = [...tsxFiles(path.join(root, "src/components")), ...tsxFiles(path.join(root, "src/app"))].flatMap((file) => {
      const text = fs.readFileSync(file, "utf8");
      if (!/^\s*["']use client["']/.test(text)) return [];
      return scriptFormSubmits(file, text).map((line) => `${path.relative(root, file)}:${line}`);
    });
    expect(offenders).toEqual([]);
  });
});
