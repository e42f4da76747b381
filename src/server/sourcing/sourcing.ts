import { analysePart, type BomLine, type PartAnalysis } from "@/lib/bom";
import type { BomMatch, BomMatchLine } from "@/lib/api-contract";
import { forCard } from "@/lib/listing";
import { breaksFor, priceLadder, unitPriceAt, type ShopTier } from "@/lib/price-breaks";
import type { Product } from "@/lib/product";
import { DEFAULT_VARIANT_ID, variantCombinationId } from "@/lib/variants";
import { countPerKey, type RateLimit } from "../auth/limits";
import type { CatalogService } from "../catalog/products";
import type { Database } from "../db";
import { alternativesTo } from "../catalog/alternatives";
import { specsOf } from "../specs/display";
import { packSizesOf, priceBreaksOf } from "../catalog/price-breaks";
import { createSettingsService, type SettingsService } from "../settings/settings";
import { judge, packSize, specFacts, unitsFor, type Judgement } from "./judge";

/**
 * Matching requests per client address: a BOM of 200 lines costs a few hundred catalogue searches,
 * so one address gets a BOM every 10 seconds on average, far above any person's pace but a cap on
 * a script (carrier-grade NAT puts many shoppers behind one address, hence not tighter).
 */
export const BOM_MATCH_LIMIT: RateLimit = { max: 60, windowMinutes: 10 };

/** Candidates read from the catalogue per search, and lines searched at once (the pool has few connections). */
const CANDIDATES_PER_SEARCH = 24;
const LINES_AT_ONCE = 4;
const ALTERNATIVES = 3;

/** The searches that find a line's candidates: its part numbers as written, its kind of part, its own words. */
function searchesFor(line: PartAnalysis, text: string): string[] {
  const searches: string[] = [];
  if (line.partNumbers.length) searches.push(...partNumberSearches(text));
  else if (line.values.length && line.kind) searches.push(line.kind);
  searches.push(text);
  return [...new Set(searches.map((s) => s.trim()).filter((s) => s.length >= 2))].slice(0, 3);
}

function partNumberSearches(text: string): string[] {
  return text
    .split(/\s+/)
    .filter((t) => /[a-z]/i.test(t) && /\d/.test(t) && t.replace(/[^a-z0-9]/gi, "").length >= 4)
    .slice(0, 2);
}

function toMatch(product: Product, verdict: Judgement, needed: number, reason: BomMatch["reason"]): BomMatch {
  const variant = verdict.variant;
  const size = packSize(product, variant);
  const attributes = variant?.attributes ?? {};
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    image: product.image,
    price: variant?.price ?? product.price,
    stock: variant?.stock ?? product.stock_quantity,
    variantId: variant ? variantCombinationId(variant.attributes, product.variant_config) : DEFAULT_VARIANT_ID,
    options: Object.entries(attributes).map(([name, value]) => ({ name, value })),
    packSize: size,
    units: unitsFor(needed, size),
    score: verdict.ok ? verdict.score : 0,
    reason,
    product: forCard(product),
    variant,
  };
}

async function matchLine(db: Database, catalog: CatalogService, line: BomLine, index: number): Promise<BomMatchLine> {
  const analysis = analysePart(line.text);
  // The key search first (part number, kind of part); the line's whole text only when the key
  // finds nothing that agrees: most lines then cost one search.
  const candidates = new Map<number, Product>();
  const judged: { product: Product; rank: number; verdict: Judgement }[] = [];
  for (const search of searchesFor(analysis, line.text)) {
    const found = await catalog.list({ search, limit: CANDIDATES_PER_SEARCH, enriched: true }).then(
      (page) => page.products,
      () => [] as Product[],
    );
    // the candidates' specifications decide value, package and ratings where they have them
    const specs = await specsOf(
      db,
      found.filter((p) => !candidates.has(p.id)).map((p) => p.id),
      "en",
    );
    for (const product of found) {
      if (candidates.has(product.id)) continue;
      candidates.set(product.id, product);
      judged.push({ product, rank: judged.length, verdict: judge(analysis, product, line.quantity, specFacts(specs.get(product.id) ?? [])) });
    }
    if (judged.some((j) => j.verdict.ok)) break;
  }
  const agreeing = judged
    .filter((j) => j.verdict.ok)
    .sort((a, b) => b.verdict.score - a.verdict.score || Number(b.product.in_stock) - Number(a.product.in_stock) || a.rank - b.rank);
  const others = judged.filter((j) => !j.verdict.ok);
  const [best, ...rest] = agreeing;
  // beside the other agreeing candidates: the best match's alternatives in stock (same category,
  // its key specifications matching, cheapest first), which agree by the shop's own data
  const inStock = best ? await alternativesTo(db, best.product.id, ALTERNATIVES).catch(() => [] as Product[]) : [];
  const seen = new Set([best?.product.id, ...rest.map((j) => j.product.id)]);
  const alternatives = [
    ...rest.map((j) => toMatch(j.product, j.verdict, line.quantity, j.verdict.reason ?? "similar")),
    ...inStock
      .filter((p) => !seen.has(p.id))
      .map((p) => toMatch(p, { ok: true, reason: "value", score: best!.verdict.score, variant: null }, line.quantity, "similar")),
    ...others.map((j) => toMatch(j.product, j.verdict, line.quantity, "similar")),
  ].slice(0, ALTERNATIVES);
  return {
    index,
    text: line.text,
    quantity: line.quantity,
    status: best ? "matched" : "unmatched",
    best: best ? toMatch(best.product, best.verdict, line.quantity, best.verdict.reason ?? "similar") : null,
    alternatives,
  };
}

/**
 * Each match priced as the cart will price it: the units that cover the line (the product's pack
 * size where the catalogue records one, else what its name says) at their step of the option's
 * prices by quantity (its own breaks, else the shop's tiers), with that ladder for the page to
 * price other unit counts by. One read for every line's matches.
 */
async function priceMatches(db: Database, lines: BomMatchLine[], tiers: readonly ShopTier[]): Promise<BomMatchLine[]> {
  const ids = lines.flatMap((l) => [...(l.best ? [l.best.id] : []), ...l.alternatives.map((a) => a.id)]);
  const [breaks, packs] = await Promise.all([priceBreaksOf(db, ids), packSizesOf(db, ids)]);
  const priced = (match: BomMatch, needed: number): BomMatch => {
    const stored = packs.get(match.id) ?? 1;
    const size = stored > 1 ? stored : match.packSize;
    const units = unitsFor(needed, size);
    const variantRowId = match.variant ? Number(match.variant.id) : null;
    const pricing = priceLadder(match.price, breaksFor(breaks.get(match.id) ?? [], variantRowId), tiers);
    return { ...match, packSize: size, units, price: unitPriceAt(pricing, units), pricing };
  };
  return lines.map((l) => ({ ...l, best: l.best ? priced(l.best, l.quantity) : null, alternatives: l.alternatives.map((a) => priced(a, l.quantity)) }));
}

/** BOM matching: each line's catalogue product (only when its key tokens agree), with alternatives, priced at its quantity. */
export function createSourcingService(deps: { db: Database; catalog: CatalogService; settings?: Pick<SettingsService, "get"> }) {
  const settings = deps.settings ?? createSettingsService(deps.db);
  return {
    async match(lines: readonly BomLine[], client: { ip: string }): Promise<BomMatchLine[]> {
      await countPerKey(deps.db, `bom-match:${client.ip}`, BOM_MATCH_LIMIT);
      const out: BomMatchLine[] = [];
      for (let i = 0; i < lines.length; i += LINES_AT_ONCE) {
        const batch = lines.slice(i, i + LINES_AT_ONCE);
        out.push(...(await Promise.all(batch.map((line, j) => matchLine(deps.db, deps.catalog, line, i + j)))));
      }
      return priceMatches(deps.db, out, (await settings.get()).bulkPricingTiers);
    },
  };
}

export type SourcingService = ReturnType<typeof createSourcingService>;
