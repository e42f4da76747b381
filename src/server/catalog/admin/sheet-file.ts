import { parse } from "csv-parse/sync";
import { readXlsxSheet } from "./xlsx";

/** A sheet as read from a CSV or XLSX file: its column names (lower case) and its lines' cells by column. */
export interface Sheet {
  columns: string[];
  rows: { line: number; cells: Record<string, string> }[];
}

export type SheetFileResult = { ok: true; sheet: Sheet } | { ok: false; line: number; message: string };

/** An XLSX workbook is a ZIP: it starts with a local file header. */
export const isZip = (bytes: Uint8Array) => bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * A CSV file as a sheet: the first line names the columns (trimmed, lower case), every other line
 * is a product. Blank lines are skipped; each line keeps its number in the file, so a problem
 * names the line a spreadsheet shows. Answers the problem instead when the text is not CSV.
 */
export function readCsvSheet(text: string): SheetFileResult {
  let columns: string[] = [];
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => (columns = header.map((h) => h.trim().toLowerCase())),
      info: true,
      skip_empty_lines: true,
      trim: true,
      max_record_size: 20_000,
    });
  } catch (error) {
    return { ok: false, line: (error as { lines?: number }).lines ?? 1, message: `The file is not valid CSV: ${(error as Error).message}` };
  }
  return { ok: true, sheet: { columns, rows: records.map(({ record, info }) => ({ line: info.lines, cells: record })) } };
}

/**
 * A sheet file as sent: an XLSX workbook (by its ZIP signature) or CSV text in UTF-8. Parsing is
 * CPU work proportional to the file: the shop runs this in a worker thread (sheet-reader.ts).
 */
export function readSheetFile(bytes: Uint8Array): SheetFileResult {
  if (isZip(bytes)) return readXlsxSheet(bytes);
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if (text.includes("\uFFFD"))
    return { ok: false, line: 1, message: "The file is not UTF-8 text: save it as CSV UTF-8 (or as an Excel workbook) and try again" };
  return readCsvSheet(text);
}
