import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { slugify } from "@/lib/slug";
import { parseSpecValue } from "@/lib/specs/values";
import { rowsOf, type DbHandle } from "@/server/db";
import { specAttributes } from "@/server/db/schema";
import { invalidateCatalogCounts } from "@/server/catalog/catalog-cache";
import { clearResolvedWords, refreshSearchLexicon } from "@/server/search/resolve";
import { BULK_BRANDS, BULK_SKU_PREFIX, bulkContext, bulkProduct, bulkSku, type BulkProduct, type DemoImage } from "./bulk-catalog";
import { SEED_SPEC_ATTRIBUTES } from "./catalog/spec-attributes";

export { BULK_SKU_PREFIX };

/** SKUs of the first bulk generator (copies of the demo products), removed on the next run. */
const LEGACY_SKU_PREFIX = "BULK-";
const BULK_SKU_PATTERN = `^${BULK_SKU_PREFIX}[0-9]{7}$`;

const PRODUCT_COLUMNS = [
  "id",
  "name",
  "slug",
  "description",
  "image",
  "category_id",
  "category",
  "brand_id",
  "brand",
  "sku",
  "price",
  "original_price",
  "stock_quantity",
  "free_delivery",
  "same_day_delivery",
  "sales_count",
  "variant_config",
  "created_at",
  "updated_at",
];
const VARIANT_COLUMNS = ["product_id", "combination_id", "sku", "price", "stock", "attributes", "multi_values", "primary_values", "sort_order"];
const SPEC_COLUMNS = ["product_id", "variant_id", "category_id", "key", "num", "text"];

/** Rows per COPY chunk (one string handed to the database at a time). */
const CHUNK = 5_000;

export interface BulkSeedOptions {
  log?: (line: string) => void;
  /** listing dates count back from here (default: now) */
  now?: number;
  /**
   * Drop the products table's secondary indexes while loading and build them afterwards (faster
   * for a large load). Default: when adding at least 50,000 products and more than the table holds.
   */
  rebuildIndexes?: boolean;
}

export interface BulkSeedResult {
  total: number;
  added: number;
  removed: number;
  /** seconds per phase */
  timings: Record<string, number>;
}

/** One connection's statements and COPY, the same for PostgreSQL and PGlite. */
interface Loader {
  query<T>(text: string): Promise<T[]>;
  copy(table: string, columns: string[], chunks: Iterable<string>): Promise<void>;
  release(): Promise<void>;
}

/**
 * A loader's rows are not counted into the kept facet counts one statement at a time (a COPY of
 * millions of spec rows would be one huge refresh, two of them at once contending for the same
 * counts): the load counts everything once at its end (`spec_facets_rebuild`).
 */
const DEFER_FACETS = "SET storefront.defer_spec_facets = 'on'";
const COUNT_FACETS = "RESET storefront.defer_spec_facets";

async function openLoader(handle: DbHandle): Promise<Loader> {
  const pool = (handle as DbHandle & { pool?: pg.Pool }).pool;
  if (pool) {
    const client = await pool.connect();
    await client.query(DEFER_FACETS);
    return {
      query: async <T>(text: string) => (await client.query(text)).rows as T[],
      copy: async (table, columns, chunks) => {
        const stream = client.query(copyFrom(`COPY ${table} (${columns.join(", ")}) FROM STDIN`));
        await pipeline(Readable.from(chunks), stream);
      },
      release: async () => {
        await client.query(COUNT_FACETS).catch(() => undefined);
        client.release();
      },
    };
  }
  // an in-memory PGlite (tests) has its client inside drizzle
  const lite = handle.pglite ?? (handle.db as unknown as { $client?: import("@electric-sql/pglite").PGlite }).$client;
  if (!lite) throw new Error("No database client to load the bulk catalogue with");
  await lite.query(DEFER_FACETS);
  return pgliteLoader(lite);
}

function pgliteLoader(lite: import("@electric-sql/pglite").PGlite): Loader {
  return {
    query: async <T>(text: string) => (await lite.query<T>(text)).rows,
    copy: async (table, columns, chunks) => {
      for (const chunk of chunks) {
        await lite.query(`COPY ${table} (${columns.join(", ")}) FROM '/dev/blob'`, [], { blob: new Blob([chunk]) });
      }
    },
    release: async () => {
      await lite.query(COUNT_FACETS);
    },
  };
}

/** A value in COPY's text format. */
function field(value: string | number | boolean | null): string {
  if (value === null) return "\\N";
  if (typeof value !== "string") return String(value);
  return value.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r");
}

const line = (values: (string | number | boolean | null)[]): string => values.map(field).join("\t") + "\n";

/**
 * Grows the catalogue to `count` products for benchmarks with generated products that look like
 * a real electronics catalogue (src/seed/bulk-catalog.ts): bulk product k has SKU KE-B000000k,
 * so a second run adds only the missing ones (and a smaller count removes the last ones). Rows
 * are made in JavaScript and loaded with COPY, each product's specification values (product_specs)
 * after the products; for a large load the secondary indexes of `products` and `product_specs`
 * and the latter's foreign keys are dropped first and made again after (in the same transaction,
 * so a failed load leaves the tables as they were). Images are the demo products' own files, so
 * no image is made and no vector added. Ends with VACUUM ANALYZE and a refresh of the search
 * lexicon and suggestions.
 */
export async function seedBulk(handle: DbHandle, count: number, options: BulkSeedOptions = {}): Promise<BulkSeedResult> {
  const log = options.log ?? (() => undefined);
  const timings: Record<string, number> = {};
  let phaseStart = Date.now();
  const phase = (name: string) => {
    timings[name] = (Date.now() - phaseStart) / 1000;
    phaseStart = Date.now();
  };
  const db = handle.db;

  const legacy = rowsOf<{ n: number }>(
    await db.execute(sql`with gone as (delete from products where sku like ${LEGACY_SKU_PREFIX + "%"} returning 1) select count(*)::int as n from gone`),
  )[0]!.n;
  const [state] = rowsOf<{ others: number; bulk: number; maxk: number }>(
    await db.execute(sql`
      select count(*) filter (where sku !~ ${BULK_SKU_PATTERN})::int as others,
             count(*) filter (where sku ~ ${BULK_SKU_PATTERN})::int as bulk,
             coalesce(max(substr(sku, ${BULK_SKU_PREFIX.length + 1})::int) filter (where sku ~ ${BULK_SKU_PATTERN}), 0)::int as maxk
      from products`),
  );
  const others = Number(state?.others ?? 0);
  if (others === 0) throw new Error("Seed the demo catalogue first (npm run seed)");
  const wanted = Math.max(0, count - others);
  let bulk = Number(state?.bulk ?? 0);
  let maxK = Number(state?.maxk ?? 0);

  let removed = legacy;
  let lexiconDone = false;
  await repairIndexes(handle, log);
  if (bulk > wanted) {
    // keep bulk products 1..wanted (SKUs are zero-padded, so text order is number order)
    const gone = rowsOf<{ n: number }>(
      await db.execute(
        sql`with gone as (delete from products where sku ~ ${BULK_SKU_PATTERN} and sku > ${bulkSku(wanted)} returning 1) select count(*)::int as n from gone`,
      ),
    )[0]!.n;
    removed += gone;
    bulk -= gone;
    maxK = Math.min(maxK, wanted);
  }
  const add = Math.max(0, wanted - bulk);
  phase("prepare");

  await ensureSpecAttributes(handle);
  if (add > 0) {
    await ensureBrands(handle);
    const demo = rowsOf<DemoImage>(
      await db.execute(sql`
        select c.slug as "categorySlug", p.name, p.image from products p join categories c on c.id = p.category_id
        where p.sku !~ ${BULK_SKU_PATTERN} order by p.id`),
    );
    const categories = new Map(
      rowsOf<{ id: number; slug: string; name: string }>(await db.execute(sql`select id, slug, name from categories`)).map((c) => [c.slug, c]),
    );
    const brandIds = new Map(rowsOf<{ id: number; name: string }>(await db.execute(sql`select id, name from brands`)).map((b) => [b.name, b.id]));
    const ctx = bulkContext(demo, options.now ?? Date.now());
    const rebuild = options.rebuildIndexes ?? (add >= 50_000 && add > others + bulk);
    const specValues = specValueLines(categories);
    const rows: RowMaker = {
      firstK: maxK + 1,
      make: (k, id, sink) => {
        const p = bulkProduct(k, ctx);
        for (const [order, v] of p.variants.entries()) {
          sink.variants.push(line([id, v.combinationId, v.sku, v.price, v.stock, JSON.stringify(v.attributes), "{}", "[]", order]));
        }
        sink.specs.add(id, specValues(p));
        return productLine(p, id, categories, brandIds, nowIso);
      },
    };
    const nowIso = new Date(ctx.now).toISOString();
    if (handle.kind === "postgres" && rebuild) {
      lexiconDone = await loadInParallel(handle, add, rows, log, phase);
    } else {
      await loadInOneTransaction(handle, add, rows, rebuild, log, phase);
    }
  }

  const backfilled = await backfillSpecs(handle, log);
  if (backfilled) phase("specs of earlier bulk products");
  if (add > 0 || removed > 0 || backfilled) {
    await db.execute(sql`select spec_facets_rebuild()`);
    phase("facet counts");
  }

  // A "was" price is a price the product had: each deal's history shows the cut from it, made
  // halfway between the listing and today (once: a product that has its history keeps it).
  await db.execute(sql`
    insert into product_changes (product_id, changes, reason, created_at)
    select p.id, jsonb_build_object('price', jsonb_build_object('before', p.original_price, 'after', p.price)), 'Price reduced',
           p.created_at + (now() - p.created_at) / 2
    from products p
    where p.sku ~ ${BULK_SKU_PATTERN} and p.original_price > p.price
      and not exists (select 1 from product_changes c where c.product_id = p.id and c.changes -> 'price' is not null)`);
  phase("deal history");

  // Fresh statistics and visibility map, so the planner walks indexes and counts use index-only scans.
  await db.execute(sql`vacuum analyze products`);
  await db.execute(sql`vacuum analyze product_variants`);
  await db.execute(sql`vacuum analyze product_specs`);
  await db.execute(sql`vacuum analyze spec_facet_sets`);
  await db.execute(sql`analyze categories`);
  await db.execute(sql`analyze brands`);
  phase("vacuum analyze");
  if (!lexiconDone) {
    await refreshSearchLexicon(db);
    phase("search lexicon");
  } else clearResolvedWords();
  // the lexicon's prefix tests read word and frequency from the index alone once the table is vacuumed
  await db.execute(sql`vacuum analyze search_lexicon`);
  invalidateCatalogCounts();
  return { total: others + bulk + add, added: add, removed, timings };
}

/** Makes the COPY line of bulk product k with row id `id` (and puts its variants' and specifications' lines in `sink`). */
interface RowMaker {
  firstK: number;
  make: (k: number, id: number, sink: LoadSink) => string;
}

/** The lines a load copies after its products: variants, and specification values. */
interface LoadSink {
  variants: string[];
  specs: SpecLines;
}

const newSink = (): LoadSink => ({ variants: [], specs: new SpecLines() });

/**
 * The product_specs lines of the products being loaded, kept in large strings (a million
 * products hold about five million values) until their products are in.
 */
class SpecLines {
  private readonly chunks: string[] = [];
  private pending = "";
  private count = 0;

  /** a product's values: each the tail of a line, after the product id */
  add(productId: number, tails: readonly string[]): void {
    for (const tail of tails) {
      this.pending += `${productId}\t${tail}`;
      if (++this.count % (CHUNK * 4) === 0) {
        this.chunks.push(this.pending);
        this.pending = "";
      }
    }
  }

  get size(): number {
    return this.count;
  }

  /** The lines in chunks for COPY (the buffer is emptied as they go). */
  *drain(): Generator<string> {
    if (this.pending) this.chunks.push(this.pending);
    this.pending = "";
    for (let chunk = this.chunks.shift(); chunk !== undefined; chunk = this.chunks.shift()) yield chunk;
  }
}

/**
 * A bulk product's specification values as product_specs line tails (variant, category, key,
 * number, text), read with its category's definitions (src/seed/catalog/spec-attributes.ts). The
 * catalogue repeats a few thousand distinct values, so each is read once.
 */
function specValueLines(categories: Map<string, { id: number }>): (p: BulkProduct) => string[] {
  const known = new Map<string, string>();
  return (p) => {
    const tails: string[] = [];
    for (const [key, value] of Object.entries(p.specs)) {
      for (const text of typeof value === "string" ? [value] : value) {
        const memo = `${p.categorySlug}\u0001${key}\u0001${text}`;
        let tail = known.get(memo);
        if (tail === undefined) {
          const def = SEED_SPEC_ATTRIBUTES[p.categorySlug]?.find((d) => d.key === key);
          const categoryId = categories.get(p.categorySlug)?.id;
          const parsed = def ? parseSpecValue(def, text) : { ok: false as const, reason: "not an attribute of the category" };
          if (!parsed.ok || categoryId === undefined)
            throw new Error(`Bulk spec ${key} "${text}" of ${p.sku}: ${parsed.ok ? "unknown category" : parsed.reason}`);
          const num = typeof parsed.value === "number" ? String(parsed.value) : null;
          tail = line([null, categoryId, key, num, num === null ? String(parsed.value) : null]);
          known.set(memo, tail);
        }
        tails.push(tail);
      }
    }
    return tails;
  };
}

/** Lines of products firstK + from … firstK + to - 1, with ids from `firstId + from`, in chunks. */
function* productChunks(rows: RowMaker, firstId: number, from: number, to: number, sink: LoadSink, progress: () => void): Generator<string> {
  let chunk = "";
  let n = 0;
  for (let i = from; i < to; i++) {
    chunk += rows.make(rows.firstK + i, firstId + i, sink);
    if (++n === CHUNK) {
      yield chunk;
      chunk = "";
      n = 0;
    }
    progress();
  }
  if (chunk) yield chunk;
}

function* joined(lines: string[]): Generator<string> {
  for (let i = 0; i < lines.length; i += CHUNK) yield lines.slice(i, i + CHUNK).join("");
}

function progressLogger(log: (line: string) => void): () => void {
  let done = 0;
  return () => {
    if (++done % 100_000 === 0) log(`  ${done.toLocaleString("en-US")} products loaded…`);
  };
}

/**
 * What a large load drops and makes again after: the secondary indexes of `products` and
 * `product_specs`, and the foreign keys of `product_specs` (checked row by row, they would cost
 * the load of five million values several times its COPY; added after, one join checks them).
 */
const SECONDARY_INDEXES = `
  select indexname as name, indexdef as def, format('DROP INDEX %I', indexname) as "drop" from pg_indexes
  where schemaname = current_schema() and tablename in ('products', 'product_specs')
    and indexname not in (select conname from pg_constraint where conrelid in ('products'::regclass, 'product_specs'::regclass))
  union all
  select conname, format('ALTER TABLE product_specs ADD CONSTRAINT %I %s', conname, pg_get_constraintdef(oid)),
         format('ALTER TABLE product_specs DROP CONSTRAINT %I', conname)
  from pg_constraint where conrelid = 'product_specs'::regclass and contype = 'f'`;

interface Dropped {
  name: string;
  def: string;
  drop: string;
}

/** The comment on `products` while its indexes are dropped for a load: what to build again if the load dies. */
const PENDING_MARK = "bulk-seed: indexes to rebuild ";

/** Builds the indexes a bulk load dropped and did not get to build again (it was stopped). */
async function repairIndexes(handle: DbHandle, log: (line: string) => void): Promise<void> {
  const [row] = rowsOf<{ comment: string | null }>(await handle.db.execute(sql`select obj_description('products'::regclass, 'pg_class') as comment`));
  if (!row?.comment?.startsWith(PENDING_MARK)) return;
  const pending = JSON.parse(row.comment.slice(PENDING_MARK.length)) as { name: string; def: string }[];
  const have = new Set(rowsOf<{ name: string }>(await handle.db.execute(sql.raw(SECONDARY_INDEXES))).map((r) => r.name));
  for (const index of pending.filter((i) => !have.has(i.name))) {
    log(`Building index ${index.name}, left out by an unfinished bulk load…`);
    await handle.db.execute(sql.raw(index.def));
  }
  await handle.db.execute(sql`comment on table products is null`);
}

/**
 * The embedded database (one connection), or a small load: everything in one transaction, so a
 * failed load leaves the table as it was.
 */
async function loadInOneTransaction(
  handle: DbHandle,
  add: number,
  rows: RowMaker,
  rebuild: boolean,
  log: (line: string) => void,
  phase: (name: string) => void,
) {
  const loader = await openLoader(handle);
  try {
    await loader.query("BEGIN");
    if (handle.kind === "postgres") await loader.query("SET LOCAL maintenance_work_mem = '1GB'");
    const [{ next } = { next: 1 }] = await loader.query<{ next: number }>("select (coalesce(max(id), 0) + 1)::int as next from products");
    const dropped = rebuild ? await loader.query<Dropped>(SECONDARY_INDEXES) : [];
    for (const index of dropped) await loader.query(index.drop);
    if (dropped.length) log(`Dropped ${dropped.length} indexes of products for the load.`);
    phase("indexes dropped");
    const sink = newSink();
    await loader.copy("products", PRODUCT_COLUMNS, productChunks(rows, Number(next), 0, add, sink, progressLogger(log)));
    phase("copy products");
    if (sink.variants.length) await loader.copy("product_variants", VARIANT_COLUMNS, joined(sink.variants));
    await loader.query("select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))");
    phase("copy variants");
    if (sink.specs.size) await loader.copy("product_specs", SPEC_COLUMNS, sink.specs.drain());
    phase("copy specs");
    for (const index of dropped) {
      const started = Date.now();
      await loader.query(index.def);
      log(`  ${index.name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    phase("indexes built");
    await loader.query("COMMIT");
  } catch (error) {
    await loader.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await loader.release();
  }
}

/**
 * A large load on PostgreSQL, using both cores: the secondary indexes are dropped (their
 * definitions kept in a comment on the table, so an interrupted load has them built again by the
 * next run), two connections COPY one half of the rows each, and then two connections build the
 * indexes and refresh the search lexicon side by side, the two GIN indexes first. Returns true
 * (the lexicon is fresh).
 */
async function loadInParallel(handle: DbHandle, add: number, rows: RowMaker, log: (line: string) => void, phase: (name: string) => void): Promise<boolean> {
  const first = await openLoader(handle);
  const second = await openLoader(handle);
  try {
    await first.query("BEGIN");
    await first.query("LOCK TABLE products IN SHARE ROW EXCLUSIVE MODE");
    const [{ next } = { next: 1 }] = await first.query<{ next: number }>("select (coalesce(max(id), 0) + 1)::int as next from products");
    const dropped = await first.query<Dropped>(SECONDARY_INDEXES);
    await first.query(`COMMENT ON TABLE products IS ${literal(PENDING_MARK + JSON.stringify(dropped))}`);
    for (const index of dropped) await first.query(index.drop);
    // the ids are taken now, so a shop writing meanwhile cannot collide with them
    await first.query(`select setval(pg_get_serial_sequence('products', 'id'), ${Number(next) + add - 1})`);
    await first.query("COMMIT");
    log(`Dropped ${dropped.length} indexes of products for the load.`);
    phase("indexes dropped");

    const half = Math.floor(add / 2);
    const sinks = [newSink(), newSink()] as const;
    const progress = progressLogger(log);
    await Promise.all([
      first.copy("products", PRODUCT_COLUMNS, productChunks(rows, Number(next), 0, half, sinks[0], progress)),
      second.copy("products", PRODUCT_COLUMNS, productChunks(rows, Number(next), half, add, sinks[1], progress)),
    ]);
    phase("copy products");
    await first.copy("product_variants", VARIANT_COLUMNS, joined([...sinks[0].variants, ...sinks[1].variants]));
    phase("copy variants");
    await Promise.all([first.copy("product_specs", SPEC_COLUMNS, sinks[0].specs.drain()), second.copy("product_specs", SPEC_COLUMNS, sinks[1].specs.drain())]);
    phase("copy specs");

    // the longest first (at 1M: lexicon ~150 s, each GIN index ~90 s, the btrees ~25 s together),
    // so the two connections finish together
    const gin = dropped.filter((i) => /using gin/i.test(i.def));
    const tasks: { name: string; sql: string }[] = [
      { name: "search lexicon", sql: "select refresh_search_lexicon()" },
      ...gin.map((i) => ({ name: i.name, sql: i.def })),
      ...dropped.filter((i) => !gin.includes(i)).map((i) => ({ name: i.name, sql: i.def })),
    ];
    await Promise.all(
      [first, second].map(async (loader) => {
        await loader.query("SET maintenance_work_mem = '512MB'");
        for (let task = tasks.shift(); task; task = tasks.shift()) {
          const started = Date.now();
          await loader.query(task.sql);
          log(`  ${task.name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
        }
        await loader.query("RESET maintenance_work_mem");
      }),
    );
    await first.query("COMMENT ON TABLE products IS NULL");
    phase("indexes and lexicon built");
    return true;
  } catch (error) {
    // rows already copied stay (a later run adds what is missing); the indexes must come back now
    await repairIndexes(handle, log).catch(() => undefined);
    throw error;
  } finally {
    await first.release();
    await second.release();
  }
}

/** A string literal for SQL text (COMMENT takes no parameters). */
const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;

function productLine(p: BulkProduct, id: number, categories: Map<string, { id: number; name: string }>, brandIds: Map<string, number>, nowIso: string): string {
  const category = categories.get(p.categorySlug);
  if (!category) throw new Error(`Bulk product ${p.sku} names unknown category ${p.categorySlug}`);
  const brandId = brandIds.get(p.brand);
  if (brandId === undefined) throw new Error(`Bulk product ${p.sku} names unknown brand ${p.brand}`);
  return line([
    id,
    p.name,
    p.slug,
    p.description,
    p.image,
    category.id,
    category.name,
    brandId,
    p.brand,
    p.sku,
    p.price,
    p.originalPrice,
    p.stock,
    p.freeDelivery,
    p.sameDayDelivery,
    p.salesCount,
    p.variantConfig ? JSON.stringify(p.variantConfig) : null,
    p.createdAt.toISOString(),
    nowIso,
  ]);
}

/**
 * The spec attributes the bulk products' values are read by (the demo seed writes them; a shop
 * seeded before they existed, or whose admin removed one, gets the missing ones back).
 */
async function ensureSpecAttributes(handle: DbHandle): Promise<void> {
  const ids = new Map(rowsOf<{ id: number; slug: string }>(await handle.db.execute(sql`select id, slug from categories`)).map((c) => [c.slug, c.id]));
  const values = Object.entries(SEED_SPEC_ATTRIBUTES).flatMap(([slug, defs]) => {
    const categoryId = ids.get(slug);
    return categoryId === undefined ? [] : defs.map((d) => ({ categoryId, ...d }));
  });
  if (values.length) await handle.db.insert(specAttributes).values(values).onConflictDoNothing();
}

/**
 * Gives bulk products loaded before they had specifications their values (a catalogue grown by an
 * earlier version of this seed); a load writes every product's values, so the first bulk product
 * having some says there is nothing to do. True when it wrote any.
 */
async function backfillSpecs(handle: DbHandle, log: (line: string) => void): Promise<boolean> {
  const db = handle.db;
  const [first] = rowsOf<{ bare: boolean }>(
    await db.execute(sql`
      select not exists (select 1 from product_specs s where s.product_id = p.id) as bare
      from products p where p.sku ~ ${BULK_SKU_PATTERN} order by p.sku limit 1`),
  );
  if (!first?.bare) return false;
  const categories = new Map(rowsOf<{ id: number; slug: string }>(await db.execute(sql`select id, slug from categories`)).map((c) => [c.slug, c]));
  const specValues = specValueLines(categories);
  const ctx = bulkContext([{ categorySlug: "", name: "", image: "" }]);
  const loader = await openLoader(handle);
  let after = 0;
  let done = 0;
  try {
    for (;;) {
      const batch = await loader.query<{ id: number; sku: string }>(`
        select p.id, p.sku from products p
        where p.sku ~ '${BULK_SKU_PATTERN}' and p.id > ${after}
          and not exists (select 1 from product_specs s where s.product_id = p.id)
        order by p.id limit 20000`);
      if (!batch.length) break;
      const specs = new SpecLines();
      for (const row of batch) specs.add(row.id, specValues(bulkProduct(Number(row.sku.slice(BULK_SKU_PREFIX.length)), ctx)));
      await loader.copy("product_specs", SPEC_COLUMNS, specs.drain());
      after = Number(batch.at(-1)!.id);
      done += batch.length;
      log(`  specifications of ${done.toLocaleString("en-US")} earlier bulk products written…`);
    }
  } finally {
    await loader.release();
  }
  return done > 0;
}

/** Makes the brands the bulk families use that the demo catalogue does not have. */
async function ensureBrands(handle: DbHandle): Promise<void> {
  const values = sql.join(
    BULK_BRANDS.map((name) => sql`(${name}, ${slugify(name)})`),
    sql`, `,
  );
  await handle.db.execute(sql`insert into brands (name, slug) values ${values} on conflict do nothing`);
  const have = new Set(rowsOf<{ name: string }>(await handle.db.execute(sql`select name from brands`)).map((b) => b.name));
  const missing = BULK_BRANDS.filter((b) => !have.has(b));
  if (missing.length) throw new Error(`Brands whose slug another brand already has: ${missing.join(", ")}`);
}
