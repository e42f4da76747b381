import { kindOf, packageOf, partNumberKey, powerOf, sameValue, toleranceOf, valuesOf, voltageOf, wordsOf, type PartAnalysis } from "@/lib/bom";
import type { Product } from "@/lib/product";
import { defaultVariant, type ProductVariant } from "@/lib/variants";

/**
 * Whether a catalogue product IS the part a BOM line names, not merely a search hit near it. The
 * key of a line decides:
 * - part numbers: each must be one of the product's own (case and punctuation aside), a leading
 *   part of one ("ATtiny85" of "ATtiny85-20PU"), or differ by a short letter suffix (LM358N/LM358);
 * - else a value (10k, 100nF): the product must be that kind of part (a resistor, not a
 *   potentiometer, thermistor or kit) with that value in its specifications (or else its name),
 *   its own or one option's, the package if the line gives one, and no stated power, voltage or
 *   tolerance that falls short;
 * - else words: every word of the line must be in the product (name, brand, options), at least two.
 */
export type MatchReason = "part-number" | "value" | "description";

export interface Judgement {
  ok: boolean;
  reason: MatchReason | null;
  /** 0–100; only meaningful when ok */
  score: number;
  /** the option that fits the line (value, pack, colour), for a product with options */
  variant: ProductVariant | null;
}

const NO: Judgement = { ok: false, reason: null, score: 0, variant: null };

/**
 * Part number keys a product answers to: every word of its name and its SKU exactly; and, for the
 * first two words only (where a part's own name stands: "LM358 Dual Op-Amp", "Espressif ESP32-…"),
 * their leading hyphenated runs and letter-suffix variants. A board that merely mentions its
 * chip ("Arduino Mega (CH340)") is not that chip.
 */
export function productPartKeys(product: Pick<Product, "name" | "sku">): { exact: Set<string>; head: Set<string>; leading: Set<string> } {
  const exact = new Set<string>();
  const head = new Set<string>();
  const leading = new Set<string>();
  product.name
    .split(/[\s,;()[\]{}|/"'+]+/)
    .filter(Boolean)
    .forEach((token, position) => {
      const key = partNumberKey(token);
      if (key.length >= 2) exact.add(key);
      if (position > 1) return;
      head.add(key);
      const segments = token.split(/[-._]/).filter(Boolean);
      for (let i = 1; i < segments.length; i++) leading.add(partNumberKey(segments.slice(0, i).join("")));
    });
  exact.add(partNumberKey(product.sku));
  return { exact, head, leading };
}

/** How strongly a line's part number agrees with a product's keys: 1 exact, 0.8 leading part, 0.6 letter suffix, 0 not. */
export function partNumberAgreement(key: string, keys: { exact: Set<string>; head: Set<string>; leading: Set<string> }): number {
  if (keys.exact.has(key)) return 1;
  if (keys.leading.has(key) && /\d/.test(key) && /[a-z]/.test(key)) return 0.8;
  for (const own of keys.head) {
    if (own.length < 4 || !/\d/.test(own) || !/[a-z]/.test(own)) continue;
    const [short, long] = own.length < key.length ? [own, key] : [key, own];
    if (long.startsWith(short) && /^[a-z]{1,3}$/.test(long.slice(short.length))) return 0.6;
  }
  return 0;
}

function variantText(variant: ProductVariant): string {
  return Object.values(variant.attributes ?? {}).join(" ");
}

/** How many pieces one unit of a product or option holds: "(Pack of 100)", "100 pcs", "Pair" (2). */
export function packSize(product: Pick<Product, "name">, variant: ProductVariant | null): number {
  const texts = [variant ? variantText(variant) : "", product.name];
  for (const text of texts) {
    const of = /\bpack of (\d+)\b/i.exec(text) ?? /\bset of (\d+)\b/i.exec(text);
    if (of) return Number(of[1]);
    const pcs = /\b(\d+)\s*(?:pcs|pieces)\b/i.exec(text);
    // an assortment's piece count is not a pack of one part
    if (pcs && !/assortment|kit/i.test(product.name)) return Number(pcs[1]);
    if (/\bpair\b/i.test(text)) return 2;
  }
  return 1;
}

/** Units to put in the cart for a needed quantity: whole packs, never fewer pieces than needed. */
export function unitsFor(needed: number, size: number): number {
  return Math.max(1, Math.ceil(needed / Math.max(1, size)));
}

/**
 * Among options, the one to buy for `needed` pieces: cheapest in total (whole packs) among those in
 * stock for the units, else the cheapest in stock, else the cheapest.
 */
export function cheapestOption(product: Pick<Product, "name">, options: readonly ProductVariant[], needed: number): ProductVariant | null {
  if (!options.length) return null;
  const cost = (v: ProductVariant) => unitsFor(needed, packSize(product, v)) * v.price;
  const enough = options.filter((v) => v.stock >= unitsFor(needed, packSize(product, v)));
  const pool = enough.length ? enough : options.filter((v) => v.stock > 0);
  if (!pool.length) return defaultVariant(options);
  return pool.reduce((best, v) => (cost(v) < cost(best) ? v : best));
}

function wordFound(word: string, haystack: readonly string[]): boolean {
  const hasDigit = /\d/.test(word);
  const stem = word.length > 3 && word.endsWith("s") ? word.slice(0, -1) : word;
  return haystack.some((w) => {
    if (w === word || w === stem) return true;
    if (hasDigit) return false;
    const other = w.length > 3 && w.endsWith("s") ? w.slice(0, -1) : w;
    return other === stem || (stem.length >= 4 && w.startsWith(stem));
  });
}

/**
 * A product's specifications as the judge reads them (the shop's data, where the product has
 * them: its name is read only for what they do not say): each key's product-wide values, and the
 * options that carry their own value.
 */
export interface SpecFacts {
  /** product-wide numbers and texts by key */
  whole: Map<string, (number | string | boolean)[]>;
  /** per option (variant id) numbers by key */
  byOption: Map<string, { variantId: number; value: number | string | boolean }[]>;
}

export function specFacts(specs: readonly { key: string; value: number | string | boolean; variantId: number | null }[]): SpecFacts {
  const whole = new Map<string, (number | string | boolean)[]>();
  const byOption = new Map<string, { variantId: number; value: number | string | boolean }[]>();
  for (const s of specs) {
    if (s.variantId === null) whole.set(s.key, [...(whole.get(s.key) ?? []), s.value]);
    else byOption.set(s.key, [...(byOption.get(s.key) ?? []), { variantId: s.variantId, value: s.value }]);
  }
  return { whole, byOption };
}

const NO_FACTS: SpecFacts = { whole: new Map(), byOption: new Map() };

/** A product-wide number the specifications state for `key`, or what the name says. */
function statedNumber(facts: SpecFacts, key: string, fromName: number | null): number | null {
  const stated = facts.whole.get(key)?.find((v): v is number => typeof v === "number");
  return stated ?? fromName;
}

function judgeValue(line: PartAnalysis, product: Product, needed: number, facts: SpecFacts): Judgement {
  const name = product.name;
  const productKind = kindOf(name);
  // the kind of part: its name's word, or the type its specifications give ("Resistor")
  const types = (facts.whole.get("type") ?? []).map((t) => String(t).toLowerCase());
  if (!line.kind || (productKind !== line.kind && !(productKind === null && types.includes(line.kind)))) return NO;
  const options = product.product_variants ?? [];
  const nameValues = valuesOf(name);
  let fitting: ProductVariant[] | null = null;
  let score = 80;
  for (const value of line.values) {
    const stated = (facts.whole.get(value.kind) ?? []).filter((v): v is number => typeof v === "number");
    const perOption = (facts.byOption.get(value.kind) ?? []).filter((o) => typeof o.value === "number");
    if (stated.length) {
      if (!stated.some((v) => sameValue(v, value.si))) return NO;
      score += 1;
      continue;
    }
    if (perOption.length) {
      const ids = new Set(perOption.filter((o) => sameValue(o.value as number, value.si)).map((o) => String(o.variantId)));
      const matching = options.filter((o) => ids.has(o.id));
      if (!matching.length) return NO;
      fitting = fitting ? fitting.filter((o) => matching.includes(o)) : matching;
      if (!fitting.length) return NO;
      continue;
    }
    const inName = nameValues.filter((v) => v.kind === value.kind);
    if (inName.length) {
      if (!inName.some((v) => sameValue(v.si, value.si))) return NO;
      score += 1; // a product of that one value before one where it is an option
    } else {
      const matching = options.filter((o) => valuesOf(variantText(o)).some((v) => v.kind === value.kind && sameValue(v.si, value.si)));
      if (!matching.length) return NO;
      fitting = fitting ? fitting.filter((o) => matching.includes(o)) : matching;
      if (!fitting.length) return NO;
    }
  }
  // the line's other words ("carbon film", "electrolytic") tell apart products of one value
  const own = wordsOf(name);
  const described = line.words.filter((w) => !/\d/.test(w));
  if (described.length) score += Math.round((3 * described.filter((w) => wordFound(w, own)).length) / described.length);
  if (line.package) {
    const packages = (facts.whole.get("package") ?? []).map(String);
    if (packages.length ? !packages.includes(line.package) : packageOf(name) !== line.package) return NO;
    score += 8;
  }
  const power = statedNumber(facts, "power", powerOf(name));
  if (line.power !== null && power !== null) {
    if (power + 1e-9 < line.power) return NO;
    score += 4;
  }
  const voltage = statedNumber(facts, "voltage", voltageOf(name));
  if (line.voltage !== null && voltage !== null) {
    if (voltage + 1e-9 < line.voltage) return NO;
    score += 4;
  }
  const tolerance = statedNumber(facts, "tolerance", toleranceOf(name));
  if (line.tolerance !== null && tolerance !== null) {
    if (tolerance > line.tolerance + 1e-9) return NO;
    score += 4;
  }
  const variant = fitting ? cheapestOption(product, fitting, needed) : options.length ? cheapestOption(product, options, needed) : null;
  return { ok: true, reason: "value", score: Math.min(100, score), variant };
}

function optionForWords(product: Product, words: readonly string[], needed: number): ProductVariant | null {
  const options = product.product_variants ?? [];
  if (!options.length) return null;
  const named = options.filter((o) => {
    const own = wordsOf(variantText(o));
    return words.some((w) => own.includes(w));
  });
  return cheapestOption(product, named.length ? named : options, needed);
}

/**
 * Judges one product for one analysed line; `needed` is the line's quantity (for choosing a pack);
 * `facts`, the product's specifications, decide value, kind, package, power, voltage and tolerance
 * where the product has them.
 */
export function judge(line: PartAnalysis, product: Product, needed = 1, facts: SpecFacts = NO_FACTS): Judgement {
  if (line.partNumbers.length) {
    const keys = productPartKeys(product);
    const strengths = line.partNumbers.map((key) => partNumberAgreement(key, keys));
    const agreeing = strengths.filter((s) => s > 0).length;
    const allowedMisses = line.partNumbers.length >= 3 ? 1 : 0;
    if (agreeing === 0 || line.partNumbers.length - agreeing > allowedMisses) return NO;
    // a package the line states and the product states otherwise is another part
    const pkg = (facts.whole.get("package")?.[0] as string | undefined) ?? packageOf(product.name);
    if (line.package && pkg && pkg !== line.package) return NO;
    const strength = strengths.reduce((a, b) => a + b, 0) / line.partNumbers.length;
    const productWords = wordsOf(`${product.name} ${product.brand}`);
    const extra = line.words.filter((w) => !line.partNumbers.includes(partNumberKey(w)));
    const shared = extra.length ? extra.filter((w) => wordFound(w, productWords)).length / extra.length : 1;
    const score = Math.round(60 + 30 * strength + 10 * shared);
    return { ok: true, reason: "part-number", score, variant: optionForWords(product, line.words, needed) };
  }
  if (line.values.length) return judgeValue(line, product, needed, facts);
  const significant = line.words.filter((w) => w.length >= 3 || /\d/.test(w));
  if (significant.length < 2) return NO;
  const options = product.product_variants ?? [];
  const haystack = wordsOf([product.name, product.brand, ...options.map(variantText)].join(" "));
  if (!significant.every((w) => wordFound(w, haystack))) return NO;
  // a stated package or value the product contradicts
  if (line.package && packageOf(product.name) && packageOf(product.name) !== line.package) return NO;
  const nameWords = wordsOf(product.name).length;
  const score = Math.round(55 + 25 * Math.min(1, significant.length / Math.max(1, nameWords)));
  return { ok: true, reason: "description", score, variant: optionForWords(product, significant, needed) };
}
