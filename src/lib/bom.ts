/**
 * Bills of materials as people write them: pasted text ("10 x 10k resistor 0805",
 * "ESP32-WROOM-32, 2", "100nF 0805 ceramic capacitor; qty 50") or a CSV export with a header
 * (`qty,part,description`, KiCad's `Reference,Value,Footprint,Qty`). `parseBom` turns either into
 * lines of {text, quantity}; `analysePart` reads a line's text into what identifies a part: part
 * numbers, electrical values, the kind of part, package, power, voltage and tolerance, each in one
 * normal form (10k = 10kΩ = 10K ohm, 100nF = 0.1uF = 100n, 1/4W = 0.25W, SOT23 = SOT-23).
 * Shared by the browser (reading the paste or file) and the server (matching each line).
 */

/** The largest file the page reads, and the most lines one BOM may have. */
export const BOM_MAX_BYTES = 200 * 1024;
export const BOM_MAX_LINES = 200;
/** A line's text is cut to this length (a part's name and notes, never a paragraph). */
export const BOM_TEXT_MAX = 200;
export const BOM_QUANTITY_MAX = 99_999;

export interface BomLine {
  text: string;
  quantity: number;
}

export interface ParsedBom {
  lines: BomLine[];
  /** lines past BOM_MAX_LINES, left out */
  dropped: number;
}

// ---------------------------------------------------------------------------------------------
// Reading the whole BOM
// ---------------------------------------------------------------------------------------------

const QTY_HEADERS = ["qty", "quantity", "qnty", "amount", "count", "pcs", "units", "number"];
const PART_NUMBER_HEADERS = ["mpn", "partnumber", "manufacturerpartnumber", "mfrpartnumber", "mfrpn", "mfgpartnumber", "partno", "pn", "lcscpart"];
const VALUE_HEADERS = ["value", "val"];
const TEXT_HEADERS = ["part", "description", "desc", "name", "item", "component", "comment", "partname"];
const FOOTPRINT_HEADERS = ["footprint", "package", "case", "casepackage"];
const REFERENCE_HEADERS = ["reference", "references", "ref", "refs", "designator", "designators", "refdes"];

const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z]/g, "");

interface Columns {
  qty: number;
  partNumber: number;
  value: number;
  text: number[];
  footprint: number;
  reference: number;
}

function findColumns(cells: readonly string[]): Columns | null {
  const keys = cells.map(headerKey);
  const find = (names: readonly string[]) => keys.findIndex((k) => names.includes(k));
  const columns: Columns = {
    qty: find(QTY_HEADERS),
    partNumber: find(PART_NUMBER_HEADERS),
    value: find(VALUE_HEADERS),
    text: keys.flatMap((k, i) => (TEXT_HEADERS.includes(k) ? [i] : [])),
    footprint: find(FOOTPRINT_HEADERS),
    reference: find(REFERENCE_HEADERS),
  };
  const describes = columns.partNumber >= 0 || columns.value >= 0 || columns.text.length > 0;
  // a header names what a part is and at least one other column; a data row names neither
  const known = [columns.qty, columns.footprint, columns.reference].filter((i) => i >= 0).length + (describes ? 1 : 0);
  return describes && known >= 2 ? columns : describes && keys.length === 1 ? columns : null;
}

/** The delimiter of a CSV line: the one of tab, semicolon and comma it has most of (outside quotes). */
function delimiterOf(line: string): string | null {
  const counts = new Map<string, number>([
    ["\t", 0],
    [";", 0],
    [",", 0],
  ]);
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best: string | null = null;
  for (const [ch, n] of counts) if (n > 0 && (best === null || n > counts.get(best)!)) best = ch;
  return best;
}

/** One CSV record's cells (RFC 4180 quotes: "a, b" is one cell, "" inside quotes is a quote). */
export function splitCsvLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      cells.push(cell.trim());
      cell = "";
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

function clampQuantity(n: number): number {
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(BOM_QUANTITY_MAX, Math.floor(n));
}

/** "R1, R2, R5-R7" → 5: how many parts a designator list names. */
export function countDesignators(text: string): number {
  let count = 0;
  for (const piece of text.split(/[\s,;]+/).filter(Boolean)) {
    const range = /^([A-Za-z]+)(\d+)-\1?(\d+)$/.exec(piece);
    if (range) count += Math.max(1, Number(range[3]) - Number(range[2]) + 1);
    else if (/^[A-Za-z]+\d+$/.test(piece)) count++;
  }
  return count;
}

/** The kind of part a designator letter means (R1 resistor, C3 capacitor), for a value with no kind word. */
function kindOfDesignator(text: string): string {
  const letters = /^([A-Za-z]+)\d/.exec(text.trim())?.[1]?.toUpperCase();
  switch (letters) {
    case "R":
      return "resistor";
    case "C":
      return "capacitor";
    case "L":
      return "inductor";
    case "D":
      return "diode";
    case "Q":
      return "transistor";
    case "Y":
    case "X":
      return "crystal";
    case "LED":
      return "led";
    default:
      return "";
  }
}

/**
 * KiCad's footprint names ("Resistor_SMD:R_0805_2012Metric", "Package_DIP:DIP-8_W7.62mm") as words
 * the line analysis reads: the package, and the kind a library prefix names.
 */
export function footprintWords(footprint: string): string {
  const name = footprint.includes(":") ? footprint.slice(footprint.indexOf(":") + 1) : footprint;
  const library = footprint.includes(":") ? footprint.slice(0, footprint.indexOf(":")) : "";
  const pkg = packageOf(name.replace(/_/g, " "));
  const kind = /^R_/i.test(name) || /^Resistor/i.test(library) ? "resistor" : /^C_/i.test(name) || /^Capacitor/i.test(library) ? "capacitor" : "";
  return [kind, pkg ?? ""].filter(Boolean).join(" ");
}

function csvRowLine(cells: readonly string[], columns: Columns): BomLine | null {
  const cell = (i: number) => (i >= 0 ? (cells[i] ?? "").trim() : "");
  const parts = [cell(columns.partNumber), cell(columns.value), ...columns.text.map(cell)].filter(Boolean);
  if (!parts.length) return null;
  const footprint = cell(columns.footprint);
  const reference = cell(columns.reference);
  let text = [...new Set(parts)].join(" ");
  const kindWord = reference ? kindOfDesignator(reference) : "";
  if (kindWord && !kindOf(text)) text = `${text} ${kindWord}`;
  if (footprint) text = `${text} ${footprintWords(footprint) || footprint}`;
  // the designators and the footprint may both name the kind: say it once
  const seen = new Set<string>();
  text = text
    .split(" ")
    .filter((w) => {
      const key = w.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .join(" ");
  const qtyText = cell(columns.qty);
  const quantity = /^\d+(\.0+)?$/.test(qtyText) ? Number(qtyText) : reference ? countDesignators(reference) : 1;
  return { text: cleanText(text), quantity: clampQuantity(quantity || 1) };
}

function cleanText(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/^[\s,;:|\-–]+|[\s,;:|\-–]+$/g, "")
    .slice(0, BOM_TEXT_MAX)
    .trim();
}

// Quantities people write around a part: "10 x …", "10x …", "10 pcs …", "…, 2", "… x5", "…; qty 50".
const QTY_WORD = "(?:pcs|pc|pieces|piece|nos|no|units|unit|ea|each|vipande|pcs\\.)";
const LEADING_QTY = new RegExp(`^(\\d{1,5})\\s*(?:x|×|\\*|${QTY_WORD})\\s+(?=\\S)`, "i");
const LEADING_QTY_X_ATTACHED = /^(\d{1,5})\s*[x×*](?=[A-Za-z]{2})/;
const LEADING_QTY_DELIMITED = /^(\d{1,5})\s*[,;\t|:]\s*(?=\S)/;
const LEADING_BARE_QTY = /^(\d{1,5})\s+(?=\S)/;
const TRAILING_DELIMITED = new RegExp(`[,;\\t|]\\s*(?:qty[:.=\\s]*)?(\\d{1,5})\\s*(?:${QTY_WORD}\\.?)?\\s*$`, "i");
const TRAILING_X = /(?:^|\s)[x×*]\s*(\d{1,5})\s*$/i;
const QTY_LABELLED = /[,;|(]?\s*\b(?:qty|quantity|qnty|idadi)\s*[:.=]?\s*(\d{1,5})\b\)?/i;
const QTY_COUNTED = new RegExp(`[,;(]?\\s*\\b(\\d{1,5})\\s*${QTY_WORD}\\b\\.?\\)?`, "i");
// a bare leading number is a quantity unless a unit follows it ("12 V relay", "5 mm LED")
const UNIT_AFTER = /^(?:v|vdc|vac|a|ma|w|mw|mm|cm|m|ohms?|Ω|k|kΩ|uf|nf|pf|µf|mhz|khz|hz|pin|pins|way|mah|ah|inch|in|"|%|deg|°)\b/i;

/** A free-text line's quantity and the text left once it is taken out. */
export function parseTextLine(raw: string): BomLine | null {
  let text = raw.replace(/\s+/g, " ").trim();
  if (!text) return null;
  let quantity: number | null = null;
  const take = (re: RegExp) => {
    if (quantity !== null) return;
    const m = re.exec(text);
    if (!m) return;
    quantity = Number(m[1]);
    text = (text.slice(0, m.index) + " " + text.slice(m.index + m[0].length)).trim();
  };
  take(QTY_LABELLED);
  take(LEADING_QTY);
  take(LEADING_QTY_X_ATTACHED);
  take(LEADING_QTY_DELIMITED);
  take(TRAILING_DELIMITED);
  take(TRAILING_X);
  take(QTY_COUNTED);
  if (quantity === null) {
    const m = LEADING_BARE_QTY.exec(text);
    if (m && !UNIT_AFTER.test(text.slice(m[0].length))) take(LEADING_BARE_QTY);
  }
  const cleaned = cleanText(text);
  if (!cleaned || !/[A-Za-z0-9]/.test(cleaned)) return null;
  return { text: cleaned, quantity: clampQuantity(quantity ?? 1) };
}

/**
 * A BOM's lines: a CSV with a recognised header read by its columns (quantity, part number, value,
 * description, footprint, designators), anything else line by line with the quantity found in the
 * text. Empty lines and comments (# or //) are skipped; at most BOM_MAX_LINES lines are kept.
 */
export function parseBom(input: string): ParsedBom {
  const rows = input
    .replace(/^\uFEFF/, "")
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#") && !l.startsWith("//"));
  const lines: BomLine[] = [];
  let dropped = 0;
  const push = (line: BomLine | null) => {
    if (!line) return;
    if (lines.length < BOM_MAX_LINES) lines.push(line);
    else dropped++;
  };
  const first = rows[0] ?? "";
  const delimiter = delimiterOf(first);
  const columns = delimiter ? findColumns(splitCsvLine(first, delimiter)) : null;
  if (delimiter && columns) {
    for (const row of rows.slice(1)) push(csvRowLine(splitCsvLine(row, delimiter), columns));
  } else {
    for (const row of rows) push(parseTextLine(row.replace(/^"(.*)"$/, "$1")));
  }
  return { lines, dropped };
}

// ---------------------------------------------------------------------------------------------
// Reading one part
// ---------------------------------------------------------------------------------------------

export type ValueKind = "resistance" | "capacitance" | "inductance";

export interface PartValue {
  kind: ValueKind;
  /** in ohms, farads or henries */
  si: number;
}

export interface PartAnalysis {
  /** part numbers, lower-case, letters and digits only ("ESP32-WROOM-32" → "esp32wroom32") */
  partNumbers: string[];
  values: PartValue[];
  /** what the part is (resistor, capacitor, potentiometer, …), from its words or its value */
  kind: string | null;
  /** SMD size or package, in one spelling: "0805", "SOT-23", "DIP-8", "TO-220" */
  package: string | null;
  /** watts */
  power: number | null;
  /** volts */
  voltage: number | null;
  /** percent */
  tolerance: number | null;
  /** the other words, lower-case (for lines that name no part number or value) */
  words: string[];
}

const SI_PREFIX: Record<string, number> = { p: 1e-12, n: 1e-9, u: 1e-6, m: 1e-3, "": 1, k: 1e3, K: 1e3, M: 1e6, meg: 1e6, g: 1e9, G: 1e9 };

/** The same text with µ/μ as u and Ω as " ohm", so one set of patterns reads every spelling. */
function unify(text: string): string {
  return text.normalize("NFKC").replace(/[µμ]/g, "u").replace(/Ω|Ω/g, " ohm ").replace(/[–—]/g, "-");
}

const num = (text: string) => Number(text.replace(",", "."));

/** Electrical values in a text: 10k, 4k7, 220R, 10K ohm, 1M, 100nF, 0.1uF, 100n, 4n7, 10uH. */
export function valuesOf(rawText: string): PartValue[] {
  const text = unify(rawText);
  const out: PartValue[] = [];
  const add = (kind: ValueKind, si: number) => {
    if (si > 0 && Number.isFinite(si) && !out.some((v) => v.kind === kind && sameValue(v.si, si))) out.push({ kind, si });
  };
  let m: RegExpExecArray | null;
  // resistance with a unit word: "10k ohm", "220 ohms", "4.7 kohm", "1 Mohm"
  const withOhm = /(?<![\w.])(\d+(?:[.,]\d+)?)\s*(k|K|M|meg|m)?\s*ohms?\b/g;
  while ((m = withOhm.exec(text))) add("resistance", num(m[1]!) * (m[2] === "m" ? 1e-3 : (SI_PREFIX[m[2] ?? ""] ?? 1)));
  // RKM code: 4k7, 2R2, 1M5; and 220R, 10K, 1M as a bare value
  const rkm = /(?<![\w.])(\d+)([RKkM])(\d{1,2})?(?![\w.])/g;
  while ((m = rkm.exec(text))) {
    const letter = m[2]!;
    const multiplier = letter === "R" ? 1 : letter === "M" ? 1e6 : 1e3;
    add("resistance", num(`${m[1]}.${m[3] ?? "0"}`) * multiplier);
  }
  const decimalK = /(?<![\w.])(\d+[.,]\d+)\s*([kKM])(?![\w.])/g;
  while ((m = decimalK.exec(text))) add("resistance", num(m[1]!) * (m[2] === "M" ? 1e6 : 1e3));
  // capacitance: 100nF, 0.1uF, 22pF, 1000uF; and the bare prefixed forms 100n, 22p, 10u, 4n7
  const farad = /(?<![\w.])(\d+(?:[.,]\d+)?)\s*([pnumPNU])?\s*F(?:arads?)?(?![A-Za-z])/g;
  while ((m = farad.exec(text))) add("capacitance", num(m[1]!) * (SI_PREFIX[(m[2] ?? "").toLowerCase()] ?? 1));
  const bareCap = /(?<![\w.])(\d+)([pnu])(\d{1,2})?(?![\w.])/g;
  while ((m = bareCap.exec(text))) add("capacitance", num(`${m[1]}.${m[3] ?? "0"}`) * SI_PREFIX[m[2]!]!);
  const henry = /(?<![\w.])(\d+(?:[.,]\d+)?)\s*([nuμm])H\b/g;
  while ((m = henry.exec(text))) add("inductance", num(m[1]!) * (SI_PREFIX[m[2]!] ?? 1));
  return out;
}

export function sameValue(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(Math.abs(a), Math.abs(b)) * 1e-6;
}

/** Watts: "1/4W", "0.25W", "250mW", "1/4 watt". */
export function powerOf(rawText: string): number | null {
  const text = unify(rawText);
  const fraction = /(?<![\w./])(\d+)\s*\/\s*(\d+)\s*(?:W|watts?)\b/i.exec(text);
  if (fraction && Number(fraction[2]) > 0) return Number(fraction[1]) / Number(fraction[2]);
  const decimal = /(?<![\w./])(\d+(?:[.,]\d+)?)\s*(m)?(?:W|watts?)\b/i.exec(text);
  if (decimal) return num(decimal[1]!) * (decimal[2] ? 1e-3 : 1);
  return null;
}

/** Volts: "25V", "3.3 V", "50VDC". */
export function voltageOf(rawText: string): number | null {
  const m = /(?<![\w.])(\d+(?:[.,]\d+)?)\s*V(?:DC|AC)?\b/i.exec(unify(rawText));
  return m ? num(m[1]!) : null;
}

export function toleranceOf(rawText: string): number | null {
  const m = /(?<![\w.])±?\s*(\d+(?:[.,]\d+)?)\s*%/.exec(rawText);
  return m ? num(m[1]!) : null;
}

const SMD_SIZES = ["01005", "0201", "0402", "0603", "0805", "1206", "1210", "1812", "2010", "2512"];

/** The package in one spelling: 0805, SOT-23(-5), DIP-8, SOIC-8, TO-220, TO-92, TQFP-32, … */
export function packageOf(rawText: string): string | null {
  const text = unify(rawText).toUpperCase();
  const size = new RegExp(`(?<![\\w.])(${SMD_SIZES.join("|")})(?![\\w.])`).exec(text);
  if (size) return size[1]!;
  const sized = /(?:^|[^A-Z0-9])(?:R|C|L)_?(0402|0603|0805|1206)_/.exec(text);
  if (sized) return sized[1]!;
  const sot = /(?<![A-Z])SOT\s*-?\s*(23|223|89|323|363|563)(?:\s*-\s*(\d+))?(?!\d)/.exec(text);
  if (sot) return `SOT-${sot[1]}${sot[2] ? `-${sot[2]}` : ""}`;
  const dip = /(?<![A-Z])P?DIP\s*-?\s*(\d{1,2})(?!\d)/.exec(text);
  if (dip) return `DIP-${dip[1]}`;
  const soic = /(?<![A-Z])(?:SOIC|SOP|SO)\s*-?\s*(\d{1,2})(?!\d)/.exec(text);
  if (soic) return `SOIC-${soic[1]}`;
  const to = /(?<![A-Z])TO\s*-?\s*(220|92|3|247|263|252|126|18|39)(?:[A-Z]{0,2})?(?![\d])/.exec(text);
  if (to) return `TO-${to[1]}`;
  const qfp = /(?<![A-Z])(L?QFP|TQFP|QFN|SSOP|TSSOP|MSOP)\s*-?\s*(\d{1,3})(?!\d)/.exec(text);
  if (qfp) return `${qfp[1]}-${qfp[2]}`;
  const sod = /(?<![A-Z])(SOD)\s*-?\s*(123|323|80)(?!\d)/.exec(text);
  if (sod) return `SOD-${sod[2]}`;
  return null;
}

/** Words naming what a part is, most specific first (an assortment of resistors is a kit, not a resistor). */
const KIND_WORDS: readonly [string, RegExp][] = [
  ["kit", /\b(kit|kits|assortment|assorted|set of \d+|starter)\b/],
  ["network", /\b(resistor network|resistor array|network|sip-?\d+)\b/],
  ["potentiometer", /\b(potentiometers?|pots?|trimpots?|trimmers?|rheostats?)\b/],
  ["thermistor", /\b(thermistors?|ntc|ptc)\b/],
  ["ldr", /\b(ldr|photoresistors?)\b/],
  ["resistor", /\b(resistors?|res)\b/],
  ["capacitor", /\b(capacitors?|caps?|mlcc|electrolytic|ceramic|tantalum|film cap)\b/],
  ["inductor", /\b(inductors?|chokes?)\b/],
  ["crystal", /\b(crystals?|xtal|oscillator)\b/],
  ["led", /\b(leds?)\b/],
  ["diode", /\b(diodes?|rectifier|zener|schottky)\b/],
  ["transistor", /\b(transistors?|mosfets?|bjt|darlington)\b/],
];

export function kindOf(rawText: string): string | null {
  const text = unify(rawText).toLowerCase();
  for (const [kind, re] of KIND_WORDS) if (re.test(text)) return kind;
  return null;
}

// Numbers with units and other tokens that carry letters and digits but are not part numbers.
const NOT_PART_NUMBER =
  /^(\d+(\.\d+)?(k|m|r|mm|cm|m|km|in|inch|v|vdc|vac|kv|mv|a|ma|ua|w|kw|mw|wh|kwh|mah|ah|hz|khz|mhz|ghz|f|pf|nf|uf|mf|h|uh|mh|nh|ohm|ohms|kohm|mohm|pcs|pc|pin|pins|way|x|p|g|kg|gb|tb|mb|bit|ch|awg|db|s|ms|rpm|nm|mp|c|pack|k\d+)|\d+[rkmpnu]\d{1,2}|\d+x\d+(x\d+)?|(p?dip|soic|sop|sot|to|qfp|tqfp|lqfp|qfn|ssop|tssop|sod|sma|smb|smc|m)\d+|r\d|c\d|v\d|x\d+|\d+s|\d+p)$/;

/** The part numbers of a text: tokens with letters and digits (hyphens, dots and slashes inside joined), not values or units. */
export function partNumbersOf(rawText: string): string[] {
  return partNumberTokens(rawText).map(partNumberKey);
}

/** The part numbers of a text as written (for searching the catalogue with its own spelling). */
export function partNumberTokens(rawText: string): string[] {
  const text = unify(rawText);
  const tokens = text.split(/[\s,;()[\]{}|"']+/).filter(Boolean);
  const out: string[] = [];
  const keys: string[] = [];
  for (const token of tokens) {
    const compact = token.toLowerCase().replace(/[^a-z0-9]/g, "");
    if (compact.length < 4 || !/[a-z]/.test(compact) || !/\d/.test(compact)) continue;
    if (NOT_PART_NUMBER.test(compact)) continue;
    if (SMD_SIZES.includes(compact)) continue;
    if (packageOf(token) && packageOf(token)!.replace(/-/g, "").toLowerCase() === compact) continue;
    // a value with its unit ("10kΩ", "0.1uF", "1/4W") is not a part number
    if (valuesOf(token).length || /^\d+\/\d+w$/.test(compact) || powerOf(token) !== null || voltageOf(token) !== null) continue;
    if (!keys.includes(compact)) {
      keys.push(compact);
      out.push(token.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, ""));
    }
  }
  return out;
}

const STOP_WORDS = new Set([
  "and",
  "the",
  "for",
  "with",
  "of",
  "a",
  "an",
  "to",
  "in",
  "on",
  "or",
  "smd",
  "tht",
  "through",
  "hole",
  "type",
  "generic",
  "pack",
  "pcs",
  "piece",
  "pieces",
  "qty",
  "each",
  "ya",
  "za",
  "na",
  "kwa",
]);

/** The lower-case words of a text that say what it is (no stop words, no bare numbers). */
export function wordsOf(rawText: string): string[] {
  const words = unify(rawText)
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9.]+/)
    .map((w) => w.replace(/^\.+|\.+$/g, ""))
    // bare numbers count from three digits ("830" points, "18650" cells), not "2" or "10"
    .filter((w) => w && !STOP_WORDS.has(w) && (!/^\d+$/.test(w) || w.length >= 3) && (w.length > 1 || /\d/.test(w)));
  return [...new Set(words)];
}

/** What identifies the part a BOM line names, each property in one normal form. */
export function analysePart(text: string): PartAnalysis {
  const values = valuesOf(text);
  const kind =
    kindOf(text) ?? (values[0]?.kind === "resistance" ? "resistor" : values[0]?.kind === "capacitance" ? "capacitor" : values[0] ? "inductor" : null);
  return {
    partNumbers: partNumbersOf(text),
    values,
    kind,
    package: packageOf(text),
    power: powerOf(text),
    voltage: voltageOf(text),
    tolerance: toleranceOf(text),
    words: wordsOf(text),
  };
}

/** A part number's key: case and punctuation left out ("ESP32-WROOM-32" = "esp32 wroom32"). */
export function partNumberKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** Whether a file the shopper picked may be read as a BOM (size and type). */
export function bomFileProblem(file: { name: string; size: number; type: string }): "too-large" | "wrong-type" | null {
  if (file.size > BOM_MAX_BYTES) return "too-large";
  const name = file.name.toLowerCase();
  const textual = /\.(csv|txt|tsv)$/.test(name) || file.type.startsWith("text/") || file.type === "application/vnd.ms-excel";
  return textual ? null : "wrong-type";
}

/** A short BOM in the notations the page reads, for "fill in an example". */
export const BOM_EXAMPLE = [
  "2 x ESP32-WROOM-32",
  "10 x 10k resistor 1/4W",
  "100nF ceramic capacitor; qty 20",
  "NE555, 2",
  "LM358N x4",
  "1000uF 25V electrolytic capacitor, 2",
  "HC-SR04 ultrasonic sensor",
  "STM32H743ZIT6, 1",
].join("\n");
