import { IMPORT_MAX_ROWS, XLSX_MAX_UNPACKED_BYTES } from "@/lib/catalog-import";
import { ZipRefused, readZipEntries, unpackEntry, type ZipEntry, type ZipLimits, type ZipProblem } from "../../media/zip-archive";
import type { Sheet, SheetFileResult } from "./sheet-file";

/**
 * XML compresses well (a sheet of repeated values 100:1 and more), so no ratio is held against an
 * entry: what bounds the work is the bytes inflated in all, counted as they are produced.
 */
const LIMITS: ZipLimits = { maxEntries: 2_000, maxUnpackedBytes: XLSX_MAX_UNPACKED_BYTES, maxRatio: 2_000 };

const PROBLEMS: Record<ZipProblem, string> = {
  "not-a-zip": "The file is not an XLSX workbook (save it as Excel Workbook .xlsx, or as CSV UTF-8)",
  "too-many-entries": "The workbook holds too many parts to be read",
  "too-large-unpacked": `The workbook unpacks to more than ${XLSX_MAX_UNPACKED_BYTES / 1024 / 1024} MB: save its first sheet alone, or as CSV`,
  "unsafe-name": "The workbook holds a part with an unsafe name",
  damaged: "The workbook is damaged and cannot be read",
};

class SheetRefused extends Error {}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** XML text as the characters it stands for (entities, character references, and Office's `_xHHHH_` escapes). */
function xmlText(raw: string): string {
  return raw
    .replace(/&(?:#x([0-9a-fA-F]+)|#(\d+)|(\w+));/g, (whole, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
      if (hex) return String.fromCodePoint(parseInt(hex, 16));
      if (dec) return String.fromCodePoint(parseInt(dec, 10));
      return ENTITIES[name!] ?? whole;
    })
    .replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The text of a string item (`<si>`) or inline string (`<is>`): its `<t>` runs, leaving out phonetic guides (`<rPh>`). */
function runsText(xml: string): string {
  const plain = xml.replace(/<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g, "");
  let out = "";
  for (const m of plain.matchAll(/<(?:\w+:)?t(?:\s[^>]*)?>([\s\S]*?)<\/(?:\w+:)?t>/g)) out += xmlText(m[1]!);
  return out;
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** A cell reference's column as a number from 0 ("A1" → 0, "AB7" → 27). */
function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? "";
  let n = 0;
  for (const c of letters) n = n * 26 + (c.charCodeAt(0) - 64);
  return n - 1;
}

/** A number cell as the shortest text that reads back as the same number ("4.7000000000000002E-6" → "0.0000047"). */
function numberText(raw: string): string {
  const n = Number(raw);
  return Number.isFinite(n) ? String(n) : raw;
}

/**
 * Reads the entries of the workbook that the first sheet needs, each inflated with the running
 * limits; the sheet itself is handed on in pieces as it inflates (never held whole).
 */
function workbook(data: Buffer) {
  let entries: ZipEntry[];
  try {
    entries = readZipEntries(data, LIMITS);
  } catch (error) {
    throw new SheetRefused(PROBLEMS[error instanceof ZipRefused ? error.problem : "not-a-zip"]);
  }
  const byName = new Map(entries.map((e) => [e.name.replace(/^\/+/, ""), e]));
  const budget = { unpacked: 0 };
  const stream = (name: string, take: (text: string) => boolean | void): boolean => {
    const entry = byName.get(name);
    if (!entry) return false;
    const decoder = new TextDecoder("utf-8");
    const problem = unpackEntry(data, entry, LIMITS, budget, (chunk) => take(decoder.decode(chunk, { stream: true })));
    if (problem) throw new SheetRefused(PROBLEMS[problem]);
    take(decoder.decode());
    return true;
  };
  const read = (name: string): string | null => {
    let text = "";
    return stream(name, (piece) => void (text += piece)) ? text : null;
  };
  return { stream, read };
}

/** Resolves a relationship's target against the part it belongs to ("worksheets/sheet1.xml" from "xl/workbook.xml"). */
function partPath(from: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const parts = from.split("/").slice(0, -1);
  for (const piece of target.split("/")) {
    if (piece === "..") parts.pop();
    else if (piece !== ".") parts.push(piece);
  }
  return parts.join("/");
}

/**
 * The first sheet of an XLSX workbook as the import's sheet: its first row with a value names the
 * columns (trimmed, lower case; a column without a name is left out), every later row with a value
 * is a line, numbered as the spreadsheet numbers its rows. Cells read as the spreadsheet shows their
 * value: shared and inline strings as text, numbers as their shortest exact text, TRUE/FALSE as
 * true/false, an error as its code (#N/A), a formula as its last computed value.
 *
 * Safe for files from strangers: the ZIP container is checked like every uploaded archive
 * (media/zip-archive.ts), only the parts the first sheet needs are inflated, with a running limit
 * on the bytes produced (XLSX_MAX_UNPACKED_BYTES), and reading stops once the sheet has more lines
 * than an import takes. Synchronous and CPU-bound: the shop runs it in a worker (sheet-reader.ts).
 */
export function readXlsxSheet(input: Uint8Array): SheetFileResult {
  const data = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  try {
    const book = workbook(data);
    const workbookXml = book.read("xl/workbook.xml");
    if (workbookXml === null) throw new SheetRefused(PROBLEMS["not-a-zip"]);
    const rels = book.read("xl/_rels/workbook.xml.rels") ?? "";
    const relations = new Map<string, { target: string; type: string }>();
    for (const m of rels.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g))
      relations.set(attribute(m[0], "Id") ?? "", { target: attribute(m[0], "Target") ?? "", type: attribute(m[0], "Type") ?? "" });
    const firstSheet = /<(?:\w+:)?sheet\b[^>]*>/.exec(workbookXml)?.[0];
    const sheetRel = firstSheet ? /\s(?:\w+:)?id="([^"]*)"/.exec(firstSheet)?.[1] : undefined;
    const sheetTarget = sheetRel ? relations.get(sheetRel)?.target : undefined;
    const sheetPath = sheetTarget ? partPath("xl/workbook.xml", sheetTarget) : "xl/worksheets/sheet1.xml";
    const stringsRel = [...relations.values()].find((r) => r.type.endsWith("/sharedStrings"));
    const stringsXml = book.read(stringsRel ? partPath("xl/workbook.xml", stringsRel.target) : "xl/sharedStrings.xml");
    const strings: string[] = [];
    if (stringsXml)
      for (const m of stringsXml.matchAll(/<(?:\w+:)?si\b[^>]*>([\s\S]*?)<\/(?:\w+:)?si>|<(?:\w+:)?si\s*\/>/g)) strings.push(m[1] ? runsText(m[1]) : "");

    let header: { index: number; name: string }[] | null = null;
    const rows: Sheet["rows"] = [];
    let tooMany = false;
    let sequence = 0;
    const takeRow = (rowXml: string) => {
      const open = /^<(?:\w+:)?row\b[^>]*>/.exec(rowXml)?.[0] ?? "";
      const line = Number(attribute(open, "r")) || sequence + 1;
      sequence = line;
      const values = new Map<number, string>();
      let next = 0;
      for (const m of rowXml.matchAll(/<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g)) {
        const attrs = ` ${m[1]}`;
        const ref = attribute(attrs, "r");
        const index = ref ? columnIndex(ref) : next;
        next = index + 1;
        const body = m[2] ?? "";
        const type = attribute(attrs, "t") ?? "n";
        const v = /<(?:\w+:)?v(?:\s[^>]*)?>([\s\S]*?)<\/(?:\w+:)?v>/.exec(body)?.[1];
        let value: string;
        if (type === "inlineStr") value = runsText(body);
        else if (v === undefined) value = "";
        else if (type === "s") value = strings[Number(v)] ?? "";
        else if (type === "b") value = v.trim() === "1" ? "true" : "false";
        else if (type === "n") value = numberText(v.trim());
        else value = xmlText(v);
        if (value !== "") values.set(index, value);
      }
      if (values.size === 0) return;
      if (!header) {
        header = [...values.entries()].sort((a, b) => a[0] - b[0]).map(([index, name]) => ({ index, name: name.trim().toLowerCase() }));
        header = header.filter((h) => h.name !== "");
        return;
      }
      if (rows.length >= IMPORT_MAX_ROWS) {
        tooMany = true;
        return;
      }
      rows.push({ line, cells: Object.fromEntries(header.map((h) => [h.name, values.get(h.index) ?? ""])) });
    };

    // rows are taken as the sheet inflates: only the unfinished row is held between pieces
    let pending = "";
    const found = book.stream(sheetPath, (piece) => {
      pending += piece;
      const rowPattern = /<(?:\w+:)?row\b[^>]*?(?:\/>|>[\s\S]*?<\/(?:\w+:)?row>)/g;
      let end = 0;
      for (let m = rowPattern.exec(pending); m; m = rowPattern.exec(pending)) {
        takeRow(m[0]);
        end = m.index + m[0].length;
        if (tooMany) return false;
      }
      pending = pending.slice(end);
      // no row is this long: the sheet is not what it claims to be
      if (pending.length > 4 * 1024 * 1024) throw new SheetRefused("A row of the sheet is longer than 4 MB");
    });
    if (!found) throw new SheetRefused("The workbook has no sheet to read");
    if (!header) return { ok: true, sheet: { columns: [], rows: [] } };
    const columns = (header as { index: number; name: string }[]).map((h) => h.name);
    // one more line than an import takes: the import says the file is too long
    if (tooMany) rows.push({ line: sequence, cells: {} });
    return { ok: true, sheet: { columns, rows } };
  } catch (error) {
    if (error instanceof SheetRefused) return { ok: false, line: 1, message: error.message };
    throw error;
  }
}
