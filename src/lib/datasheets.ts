/**
 * A product's datasheet: the rules the server and the admin's form share (the upload's byte
 * limit and type, the manufacturer's link) and how its size reads.
 */

/**
 * A product's datasheet as its page and its API detail show it: `url` is the shop's copy (served
 * as an attachment), `generated` when the shop made it from its own data (a spec sheet, which
 * says so), `manufacturerUrl` the manufacturer's own page, shown beside. `url` and `bytes` are
 * null when there is only the manufacturer's link.
 */
export interface Datasheet {
  url: string | null;
  bytes: number | null;
  generated: boolean;
  manufacturerUrl: string | null;
}

/** A datasheet upload's byte limit: manufacturers' datasheets run to a few megabytes, a long one to ten or more. */
export const DATASHEET_MAX_BYTES = 20 * 1024 * 1024;

/** The longest manufacturer's link kept. */
export const MANUFACTURER_URL_MAX = 2_000;

/** What every PDF file begins with. */
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** Whether the bytes are a PDF by their magic number (`%PDF-` at the start), whatever the file was called. */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length > PDF_MAGIC.length && PDF_MAGIC.every((b, i) => bytes[i] === b);
}

/** The name a downloaded datasheet is saved under: `<sku>-datasheet.pdf`, with only safe characters of the SKU. */
export function datasheetFileName(sku: string): string {
  const safe = sku.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[-.]+|[-.]+$/g, "");
  return `${safe || "product"}-datasheet.pdf`;
}

export type ManufacturerUrlProblem = "notUrl" | "notHttps" | "tooLong";

/** Why a manufacturer's link is refused (it must be a plain https address), or null when it is fine. */
export function manufacturerUrlProblem(input: string): ManufacturerUrlProblem | null {
  const value = input.trim();
  if (value.length > MANUFACTURER_URL_MAX) return "tooLong";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "notUrl";
  }
  if (url.protocol !== "https:") return "notHttps";
  // a link with a user name or password in it is a phishing trick, not a manufacturer's page
  if (!url.hostname.includes(".") || url.username || url.password) return "notUrl";
  return null;
}

/** A file's size as people read it: "850 kB", "2.4 MB" (decimal units, the language's number format). */
export function formatFileSize(bytes: number, locale: string): string {
  if (bytes < 1000) return new Intl.NumberFormat(locale, { style: "unit", unit: "byte", unitDisplay: "short" }).format(bytes);
  if (bytes < 1_000_000)
    return new Intl.NumberFormat(locale, { style: "unit", unit: "kilobyte", unitDisplay: "short", maximumFractionDigits: 0 }).format(bytes / 1000);
  return new Intl.NumberFormat(locale, { style: "unit", unit: "megabyte", unitDisplay: "short", maximumFractionDigits: 1 }).format(bytes / 1_000_000);
}
