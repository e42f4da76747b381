import type { Locale } from "./locale";

/** Variant data shapes and the combination-id rule (attribute:value pairs joined by hyphens), shared by client and server. */
export type VariantConfigType = "simple" | "primary-dependent" | "multi-dependent";

export interface VariantConfig {
  type: VariantConfigType;
  primaryAttribute?: string | null;
  primaryAttributes?: string[] | null;
  attributeOrder?: string[] | null;
  /**
   * How the options read in the shop's other languages, for display only: attributes and values
   * are stored, combined into ids and carried by cart lines in the catalogue's own words.
   */
  labels?: Partial<Record<Locale, OptionLabels>> | null;
}

/** An option's words in one language, by the attribute's own name: its name and its values' (either may be left out). */
export type OptionLabels = Record<string, { name?: string; values?: Record<string, string> }>;

export interface PrimaryValue {
  attribute: string;
  value: string;
  price: number;
}

export interface ProductVariant {
  id: string;
  /** the combination id of this variant's attributes: the cart line's variantId */
  combinationId: string;
  sku: string;
  price: number;
  stock: number;
  attributes: Record<string, string>;
  multiValues: Record<string, string[]>;
  primaryValues: PrimaryValue[];
}

/** The variantId of a cart line for a product bought without any variant. */
export const DEFAULT_VARIANT_ID = "default";

/**
 * Attribute:value pairs joined by hyphens, ordered by the config's attributeOrder, else
 * primaryAttributes, else primaryAttribute; attributes the order does not name follow,
 * sorted by name, so the same choice always gives the same id.
 */
export function variantCombinationId(attributes: Record<string, string> | null | undefined, config?: VariantConfig | null): string {
  const names = Object.keys(attributes ?? {}).filter((name) => !name.endsWith("_raw") && attributes![name] !== "");
  if (!attributes || names.length === 0) return DEFAULT_VARIANT_ID;
  const order =
    (config?.attributeOrder?.length ? config.attributeOrder : null) ??
    (config?.primaryAttributes?.length ? config.primaryAttributes : null) ??
    (config?.primaryAttribute ? [config.primaryAttribute] : []);
  const ordered = order.filter((name) => names.includes(name));
  const rest = names.filter((name) => !ordered.includes(name)).sort();
  return [...ordered, ...rest].map((name) => `${name}:${attributes[name]}`).join("-");
}

/**
 * The chosen option in words, as a cart line, the checkout and an order show it: "Colour: Red,
 * Pack: 10" ("" for a product without options); the `_raw` attributes some imports carry beside
 * the shown value are left out. With `words` (optionWords for a language) the names and values are
 * the product's labels in that language.
 */
export function optionText(attributes: Record<string, string> | null | undefined, words?: Pick<ReturnType<typeof optionWords>, "name" | "value">): string {
  return Object.entries(attributes ?? {})
    .filter(([name, value]) => !name.endsWith("_raw") && value !== "")
    .map(([name, value]) => (words ? `${words.name(name)}: ${words.value(name, value)}` : `${name}: ${value}`))
    .join(", ");
}

/** With no configuration chosen the lowest variant price applies (else the product price). */
export function lowestVariantPrice(variants: readonly { price: number }[] | null | undefined, fallback: number): number {
  if (!variants?.length) return fallback;
  return variants.reduce((low, v) => (Number.isFinite(v.price) && v.price < low ? v.price : low), Infinity);
}

/**
 * The option bought when the shopper chose none (a listing card's Add to Cart, or the product page
 * before a choice): the cheapest one in stock, which is the "from" price the card shows; with none in
 * stock, the cheapest (the server then says it is out of stock). Null for a product without options,
 * whose line is the default one. The server refuses a default line for a product with options: it
 * would be priced at one option and counted against another's stock.
 */
export function defaultVariant<T extends { price: number; stock: number }>(variants: readonly T[] | null | undefined): T | null {
  if (!variants?.length) return null;
  const cheapest = (list: readonly T[]) => list.reduce<T | null>((low, v) => (low === null || v.price < low.price ? v : low), null);
  return cheapest(variants.filter((v) => v.stock > 0)) ?? cheapest(variants);
}

/** The options that agree with every attribute the shopper has chosen so far (all of them before any choice). */
export function variantsMatching<T extends { attributes: Record<string, string> }>(variants: readonly T[], chosen: Record<string, string>): T[] {
  const picked = Object.entries(chosen).filter(([, value]) => value !== "");
  return variants.filter((v) => picked.every(([name, value]) => v.attributes[name] === value));
}

/**
 * The price a partial choice decides: when every option still possible costs the same (a Pack
 * chosen on a product priced by its pack alone), that is the price, exact; otherwise the lowest of
 * them, shown as "from". Null when no option matches the choice.
 */
export function priceOfChoice(candidates: readonly { price: number }[]): { price: number; exact: boolean } | null {
  if (!candidates.length) return null;
  const price = lowestVariantPrice(candidates, 0);
  return { price, exact: candidates.every((v) => v.price === price) };
}

/**
 * The words an option is shown in for a language: the product's label where it has one, else the
 * stored (catalogue) word. What is sent and stored stays the stored word.
 */
export function optionWords(config: VariantConfig | null | undefined, locale: Locale) {
  const labels = config?.labels?.[locale] ?? {};
  return {
    name: (attribute: string) => labels[attribute]?.name || attribute,
    value: (attribute: string, value: string) => labels[attribute]?.values?.[value] || value,
  };
}

/** The labels of the attributes and values a configuration still has (a replaced configuration keeps what still applies). */
export function labelsStillUsed(
  labels: VariantConfig["labels"],
  variants: readonly { attributes: Record<string, string> }[],
): VariantConfig["labels"] | undefined {
  if (!labels) return undefined;
  const kept: Partial<Record<Locale, OptionLabels>> = {};
  for (const [locale, byAttribute] of Object.entries(labels) as [Locale, OptionLabels | undefined][]) {
    const out: OptionLabels = {};
    for (const [attribute, label] of Object.entries(byAttribute ?? {})) {
      const used = new Set(variants.map((v) => v.attributes[attribute]).filter((v): v is string => v !== undefined));
      if (!used.size) continue;
      const values = Object.fromEntries(Object.entries(label.values ?? {}).filter(([value]) => used.has(value)));
      out[attribute] = { ...(label.name ? { name: label.name } : {}), ...(Object.keys(values).length ? { values } : {}) };
    }
    if (Object.keys(out).length) kept[locale] = out;
  }
  return Object.keys(kept).length ? kept : undefined;
}
