/**
 * Packages (footprints) as one canonical code each, however a shopper, a supplier's spreadsheet
 * or a datasheet writes them: "to220", "TO 220" and "TO-220" are "TO-220"; "2012 metric" is
 * "0805". SMD chip sizes use the imperial codes, as the trade in Tanzania does, with the metric
 * code shown beside and searched too.
 */

/** SMD chip sizes: the imperial code (the shop's) and the metric one. Metric 0402 is imperial 01005. */
const CHIP_SIZES: readonly (readonly [imperial: string, metric: string])[] = [
  ["01005", "0402"],
  ["0201", "0603"],
  ["0402", "1005"],
  ["0603", "1608"],
  ["0805", "2012"],
  ["1206", "3216"],
  ["1210", "3225"],
  ["1812", "4532"],
  ["2010", "5025"],
  ["2512", "6332"],
];

const METRIC_OF = new Map(CHIP_SIZES.map(([imperial, metric]) => [imperial, metric]));
const IMPERIAL_OF = new Map(CHIP_SIZES.map(([imperial, metric]) => [metric, imperial]));

/**
 * Packages with a name, and the other names they go by (written compact: lower-case without
 * spaces, hyphens, dots or brackets). The mounting kinds at the end describe parts that have no
 * standard outline (a module, a radial capacitor).
 */
const NAMED: Record<string, readonly string[]> = {
  "TO-3": ["to3"],
  "TO-92": ["to92", "to923"],
  "TO-126": ["to126"],
  "TO-220": ["to220", "to220ab", "to2203"],
  "TO-220F": ["to220f", "to220fp", "to220isolated"],
  "TO-247": ["to247", "to2473"],
  "TO-252": ["to252", "dpak"],
  "TO-263": ["to263", "d2pak", "ddpak"],
  "SOT-23": ["sot23", "sot233"],
  "SOT-23-5": ["sot235", "sot25"],
  "SOT-23-6": ["sot236", "sot26"],
  "SOT-89": ["sot89"],
  "SOT-223": ["sot223"],
  "SOT-323": ["sot323", "sc70"],
  "SOT-363": ["sot363", "sc706", "sc88"],
  "SOD-123": ["sod123"],
  "SOD-323": ["sod323"],
  SMA: ["sma", "do214ac"],
  SMB: ["smb", "do214aa"],
  SMC: ["smc", "do214ab"],
  "DO-35": ["do35"],
  "DO-41": ["do41"],
  "DO-201": ["do201", "do201ad"],
  THT: ["tht", "throughhole", "pth"],
  SMD: ["smd", "smt"],
  Axial: ["axial"],
  Radial: ["radial"],
  Module: ["module", "moduli"],
};

const NAMED_BY_FORM = new Map(
  Object.entries(NAMED).flatMap(([code, forms]) => [[compact(code), code] as const, ...forms.map((f) => [compact(f), code] as const)]),
);

/** Families written with their pin count: "SOIC-8", "DIP-28", "QFN-32". Their other names, compact. */
const FAMILIES: Record<string, readonly string[]> = {
  SOIC: ["soic", "sop", "so"],
  TSSOP: ["tssop"],
  SSOP: ["ssop"],
  MSOP: ["msop"],
  DIP: ["dip", "pdip", "dil"],
  SIP: ["sip"],
  QFN: ["qfn"],
  DFN: ["dfn"],
  TQFP: ["tqfp"],
  LQFP: ["lqfp"],
  QFP: ["qfp"],
  BGA: ["bga"],
};

const FAMILY_BY_FORM = new Map(Object.entries(FAMILIES).flatMap(([family, forms]) => forms.map((f) => [f, family] as const)));
const FAMILY_FORMS = [...FAMILY_BY_FORM.keys()].sort((a, b) => b.length - a.length);
const FAMILY_WITH_PINS = new RegExp(`^(${FAMILY_FORMS.join("|")})(\\d{1,3})$`);

/** Lower-case without spaces, hyphens, underscores, dots or brackets: "TO 220" → "to220". */
function compact(text: string): string {
  return text.toLowerCase().replace(/[\s\-_.()[\]/]+/g, "");
}

/** Words said beside a chip size that do not change it: "0805 smd", "SMD 0805", "0805 (imperial)". */
const CHIP_WORDS = /\b(smd|smt|chip|imperial|inch)\b/g;

function chipSize(text: string): string | null {
  const lower = text.toLowerCase().replace(/[()[\]_,]/g, " ");
  // the shop's own label, "0805 (2012 metric)", reads back as itself
  const paired = /^\s*(\d{4,5})\s+(\d{4})\s*(?:m|metric)\s*$/.exec(lower.replace(CHIP_WORDS, " "));
  if (paired) return METRIC_OF.get(paired[1]!) === paired[2] ? paired[1]! : null;
  const metric = /^\s*(\d{4})\s*(?:m|metric)\s*$/.exec(lower.replace(CHIP_WORDS, " "));
  if (metric) return IMPERIAL_OF.get(metric[1]!) ?? null;
  const imperial = /^\s*(\d{4,5})\s*$/.exec(lower.replace(/(\d)(smd|smt)\b/g, "$1 ").replace(CHIP_WORDS, " "));
  if (imperial && METRIC_OF.has(imperial[1]!)) return imperial[1]!;
  return null;
}

/** Longer texts are not a package. */
const MAX_INPUT = 40;

/**
 * The canonical code of a package ("to220" → "TO-220", "2012 metric" → "0805", "so-8" →
 * "SOIC-8", "d2pak" → "TO-263"), or null when the text does not look like one.
 */
export function normalizePackage(input: string): string | null {
  if (typeof input !== "string") return null;
  const text = input.trim();
  if (!text || text.length > MAX_INPUT) return null;
  const chip = chipSize(text);
  if (chip) return chip;
  const form = compact(text);
  const named = NAMED_BY_FORM.get(form);
  if (named) return named;
  const family = FAMILY_WITH_PINS.exec(form);
  if (family) {
    const pins = Number(family[2]);
    return pins >= 2 ? `${FAMILY_BY_FORM.get(family[1]!)}-${pins}` : null;
  }
  // a family without its pins only by its own name: "so" or "dil" alone is a word, not a package
  const name = form.toUpperCase();
  return Object.hasOwn(FAMILIES, name) ? name : null;
}

/** Whether a code is an SMD chip size ("0805"), a four- or five-digit code easily taken for a part number. */
export function isChipPackage(code: string): boolean {
  return METRIC_OF.has(code);
}

/** A package as shown: SMD chip sizes with their metric code beside ("0805 (2012 metric)"), others as they are. */
export function packageLabel(code: string): string {
  const metric = METRIC_OF.get(code);
  return metric ? `${code} (${metric} metric)` : code;
}

/**
 * Every form a search may use for a package, lower-case: the imperial and metric codes of a chip
 * size ("0805", "2012", "2012m", "2012 metric"); a named package as written, compact, spaced and by
 * its other names ("to-263", "to263", "to 263", "d2pak", "ddpak").
 */
export function packageSearchForms(code: string): string[] {
  const metric = METRIC_OF.get(code);
  if (metric) return [code, metric, `${metric}m`, `${metric} metric`];
  const lower = code.toLowerCase();
  const forms = [lower, compact(code), lower.replace(/-/g, " "), ...(NAMED[code] ?? [])];
  const family = /^([A-Z]+)-(\d+)$/.exec(code);
  if (family && FAMILIES[family[1]!]) for (const f of FAMILIES[family[1]!]!) forms.push(`${f}-${family[2]}`, `${f}${family[2]}`);
  return [...new Set(forms)];
}
