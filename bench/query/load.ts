// Load one kind of catalogue request with distinct (cache-defeating) or repeated paths:
// npx tsx bench/query/load.ts <base> <kind> [--repeat] [--seconds 10] [--connections 10]
// kinds: plain, category, price, sort, search, search2, suggest, product
import autocannon from "autocannon";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { repeat: { type: "boolean", default: false }, seconds: { type: "string", default: "10" }, connections: { type: "string", default: "10" } },
});
const [base = "http://127.0.0.1:3420", kind = "plain"] = positionals;

async function get<T>(path: string): Promise<T> {
  return (await (await fetch(base + path)).json()) as T;
}

let seed = 12345;
const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;

const categories = (await get<{ categories: { slug: string }[] }>("/api/categories")).categories.map((c) => c.slug);
const sample = await get<{ products: { id: number; name: string; category_slug: string }[] }>("/api/products?limit=100&sortBy=rating");
const sample2 = await get<{ products: { id: number; name: string }[] }>("/api/products?limit=100&sortBy=created_at");
const names = [...sample.products, ...sample2.products].map((p) => p.name.toLowerCase());
const words = [...new Set(names.flatMap((n) => n.split(/[^a-z0-9]+/).filter((w) => w.length >= 3)))];
const sorts = ["price:asc", "price:desc", "name:asc", "created_at:desc", "rating:desc", "sales:desc", "featured:"];

function path(i: number): string {
  const sort = pick(sorts).split(":");
  const sortQ = sort[0] === "featured" ? "" : `&sortBy=${sort[0]}&sortOrder=${sort[1]}`;
  const offset = 20 * Math.floor(rand() * 5);
  switch (kind) {
    case "plain":
      return `/api/products?limit=20&offset=${offset + 20 * (i % 50)}&enriched=true`;
    case "category":
      return `/api/products?category=${pick(categories)}&offset=${offset}${sortQ}&enriched=true`;
    case "price": {
      const lo = 500 * Math.floor(rand() * 100);
      return `/api/products?minPrice=${lo}&maxPrice=${lo + 500 * (1 + Math.floor(rand() * 40))}&offset=${offset}${sortQ}&enriched=true`;
    }
    case "sort":
      return `/api/products?offset=${offset + 20 * (i % 100)}${sortQ}&enriched=true`;
    case "search": {
      const name = pick(names)
        .split(/[^a-z0-9]+/)
        .filter((w) => w.length >= 3);
      const q = name.length > 1 && rand() < 0.6 ? `${name[0]} ${pick(name.slice(1))}` : pick(words);
      return `/api/products?search=${encodeURIComponent(q)}&offset=${20 * (i % 3)}&enriched=true`;
    }
    case "search2":
      return `/api/products?search=${encodeURIComponent(`${pick(words)} ${pick(words)}`)}&offset=${20 * (i % 3)}&enriched=true`;
    case "suggest": {
      const w = pick(words);
      const q = w.slice(0, 2 + Math.floor(rand() * Math.max(1, w.length - 1))) + (i % 7 ? "" : " " + pick(words).slice(0, 3));
      return `/api/search-suggestions?q=${encodeURIComponent(q)}`;
    }
    case "product":
      return `/api/products/${1 + Math.floor(rand() * 1_000_000)}`;
    default:
      throw new Error(`unknown kind ${kind}`);
  }
}

const N = values.repeat ? 1 : 50_000;
const paths = [...new Set(Array.from({ length: N }, (_, i) => path(i)))];
let next = 0;
const out = await autocannon({
  url: base,
  connections: Number(values.connections),
  duration: Number(values.seconds),
  requests: [
    {
      setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }),
    },
  ],
});
console.log(
  JSON.stringify({
    kind,
    repeat: values.repeat,
    distinct: paths.length,
    sent: out.requests.total,
    rps: Math.round(out.requests.average),
    p50: out.latency.p50,
    p90: out.latency.p90,
    p99: out.latency.p99,
    max: out.latency.max,
    non2xx: out.non2xx,
    errors: out.errors,
  }),
);
