// Request sets for `npm run bench`, made from the bulk catalogue's own vocabulary
// (src/seed/bulk-catalog.ts): for each scenario a long list of distinct URLs ("cold": every
// request a query the caches have not seen, as far as the list reaches) and a handful repeated
// ("cached"). Deterministic: the same count gives the same lists.
import { mulberry32 } from "../src/lib/random";
import { SEED_CATEGORIES, buildSeedProducts } from "../src/seed/catalog";
import { bulkContext, bulkProduct, type BulkProduct } from "../src/seed/bulk-catalog";

export interface QuerySet {
  /** scenario name, e.g. "listing: category" */
  name: string;
  /** the server's target for the scenario */
  target: string;
  cold: string[];
  cached: string[];
}

const LIST = "/api/products";
const SORTS = [
  ["sales", "desc"],
  ["price", "asc"],
  ["price", "desc"],
  ["created_at", "desc"],
  ["rating", "desc"],
  ["name", "asc"],
] as const;

/** Lower-case words of a text as the search lexicon splits them. */
const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2);

function shuffle<T>(list: T[], rng: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

const unique = <T>(list: T[]): T[] => [...new Set(list)];

/** A plausible typo: two neighbouring letters swapped, one dropped or one doubled. */
function misspell(word: string, rng: () => number): string {
  const i = 1 + Math.floor(rng() * (word.length - 2));
  const kind = Math.floor(rng() * 3);
  if (kind === 0) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  if (kind === 1) return word.slice(0, i) + word.slice(i + 1);
  return word.slice(0, i) + word[i] + word.slice(i);
}

/** What the request sets read of a product: its words, part number, brand and category. */
type VocabularyProduct = Pick<BulkProduct, "name" | "mpn" | "brand" | "categorySlug" | "description">;

export interface BenchVocabulary {
  /** the sampled products (present in a catalogue of `count` products): bulk ones, or the demo's in a small catalogue */
  sample: VocabularyProduct[];
  /** two-word queries with the share of the sample they match */
  pairs: { query: string; share: number }[];
}

/**
 * A sample of the bulk products a catalogue of `count` holds (product k exists when
 * k ≤ count − demo products), and the word pairs whose share of the sample (both words, as
 * prefixes, in the name, brand, category or description) lies between 2 % and 10 %.
 */
export function benchVocabulary(count: number, sampleSize = 5_000): BenchVocabulary {
  const demo = buildSeedProducts();
  const bulkCount = Math.max(0, count - demo.length);
  const ctx = bulkContext(
    demo.map((p) => ({ categorySlug: p.categorySlug, name: p.name, image: p.sku })),
    0,
  );
  const step = Math.max(1, Math.floor(bulkCount / sampleSize));
  const sample: VocabularyProduct[] = [];
  for (let k = 1; k <= bulkCount && sample.length < sampleSize; k += step) sample.push(bulkProduct(k, ctx));
  // a catalogue of a few thousand is mostly the demo's products: their words too (the embedded
  // default, 414 products, has no bulk ones at all); a demo product's part number is the first
  // word of its name with a digit in it ("ESP32", "HC-SR04")
  if (bulkCount < sampleSize) for (const p of demo) sample.push({ ...p, mpn: p.name.split(/\s+/).find((w) => /\d/.test(w) && /[a-z]/i.test(w)) ?? p.sku });

  const categoryName = new Map(SEED_CATEGORIES.map((c) => [c.slug, c.name]));
  const texts = sample.map((p) => words(`${p.name} ${p.brand} ${categoryName.get(p.categorySlug) ?? ""} ${p.description}`));
  const names = sample.map((p) => new Set(words(p.name.replace(p.mpn, ""))));
  // candidate words: the part words of names (no part numbers, no stop words), frequent enough
  const frequency = new Map<string, number>();
  for (const n of names) for (const w of n) if (/[a-z]/.test(w) && w.length >= 3 && !STOP_WORDS.has(w)) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const candidates = [...frequency].filter(([, n]) => n >= sample.length * 0.01).map(([w]) => w);
  // which sampled products each candidate matches (as a prefix of any of their words, as the search does)
  const matches = candidates.map((c) => Uint8Array.from(texts, (t) => (t.some((w) => w.startsWith(c)) ? 1 : 0)));
  const pairs: { query: string; share: number }[] = [];
  for (let i = 0; i < candidates.length; i++) {
    for (let j = i + 1; j < candidates.length; j++) {
      const a = matches[i]!;
      const b = matches[j]!;
      let n = 0;
      for (let t = 0; t < a.length; t++) n += a[t]! & b[t]!;
      const share = n / Math.max(1, texts.length);
      if (share < 0.02 || share > 0.1) continue;
      // a query a shopper would type: both words in one product's name
      const [x, y] = [candidates[i]!, candidates[j]!];
      if (!names.some((n) => n.has(x) && n.has(y))) continue;
      pairs.push({ query: `${x} ${y}`, share }, { query: `${y} ${x}`, share });
    }
  }
  return { sample, pairs };
}

const STOP_WORDS = new Set(["for", "with", "and", "the", "from", "pack", "pcs", "set", "of", "to", "in"]);

/** The request sets of the catalogue benchmark for a catalogue of `count` products. */
export function benchQuerySets(count: number, vocabulary: BenchVocabulary = benchVocabulary(count)): QuerySet[] {
  const rng = mulberry32(0xbe7c_4a11);
  const { sample, pairs } = vocabulary;
  const categories = SEED_CATEGORIES.map((c) => c.slug);
  const search = (q: string) => `${LIST}?search=${encodeURIComponent(q)}&enriched=true`;

  const plain: string[] = [];
  for (const limit of [12, 20, 24, 36, 48]) for (let page = 0; page < 400; page++) plain.push(`${LIST}?limit=${limit}&offset=${page * limit}&enriched=true`);

  const byCategory: string[] = [];
  for (const slug of categories) {
    for (const [sortBy, sortOrder] of SORTS)
      for (let page = 0; page < 30; page++)
        byCategory.push(`${LIST}?category=${slug}&sortBy=${sortBy}&sortOrder=${sortOrder}&offset=${page * 20}&enriched=true`);
  }

  const bands: string[] = [];
  for (let i = 0; i < 1500; i++) {
    const low = Math.round(Math.exp(Math.log(500) + rng() * (Math.log(500_000) - Math.log(500))) / 500) * 500;
    const high = low + Math.max(500, Math.round((low * (0.2 + rng() * 2)) / 500) * 500);
    const category = rng() < 0.5 ? `&category=${categories[Math.floor(rng() * categories.length)]}` : "";
    bands.push(`${LIST}?minPrice=${low}&maxPrice=${high}${category}&enriched=true`);
  }

  // the shop's own listing as shoppers use it: half in one category, a price band from a random
  // lower bound to that plus TSh 5,000–2,000,000, one of the five sorts the page offers, a page
  // among the first ten
  const shopSorts = [
    ["featured", "desc"],
    ["price", "asc"],
    ["price", "desc"],
    ["created_at", "desc"],
    ["sales", "desc"],
  ] as const;
  // (its own random sequence: the other scenarios' URLs stay those of earlier runs)
  const mixRng = mulberry32(0x3811_2026);
  const mix: string[] = [];
  for (let i = 0; i < 4000; i++) {
    const low = Math.round(Math.exp(Math.log(500) + mixRng() * (Math.log(500_000) - Math.log(500))) / 100) * 100;
    const high = low + Math.round((5_000 + mixRng() * 1_995_000) / 100) * 100;
    const category = mixRng() < 0.5 ? `&category=${categories[Math.floor(mixRng() * categories.length)]}` : "";
    const [sortBy, sortOrder] = shopSorts[Math.floor(mixRng() * shopSorts.length)]!;
    const offset = Math.floor(mixRng() * 10) * 20;
    mix.push(`${LIST}?minPrice=${low}&maxPrice=${high}${category}&sortBy=${sortBy}&sortOrder=${sortOrder}&offset=${offset}&enriched=true`);
  }

  const sorted: string[] = [];
  for (const [sortBy, sortOrder] of SORTS)
    for (let page = 0; page < 400; page++) sorted.push(`${LIST}?sortBy=${sortBy}&sortOrder=${sortOrder}&offset=${page * 20}&enriched=true`);

  const deep: string[] = [];
  const deepest = Math.max(1000, Math.min(count - 20, 200_000));
  for (let i = 0; i < 1500; i++) {
    const [sortBy, sortOrder] = SORTS[Math.floor(rng() * SORTS.length)]!;
    const offset = Math.floor((1000 + rng() * (deepest - 1000)) / 20) * 20;
    deep.push(`${LIST}?sortBy=${sortBy}&sortOrder=${sortOrder}&offset=${offset}&enriched=true`);
  }

  const nameWords = unique(sample.flatMap((p) => words(p.name.replace(p.mpn, "")).filter((w) => /[a-z]/.test(w) && w.length >= 3)));
  const brands = unique(sample.map((p) => p.brand.toLowerCase()));
  const oneWord = unique([...nameWords, ...brands]);
  const partNumbers = unique(sample.flatMap((p) => [p.mpn.toLowerCase(), p.mpn.split("-")[0]!.toLowerCase()]));
  const longWords = nameWords.filter((w) => w.length >= 6 && /^[a-z]+$/.test(w));
  const typos = unique(longWords.flatMap((w) => [misspell(w, rng), misspell(w, rng), misspell(w, rng)])).filter((t) => !longWords.includes(t));
  const prefixes = unique([
    ...nameWords.flatMap((w) => [2, 3, 4, 5].filter((n) => n < w.length).map((n) => w.slice(0, n))),
    ...sample.slice(0, 3000).map((p) => p.mpn.toLowerCase().slice(0, 4 + Math.floor(rng() * 5))),
    ...pairs.map((p) => p.query.slice(0, p.query.indexOf(" ") + 3)),
  ]);
  const ids = unique(Array.from({ length: 3000 }, () => 1 + Math.floor(rng() * count)));

  // specifications: passive parts narrowed by value and package (the specs every catalogue of
  // passives has), in each sort, and searches typed the way engineers type them
  const E12 = [1, 1.2, 1.5, 1.8, 2.2, 2.7, 3.3, 3.9, 4.7, 5.6, 6.8, 8.2];
  const decades = [1, 10, 100, 1_000, 10_000, 100_000];
  const resistances = decades.flatMap((d) => E12.map((m) => Math.round(m * d * 100) / 100));
  const packages = ["0402", "0603", "0805", "1206"];
  const specListings: string[] = [];
  const facetQueries: string[] = [];
  for (const r of resistances)
    for (const pkg of packages) {
      const [sortBy, sortOrder] = SORTS[Math.floor(rng() * SORTS.length)]!;
      specListings.push(`${LIST}?category=passive-components&spec.resistance=${r}&spec.package=${pkg}&sortBy=${sortBy}&sortOrder=${sortOrder}&enriched=true`);
      const low = r;
      const high = r * (2 + Math.floor(rng() * 8));
      specListings.push(
        `${LIST}?category=passive-components&spec.resistance=${low}..${high}&spec.package=${pkg}&sortBy=${sortBy}&sortOrder=${sortOrder}&enriched=true`,
      );
      facetQueries.push(`/api/facets?category=passive-components&spec.resistance=${r}&spec.package=${pkg}`);
      facetQueries.push(`/api/facets?category=passive-components&spec.resistance=${low}..${high}&spec.package=${pkg}`);
    }
  const notation = (ohms: number) => (ohms >= 1_000_000 ? `${ohms / 1_000_000}M` : ohms >= 1000 ? `${ohms / 1000}k` : `${ohms}R`);
  const capacitances = ["10pF", "22pF", "100pF", "1nF", "10nF", "100nF", "1uF", "10uF", "100uF"];
  const specSearches = unique([
    ...resistances.flatMap((r) => packages.map((pkg) => `${notation(r)} ${pkg}`)),
    ...resistances.map((r) => `${notation(r)} resistor`),
    ...capacitances.flatMap((c) => ["16V", "25V", "50V"].map((v) => `${c} ${v}`)),
    ...capacitances.map((c) => `${c} capacitor`),
  ]);

  return [
    { name: "listing: plain", target: "p99 < 25 ms", cold: shuffle(plain, rng), cached: [`${LIST}?limit=20&enriched=true`] },
    {
      name: "listing: category",
      target: "p99 < 25 ms",
      cold: shuffle(byCategory, rng),
      cached: [`${LIST}?category=sensors-modules&enriched=true`, `${LIST}?category=passive-components&sortBy=price&sortOrder=asc&enriched=true`],
    },
    {
      name: "listing: price band",
      target: "p99 < 25 ms",
      cold: unique(bands),
      cached: [
        `${LIST}?category=sensors-modules&minPrice=5000&maxPrice=50000&enriched=true`,
        `${LIST}?category=passive-components&minPrice=1000&maxPrice=20000&enriched=true`,
        `${LIST}?categories=displays,motors-drivers&maxPrice=80000&enriched=true`,
      ],
    },
    {
      name: "listing: filtered mix (category, price band, sort, page)",
      target: "p99 < 25 ms",
      cold: unique(mix),
      cached: [`${LIST}?category=sensors-modules&minPrice=5000&maxPrice=60000&sortBy=price&sortOrder=asc&enriched=true`],
    },
    {
      name: "listing: each sort",
      target: "p99 < 25 ms",
      cold: shuffle(sorted, rng),
      cached: SORTS.map(([sortBy, sortOrder]) => `${LIST}?sortBy=${sortBy}&sortOrder=${sortOrder}&enriched=true`),
    },
    {
      name: "listing: deep pages",
      target: "p99 < 25 ms",
      cold: unique(deep),
      cached: [`${LIST}?sortBy=price&sortOrder=asc&offset=${Math.min(deepest, 5000)}&enriched=true`],
    },
    {
      name: "search: one word",
      target: "p99 < 50 ms",
      cold: shuffle(oneWord.map(search), rng),
      cached: ["arduino", "resistor", "esp32", "capacitor", "sensor"].map(search),
    },
    {
      name: "search: two words (~2-10% of the catalogue each)",
      target: "p99 < 50 ms",
      cold: shuffle(
        pairs.map((p) => search(p.query)),
        rng,
      ),
      cached: ["smd resistor", "ceramic capacitor", "pin header"].map(search),
    },
    { name: "search: part numbers", target: "p99 < 50 ms", cold: shuffle(partNumbers.map(search), rng), cached: partNumbers.slice(0, 3).map(search) },
    { name: "search: misspellings", target: "p99 < 50 ms", cold: shuffle(typos.map(search), rng), cached: ["ardiuno", "resitor", "capacitr"].map(search) },
    {
      name: "suggestions: prefixes",
      target: "p99 < 15 ms",
      cold: shuffle(
        prefixes.map((q) => `/api/search-suggestions?q=${encodeURIComponent(q)}`),
        rng,
      ),
      cached: ["ar", "ardu", "esp", "sens", "sold", "res", "10k", "oled", "batt", "serv"].map((q) => `/api/search-suggestions?q=${q}`),
    },
    {
      name: "listing: two spec filters and a sort",
      target: "p99 < 50 ms",
      cold: shuffle(unique(specListings), rng),
      cached: [`${LIST}?category=passive-components&spec.resistance=10000&spec.package=0805&enriched=true`],
    },
    {
      name: "facets: two spec filters",
      target: "p99 < 50 ms",
      cold: shuffle(unique(facetQueries), rng),
      cached: ["/api/facets?category=passive-components", "/api/facets?category=passive-components&spec.package=0805"],
    },
    {
      name: "search: specifications",
      target: "p99 < 50 ms",
      cold: shuffle(specSearches.map(search), rng),
      cached: ["10k 0805", "100nF 50V", "4k7 resistor"].map(search),
    },
    { name: "product page data", target: "p99 < 10 ms", cold: ids.map((id) => `${LIST}/${id}`), cached: [1, 2, 3].map((id) => `${LIST}/${id}`) },
  ];
}
