import fs from "node:fs";
import path from "node:path";

/** Texts of the message catalogue, read freely (a spec checks the page shows what the catalogue says). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Texts = Record<string, any>;

/** A namespace of the shop's message catalogue in a language: the JSON file the pages' texts come from. */
export const catalogue = (locale: string, namespace: string): Texts =>
  JSON.parse(fs.readFileSync(path.join(process.cwd(), "src", "messages", locale, `${namespace}.json`), "utf8")) as Texts;
