import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { CSV_PRODUCT_COLUMNS, PRODUCT_SKU_PATTERN } from "@/lib/admin-catalog";
import {
  IMPORT_MAX_ROWS,
  readWholeNumber,
  specColumnKey,
  type ImportBatch,
  type ImportCounts,
  type ImportLine,
  type ImportProblem,
  type ImportResult,
  type ProductSnapshot,
  type UndoConflict,
  type UndoResult,
} from "@/lib/catalog-import";
import { checkLadder, formatLadder, PACK_SIZE_MAX, parseLadder, type PriceBreak } from "@/lib/price-breaks";
import { PLACEHOLDER_IMAGE } from "@/lib/product-image";
import { slugify } from "@/lib/slug";
import { formatSpecValue, parseSpecValue, type SpecAttributeDef } from "@/lib/specs/values";
import { specNumbersEqual, unitSymbol, type SpecUnit } from "@/lib/specs/units";
import { hasForbiddenCharacter } from "@/lib/text";
import { fromSpreadsheetCell } from "@/lib/spreadsheet-safe";
import { logSecurityEvent, type RequestMeta } from "../../auth/events";
import { invalidateTags } from "../../cache/tagged-cache";
import { withTransaction, type Database } from "../../db";
import {
  brands,
  catalogImportProducts,
  catalogImports,
  categories,
  orderLines,
  priceBreaks,
  productChanges,
  productSpecs,
  products,
  slugRedirects,
  specAttributes,
} from "../../db/schema";
import { DomainError } from "../../errors";
import type { MediaStore } from "../../media/media-store";
import { ensurePlaceholderImage } from "../../media/placeholder";
import { addProductsToSearchLexicon } from "../../search/resolve";
import { ladderRefusal, setPriceBreaks } from "../price-breaks";
import { checkWasPrice, differences } from "../product-writes";
import {
  chunks,
  readProductStates,
  replacePriceBreaks,
  replaceSpecValues,
  snapshotDifferences,
  snapshotOf,
  SNAPSHOT_FIELDS,
  type ProductState,
} from "./import-snapshots";
import type { Sheet } from "./sheet-file";

export interface ImportOptions {
  /** check and report only: nothing is written */
  dryRun: boolean;
  /** a category the sheet names that does not exist is created (else the line is refused) */
  createCategories: boolean;
  /** write the lines that are right and leave the refused ones (else a refused line stops the import) */
  skipRefused: boolean;
}

type Actor = { id: number; email: string };

const NAME_MAX = 200;
const DESCRIPTION_MAX = 5_000;
const TAXONOMY_NAME_MAX = 100;
const MONEY_MAX = 2_000_000_000;
const STOCK_MAX = 10_000_000;
/** The brand of a new product whose line names none. */
const DEFAULT_BRAND = "Generic";
/** One import at a time across every app server: two files creating the same SKU must not race. */
const IMPORT_LOCK = 7_340_034;

const TRUE = new Set(["true", "yes", "1", "ndiyo"]);
const FALSE = new Set(["false", "no", "0", "hapana"]);
/** A spec cell holding only this clears the value (an empty cell leaves it as it is). */
const CLEAR = "-";
/** Between the values of a key that has several ("Wi-Fi; Bluetooth LE"). */
export const VALUES_APART = /\s*;\s*/;
export const VALUES_JOINED = "; ";

const KNOWN_COLUMNS = new Set<string>(CSV_PRODUCT_COLUMNS);

/** A snapshot's field as the sheet (or the admin's screen) names it; `spec.<key>` names itself. */
const COLUMN_OF: Record<string, string> = {
  categoryId: "category",
  brandId: "brand",
  originalPrice: "original_price",
  stockQuantity: "stock_quantity",
  freeDelivery: "free_delivery",
  sameDayDelivery: "same_day_delivery",
  packSize: "pack_size",
  priceBreaks: "price_breaks",
  image: "picture",
};

/** A category or brand a line names: one that exists, or one the import will create. */
type Ref = { id: number; name: string } | { create: string; slug: string };

/** A line checked against the catalogue: what it becomes, and (unless refused) the product's values after it. */
interface PlannedLine {
  line: number;
  sku: string;
  outcome: ImportLine["outcome"];
  state: ProductState | null;
  problems: ImportProblem[];
  changes: Record<string, { before: string; after: string }>;
  /** the product's values after the line; categoryId and brandId are 0 where `category`/`brand` is one to create */
  after: ProductSnapshot | null;
  category: Ref | null;
  brand: Ref | null;
  /** the spec keys whose values the line changes */
  specKeys: string[];
}

const yesNo = (value: boolean) => (value ? "yes" : "no");

/** A stored spec value as the parser's value (number in base units, list text, yes/no). */
function storedValue(def: SpecAttributeDef, row: { num: string | null; text: string | null }): number | string | boolean {
  if (def.kind === "number") return Number(row.num);
  if (def.kind === "boolean") return row.text === "true";
  return row.text ?? "";
}

/** The row a parsed value is stored as. */
function storedRow(def: SpecAttributeDef, value: number | string | boolean): { num: string | null; text: string | null } {
  if (def.kind === "number") return { num: String(value), text: null };
  if (def.kind === "boolean") return { num: null, text: value ? "true" : "false" };
  return { num: null, text: String(value) };
}

/**
 * A value in the shop's notation ("10 kΩ", "0805", "yes") that reads back as the same value: the
 * formatted text when it does, else the plain number in the base unit (never a rounded one).
 */
export function specCell(def: SpecAttributeDef, value: number | string | boolean): string {
  const candidates = [formatSpecValue(def, value, "en")];
  // the shop's notation rounds (176.5 mN·m): the exact number in the base unit reads back whole
  if (def.kind === "number") candidates.push(def.unit ? `${value} ${unitSymbol(def.unit)}` : String(value), String(value));
  for (const text of candidates) {
    const back = parseSpecValue(def, text);
    if (back.ok && (def.kind === "number" ? specNumbersEqual(Number(back.value), Number(value)) : back.value === value)) return text;
  }
  return String(value);
}

/**
 * The catalogue import: a sheet of products (CSV or the first sheet of an XLSX file) creates new
 * products and changes existing ones, by SKU, with their category, brand, prices, stock and
 * specifications (`spec.<key>` columns). Every line is checked against the catalogue first and
 * reported (created, changed with the fields that move, unchanged, refused with the column and the
 * reason); a dry run stops there. A real import checks again inside its transaction (the file may
 * meet a catalogue that moved since the dry run) and writes every line or, unless told to skip
 * refused lines, none. It is kept as one batch with each product's values before and after, so it
 * can be undone as one (`undo`).
 */
export function createCatalogImportService(db: Database, media: MediaStore) {
  /** Reads the catalogue the sheet meets and checks every line. */
  async function plan(tx: Database, sheet: Sheet, options: ImportOptions, lock: boolean) {
    const fileProblems: { line: number; message: string }[] = [];
    const { columns } = sheet;
    const unknown = columns.filter((c) => !KNOWN_COLUMNS.has(c) && specColumnKey(c) === null);
    if (!columns.includes("sku")) fileProblems.push({ line: 1, message: "The first line must name the columns, with a sku column" });
    if (unknown.length)
      fileProblems.push({
        line: 1,
        message: `Unknown columns: ${unknown.join(", ")} (known: ${CSV_PRODUCT_COLUMNS.join(", ")} and spec.<key> for each specification)`,
      });
    const twice = columns.filter((c, i) => columns.indexOf(c) !== i);
    if (twice.length) fileProblems.push({ line: 1, message: `Columns named twice: ${[...new Set(twice)].join(", ")}` });
    if (sheet.rows.length === 0) fileProblems.push({ line: 1, message: "The file has no rows" });
    if (sheet.rows.length > IMPORT_MAX_ROWS) fileProblems.push({ line: 1, message: `A file can hold at most ${IMPORT_MAX_ROWS} products; split it` });
    if (fileProblems.length) return { fileProblems, lines: [] as PlannedLine[] };

    const skus = [...new Set(sheet.rows.map((r) => (r.cells.sku ?? "").trim()).filter(Boolean))];
    const existing = new Map([...(await readProductStates(tx, { skus }, lock)).values()].map((s) => [s.sku, s]));
    const categoryRows = await tx.select({ id: categories.id, slug: categories.slug, name: categories.name }).from(categories);
    const categoryByWord = new Map<string, { id: number; name: string; slug: string }>();
    for (const c of categoryRows) categoryByWord.set(c.slug.toLowerCase(), c);
    for (const c of categoryRows) if (!categoryByWord.has(c.name.toLowerCase())) categoryByWord.set(c.name.toLowerCase(), c);
    const categoryById = new Map(categoryRows.map((c) => [c.id, c]));
    const brandRows = await tx.select({ id: brands.id, name: brands.name, slug: brands.slug }).from(brands);
    const brandByName = new Map(brandRows.map((b) => [b.name.toLowerCase(), b]));
    const brandBySlug = new Map(brandRows.map((b) => [b.slug, b]));
    const brandById = new Map(brandRows.map((b) => [b.id, b]));
    const attributeRows = await tx.select().from(specAttributes);
    const attributes = new Map<number, Map<string, SpecAttributeDef>>();
    for (const a of attributeRows) {
      const defs = attributes.get(a.categoryId) ?? new Map<string, SpecAttributeDef>();
      defs.set(a.key, {
        key: a.key,
        nameEn: a.nameEn,
        nameSw: a.nameSw,
        kind: a.kind,
        unit: a.unit as SpecUnit | null,
        options: a.options,
        isFilter: a.isFilter,
        isKey: a.isKey,
        sortOrder: a.sortOrder,
      });
      attributes.set(a.categoryId, defs);
    }
    const specColumns = columns.filter((c) => specColumnKey(c) !== null);

    const seen = new Map<string, number>();
    const lines: PlannedLine[] = [];
    for (const row of sheet.rows) {
      // a value this shop's export marked as text (a leading apostrophe before = + - @) reads back as it was
      const cells = Object.fromEntries(Object.entries(row.cells).map(([key, value]) => [key, fromSpreadsheetCell(value.trim())]));
      const sku = cells.sku ?? "";
      const planned: PlannedLine = {
        line: row.line,
        sku,
        outcome: "refused",
        state: null,
        problems: [],
        changes: {},
        after: null,
        category: null,
        brand: null,
        specKeys: [],
      };
      lines.push(planned);
      const wrong = (column: string | null, message: string) => planned.problems.push({ column, message });
      if (Object.values(cells).some((v) => hasForbiddenCharacter(v))) {
        wrong(null, "A value holds a control character");
        continue;
      }
      if (!sku) {
        wrong("sku", "sku is empty");
        continue;
      }
      if (seen.has(sku)) {
        wrong("sku", `sku ${sku} is already on line ${seen.get(sku)}`);
        continue;
      }
      seen.set(sku, row.line);
      const state = existing.get(sku) ?? null;
      planned.state = state;
      const creating = state === null;
      if (creating && !PRODUCT_SKU_PATTERN.test(sku)) wrong("sku", `sku ${sku} may hold only letters, digits, dots, dashes and underscores (at most 64)`);

      // ---- the category and the brand ----
      let category: Ref | null = state ? { id: state.categoryId, name: categoryById.get(state.categoryId)?.name ?? "" } : null;
      const categoryCell = cells.category ?? "";
      if (categoryCell) {
        const found = categoryByWord.get(categoryCell.toLowerCase());
        if (found) category = { id: found.id, name: found.name };
        else if (!options.createCategories)
          wrong("category", `No category has the slug or name "${categoryCell}" (create it first, or import with "create new categories")`);
        else if (!slugify(categoryCell) || categoryCell.length > TAXONOMY_NAME_MAX)
          wrong("category", `"${categoryCell}" cannot be a category's name (letters or digits, at most ${TAXONOMY_NAME_MAX} characters)`);
        else category = { create: categoryCell, slug: slugify(categoryCell) };
      } else if (creating) wrong("category", "A new product needs a category");
      let brand: Ref | null = state ? { id: state.brandId, name: brandById.get(state.brandId)?.name ?? "" } : null;
      const brandCell = cells.brand || (creating ? DEFAULT_BRAND : "");
      if (brandCell) {
        const found = brandByName.get(brandCell.toLowerCase()) ?? brandBySlug.get(slugify(brandCell));
        if (found) brand = { id: found.id, name: found.name };
        else if (!slugify(brandCell) || brandCell.length > TAXONOMY_NAME_MAX)
          wrong("brand", `"${brandCell}" cannot be a brand's name (letters or digits, at most ${TAXONOMY_NAME_MAX} characters)`);
        else brand = { create: brandCell, slug: slugify(brandCell) };
      }

      // ---- text, money, stock, flags ----
      const name = cells.name ?? "";
      if (name.length > NAME_MAX) wrong("name", `name is longer than ${NAME_MAX} characters`);
      else if (creating && (!name || !slugify(name))) wrong("name", "A new product needs a name with letters or digits");
      const description = cells.description ?? "";
      if (description.length > DESCRIPTION_MAX) wrong("description", `description is longer than ${DESCRIPTION_MAX} characters`);
      const whole = (column: "price" | "original_price" | "stock_quantity", max: number): number | undefined => {
        const read = readWholeNumber(cells[column], max);
        if (read.ok) return read.value;
        wrong(column, `${column} must be a whole number from 0 to ${max} (got "${cells[column]}")`);
        return undefined;
      };
      const price = whole("price", MONEY_MAX);
      const originalPrice = whole("original_price", MONEY_MAX);
      const stock = whole("stock_quantity", STOCK_MAX);
      if (creating && price === undefined && !planned.problems.some((p) => p.column === "price")) wrong("price", "A new product needs a price");
      const flag = (column: "free_delivery" | "same_day_delivery"): boolean | undefined => {
        const value = cells[column]?.toLowerCase();
        if (!value) return undefined;
        if (TRUE.has(value)) return true;
        if (FALSE.has(value)) return false;
        wrong(column, `${column} must be yes or no (got "${cells[column]}")`);
        return undefined;
      };
      const free = flag("free_delivery");
      const sameDay = flag("same_day_delivery");
      const packRead = readWholeNumber(cells.pack_size, PACK_SIZE_MAX);
      const packSize = packRead.ok ? packRead.value : undefined;
      if (!packRead.ok || packSize === 0) wrong("pack_size", `pack_size must be a whole number from 1 to ${PACK_SIZE_MAX} (got "${cells.pack_size}")`);
      // prices by quantity: "10:2600;100:2200", "-" for none; checked against the price the line leaves
      let ladder: PriceBreak[] | undefined;
      const breaksCell = cells.price_breaks ?? "";
      if (breaksCell === CLEAR) ladder = [];
      else if (breaksCell) {
        const parsed = parseLadder(breaksCell);
        if (!parsed) wrong("price_breaks", `price_breaks must read like 10:2600;100:2200, a quantity and its price per unit (got "${breaksCell}")`);
        else ladder = parsed;
      }
      const unitPrice = price ?? state?.price;
      if (unitPrice !== undefined && (ladder !== undefined || (price !== undefined && state?.priceBreaks.length))) {
        const checked = checkLadder(unitPrice, ladder ?? state!.priceBreaks);
        const column = ladder !== undefined ? "price_breaks" : "price";
        if (!checked.ok)
          wrong(
            column,
            `${column}: ${ladderRefusal(checked.problem, String(checked.index)).message}${column === "price" ? " (the product's own breaks must stay below its price: change price_breaks too)" : ""}`,
          );
        else if (ladder !== undefined) ladder = checked.breaks;
      }

      if (state?.hasOptions && ((price !== undefined && price !== state.price) || (stock !== undefined && stock !== state.stockQuantity)))
        wrong(
          price !== undefined && price !== state.price ? "price" : "stock_quantity",
          `sku ${sku} takes its price and stock from its options: change them on the product's page`,
        );
      let was: number | undefined;
      if (creating) {
        // a new product has had no other price: a "was" price would be one it never had
        if (originalPrice !== undefined && originalPrice !== 0 && originalPrice !== price)
          wrong("original_price", 'A new product has no earlier price: its "was" price can be set once its price has changed');
      } else if (price !== undefined && originalPrice !== undefined && originalPrice !== 0 && originalPrice < price)
        wrong("original_price", `original_price (${originalPrice}) is below price (${price}): a "was" price must not be lower than the price`);
      else if (originalPrice !== undefined || (price !== undefined && price !== state!.price)) {
        try {
          was = await checkWasPrice(tx, state!.id, state!, price ?? state!.price, originalPrice);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          wrong("original_price", `original_price: ${error.message}`);
        }
      }

      // ---- specifications, against the category the product will be in ----
      const defs = category && "id" in category ? (attributes.get(category.id) ?? new Map<string, SpecAttributeDef>()) : new Map<string, SpecAttributeDef>();
      const categoryLabel = category ? ("id" in category ? category.name : category.create) : "";
      const specs = new Map<string, { num: string | null; text: string | null }[]>();
      for (const column of specColumns) {
        const cell = cells[column] ?? "";
        if (!cell) continue;
        const key = specColumnKey(column)!;
        const def = defs.get(key);
        if (!def) {
          wrong(column, `${column}: the category "${categoryLabel}" has no specification "${key}"`);
          continue;
        }
        if (cell === CLEAR) {
          specs.set(key, []);
          continue;
        }
        // several values of one key (a board's radios: "Wi-Fi; Bluetooth LE") are written apart by semicolons
        const rows: { num: string | null; text: string | null }[] = [];
        for (const piece of cell.split(VALUES_APART).map((p) => p.trim())) {
          const parsed = parseSpecValue(def, piece);
          if (!parsed.ok) {
            wrong(column, `${column}: ${parsed.reason} (got "${piece}")`);
            break;
          }
          const row = storedRow(def, parsed.value);
          if (!rows.some((r) => r.num === row.num && r.text === row.text)) rows.push(row);
        }
        if (rows.length) specs.set(key, rows);
      }

      if (planned.problems.length) continue;
      planned.category = category;
      planned.brand = brand;
      const before = state ? snapshotOf(state) : null;
      const base: ProductSnapshot = before ?? {
        name: "",
        description: "",
        categoryId: 0,
        brandId: 0,
        price: 0,
        originalPrice: 0,
        stockQuantity: 0,
        freeDelivery: false,
        sameDayDelivery: false,
        packSize: 1,
        image: PLACEHOLDER_IMAGE,
        archived: false,
        specs: [],
        priceBreaks: [],
      };
      const after: ProductSnapshot = {
        ...base,
        name: name || base.name,
        description: description || base.description,
        categoryId: category && "id" in category ? category.id : 0,
        brandId: brand && "id" in brand ? brand.id : 0,
        price: price ?? base.price,
        originalPrice: creating ? (price ?? 0) : (was ?? base.originalPrice),
        stockQuantity: stock ?? base.stockQuantity,
        freeDelivery: free ?? base.freeDelivery,
        sameDayDelivery: sameDay ?? base.sameDayDelivery,
        packSize: packSize ?? base.packSize,
        specs: [...base.specs],
        priceBreaks: ladder ?? base.priceBreaks,
      };
      // a value equal to the one stored (as a number, 10k = 10000) is no change and is not rewritten
      for (const [key, rows] of specs) {
        const def = defs.get(key)!;
        const old = base.specs.filter((s) => s.key === key);
        // the same values in any order (10k = 10000)
        const same =
          old.length === rows.length &&
          old.every((o) =>
            rows.some((r) => {
              const [a, b] = [storedValue(def, o), storedValue(def, r)];
              return def.kind === "number" ? specNumbersEqual(a as number, b as number) : a === b;
            }),
          );
        if (same) continue;
        planned.specKeys.push(key);
        after.specs = [...after.specs.filter((s) => s.key !== key), ...rows.map((r) => ({ key, ...r }))];
        const show = (list: { num: string | null; text: string | null }[]) => list.map((r) => specCell(def, storedValue(def, r))).join(VALUES_JOINED);
        planned.changes[`spec.${key}`] = { before: show(old), after: show(rows) };
      }
      after.specs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      planned.after = after;
      if (creating) {
        planned.outcome = "created";
        continue;
      }
      const moved = (field: keyof ProductSnapshot, column: string, show: (s: ProductSnapshot) => string) => {
        if (before![field] !== after[field] || (field === "categoryId" && "create" in category!) || (field === "brandId" && "create" in brand!))
          planned.changes[column] = { before: show(before!), after: show(after) };
      };
      moved("name", "name", (s) => s.name);
      moved("description", "description", (s) => s.description);
      if (category && "create" in category) planned.changes.category = { before: categoryById.get(before!.categoryId)?.slug ?? "", after: category.create };
      else moved("categoryId", "category", (s) => categoryById.get(s.categoryId)?.slug ?? "");
      if (brand && "create" in brand) planned.changes.brand = { before: brandById.get(before!.brandId)?.name ?? "", after: brand.create };
      else moved("brandId", "brand", (s) => brandById.get(s.brandId)?.name ?? "");
      const money = differences(before!, after);
      for (const [field, column] of [
        ["price", "price"],
        ["originalPrice", "original_price"],
        ["stockQuantity", "stock_quantity"],
      ] as const)
        if (money[field]) planned.changes[column] = { before: String(money[field].before), after: String(money[field].after) };
      moved("freeDelivery", "free_delivery", (s) => yesNo(s.freeDelivery));
      moved("sameDayDelivery", "same_day_delivery", (s) => yesNo(s.sameDayDelivery));
      moved("packSize", "pack_size", (s) => String(s.packSize));
      if (formatLadder(before!.priceBreaks) !== formatLadder(after.priceBreaks))
        planned.changes.price_breaks = { before: formatLadder(before!.priceBreaks), after: formatLadder(after.priceBreaks) };
      planned.outcome = Object.keys(planned.changes).length || before!.originalPrice !== after.originalPrice ? "changed" : "unchanged";
    }
    return { fileProblems, lines };
  }

  function answer(
    file: string,
    sheet: Sheet,
    result: { fileProblems: { line: number; message: string }[]; lines: PlannedLine[] },
    options: ImportOptions,
    importId: number | null,
  ): ImportResult {
    const counts: ImportCounts = { rows: sheet.rows.length, created: 0, changed: 0, unchanged: 0, refused: 0 };
    const lines: ImportLine[] = result.lines.map((l) => {
      counts[l.outcome]++;
      return {
        line: l.line,
        sku: l.sku,
        outcome: l.outcome,
        productId: l.state?.id ?? null,
        ...(l.outcome === "changed" ? { changes: l.changes } : {}),
        ...(l.problems.length ? { problems: l.problems } : {}),
      };
    });
    const ok = result.fileProblems.length === 0 && (counts.refused === 0 || options.skipRefused);
    return { ok, dryRun: options.dryRun, importId, file, columns: sheet.columns, counts, fileProblems: result.fileProblems, lines };
  }

  /** Creates the categories and brands the written lines name and are not there yet; answers their ids by slug. */
  async function createTaxonomy(tx: Database, lines: PlannedLine[]) {
    const categoryIds = new Map<string, number>();
    const brandIds = new Map<string, number>();
    for (const l of lines) {
      if (l.category && "create" in l.category && !categoryIds.has(l.category.slug)) {
        const [{ last }] = (await tx.select({ last: sql<number>`coalesce(max(${categories.sortOrder}), 0)::int` }).from(categories)) as [{ last: number }];
        const [row] = await tx
          .insert(categories)
          .values({ name: l.category.create, slug: l.category.slug, sortOrder: Number(last) + 1 })
          .returning({ id: categories.id });
        // a slug in use again is no longer an old one
        await tx.delete(slugRedirects).where(and(eq(slugRedirects.kind, "category"), eq(slugRedirects.oldSlug, l.category.slug)));
        categoryIds.set(l.category.slug, row!.id);
      }
      if (l.brand && "create" in l.brand && !brandIds.has(l.brand.slug)) {
        const [row] = await tx.insert(brands).values({ name: l.brand.create, slug: l.brand.slug }).returning({ id: brands.id });
        await tx.delete(slugRedirects).where(and(eq(slugRedirects.kind, "brand"), eq(slugRedirects.oldSlug, l.brand.slug)));
        brandIds.set(l.brand.slug, row!.id);
      }
    }
    return { categoryIds, brandIds };
  }

  /** Writes the planned lines (inside the caller's transaction): answers the touched products' ids and the created taxonomy. */
  async function write(tx: Database, admin: Actor, file: string, lines: PlannedLine[]) {
    const reason = `Import: ${file}`.slice(0, 300);
    const { categoryIds, brandIds } = await createTaxonomy(tx, lines);
    const names = new Map<number, string>(
      (await tx.select({ id: categories.id, name: categories.name }).from(categories)).map((c) => [c.id, c.name] as [number, string]),
    );
    const brandNames = new Map<number, string>(
      (await tx.select({ id: brands.id, name: brands.name }).from(brands)).map((b) => [b.id, b.name] as [number, string]),
    );
    for (const l of lines) {
      if (l.category && "create" in l.category) l.after!.categoryId = categoryIds.get(l.category.slug)!;
      if (l.brand && "create" in l.brand) l.after!.brandId = brandIds.get(l.brand.slug)!;
    }

    const created = lines.filter((l) => l.outcome === "created");
    if (created.length) await ensurePlaceholderImage(media);
    const createdIds = new Map<string, number>();
    for (const chunk of chunks(created, 500)) {
      const rows = await tx
        .insert(products)
        .values(
          chunk.map((l) => {
            const a = l.after!;
            return {
              name: a.name,
              slug: slugify(a.name),
              description: a.description,
              image: a.image,
              categoryId: a.categoryId,
              category: names.get(a.categoryId)!,
              brandId: a.brandId,
              brand: brandNames.get(a.brandId)!,
              sku: l.sku,
              price: a.price,
              originalPrice: a.originalPrice,
              stockQuantity: a.stockQuantity,
              freeDelivery: a.freeDelivery,
              sameDayDelivery: a.sameDayDelivery,
              packSize: a.packSize,
            };
          }),
        )
        .returning({ id: products.id, sku: products.sku });
      for (const r of rows) createdIds.set(r.sku, r.id);
      const specRows = chunk.flatMap((l) => l.after!.specs.map((s) => ({ productId: createdIds.get(l.sku)!, categoryId: l.after!.categoryId, ...s })));
      for (const part of chunks(specRows, 1_000)) await tx.insert(productSpecs).values(part);
      const breakRows = chunk.flatMap((l) => l.after!.priceBreaks.map((b) => ({ productId: createdIds.get(l.sku)!, ...b })));
      for (const part of chunks(breakRows, 1_000)) await tx.insert(priceBreaks).values(part);
    }

    const changed = lines.filter((l) => l.outcome === "changed");
    const reworded: number[] = [];
    for (const l of changed) {
      const id = l.state!.id;
      const before = snapshotOf(l.state!);
      const a = l.after!;
      const set: Partial<typeof products.$inferInsert> = {};
      if (a.name !== before.name) Object.assign(set, { name: a.name, slug: slugify(a.name) });
      if (a.description !== before.description) set.description = a.description;
      if (a.categoryId !== before.categoryId) Object.assign(set, { categoryId: a.categoryId, category: names.get(a.categoryId)! });
      if (a.brandId !== before.brandId) Object.assign(set, { brandId: a.brandId, brand: brandNames.get(a.brandId)! });
      for (const field of ["price", "originalPrice", "stockQuantity", "freeDelivery", "sameDayDelivery", "packSize"] as const)
        if (a[field] !== before[field]) Object.assign(set, { [field]: a[field] });
      if (Object.keys(set).length)
        await tx
          .update(products)
          .set({ ...set, updatedAt: sql`now()` })
          .where(eq(products.id, id));
      if (["name", "description", "categoryId", "brandId"].some((k) => k in set)) reworded.push(id);
      const money = differences(before, a);
      if (Object.keys(money).length)
        await tx.insert(productChanges).values({ productId: id, adminId: admin.id, adminEmail: admin.email, changes: money, reason });
      for (const key of l.specKeys)
        await replaceSpecValues(
          tx,
          id,
          a.categoryId,
          key,
          a.specs.filter((s) => s.key === key),
        );
      // the shop's own rule for a ladder, against the price just written
      if (formatLadder(a.priceBreaks) !== formatLadder(before.priceBreaks)) await setPriceBreaks(tx, id, null, a.priceBreaks);
    }
    return {
      created: lines.filter((l) => l.outcome === "created").map((l) => ({ line: l, id: createdIds.get(l.sku)! })),
      changed: changed.map((l) => ({ line: l, id: l.state!.id })),
      reworded,
      createdCategories: [...categoryIds.values()],
      createdBrands: [...brandIds.values()],
    };
  }

  /** Keeps the batch: one row, and each product's values before and after as the database now holds them. */
  async function record(
    tx: Database,
    admin: Actor,
    kind: "products" | "pictures",
    file: string,
    counts: Record<string, number>,
    touched: { id: number; before: ProductSnapshot | null }[],
    created: { categories: number[]; brands: number[] } = { categories: [], brands: [] },
  ): Promise<number> {
    const [batch] = await tx
      .insert(catalogImports)
      .values({
        kind,
        adminId: admin.id,
        adminEmail: admin.email,
        fileName: file,
        counts,
        createdCategories: created.categories,
        createdBrands: created.brands,
      })
      .returning({ id: catalogImports.id });
    const after = await readProductStates(tx, { ids: touched.map((t) => t.id) });
    const rows = touched.map((t) => ({
      importId: batch!.id,
      productId: t.id,
      action: t.before ? ("changed" as const) : ("created" as const),
      before: t.before,
      after: snapshotOf(after.get(t.id)!),
    }));
    for (const part of chunks(rows, 500)) await tx.insert(catalogImportProducts).values(part);
    return batch!.id;
  }

  return {
    /**
     * Checks a sheet and, unless it is a dry run or a line is refused (and refused lines are not to
     * be skipped), writes it as one batch. The answer reports every line.
     */
    async importSheet(admin: Actor, file: { name: string; sheet: Sheet }, options: ImportOptions, meta: RequestMeta): Promise<ImportResult> {
      const { sheet } = file;
      if (options.dryRun) return answer(file.name, sheet, await plan(db, sheet, options, false), options, null);
      const outcome = await withTransaction(db, async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
        const planned = await plan(tx, sheet, options, true);
        const result = answer(file.name, sheet, planned, options, null);
        const writing = planned.lines.filter((l) => l.outcome === "created" || l.outcome === "changed");
        if (!result.ok || writing.length === 0) return { result, wrote: false, lexicon: [] as number[] };
        const written = await write(tx, admin, file.name, writing);
        const touched = [
          ...written.created.map((c) => ({ id: c.id, before: null })),
          ...written.changed.map((c) => ({ id: c.id, before: snapshotOf(c.line.state!) })),
        ];
        const counts = { rows: result.counts.rows, created: result.counts.created, changed: result.counts.changed, refused: result.counts.refused };
        const importId = await record(tx, admin, "products", file.name, counts, touched, {
          categories: written.createdCategories,
          brands: written.createdBrands,
        });
        // the answer names the products the lines created
        const createdIds = new Map(written.created.map((c) => [c.line.line, c.id]));
        for (const line of result.lines) if (createdIds.has(line.line)) line.productId = createdIds.get(line.line)!;
        await logSecurityEvent(
          tx,
          {
            type: "admin-products-imported",
            userId: admin.id,
            email: admin.email,
            detail: {
              by: admin.email,
              action: "imported",
              importId,
              file: file.name,
              ...counts,
              columns: sheet.columns,
              products: touched.slice(0, 100).map((t) => t.id),
            },
          },
          meta,
        );
        return { result: { ...result, importId }, wrote: true, lexicon: [...written.created.map((c) => c.id), ...written.reworded] };
      });
      if (outcome.wrote) {
        await addProductsToSearchLexicon(db, outcome.lexicon);
        invalidateTags("catalog");
      }
      return outcome.result;
    },

    /** Keeps a pictures batch (the picture import writes, then records here, in its transaction). */
    record,

    /** The newest batches, newest first. */
    async list(limit = 20): Promise<ImportBatch[]> {
      const rows = await db.select().from(catalogImports).orderBy(desc(catalogImports.id)).limit(limit);
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        file: r.fileName,
        adminEmail: r.adminEmail,
        createdAt: r.createdAt.toISOString(),
        counts: r.counts,
        undoneAt: r.undoneAt?.toISOString() ?? null,
        undoneBy: r.undoneBy,
      }));
    },

    /**
     * Undoes a batch as one: every product it changed gets back the values it had before (only the
     * values the batch moved), every product it created is removed, or archived where an order
     * names it, and the categories and brands it created go again while nothing uses them. Refused
     * as a whole (409 invalid-state, with the products and columns) when a value the batch set on a
     * product it changed has moved since (a later import, an edit, or a sale for a stock count it
     * set: putting back the old count would be wrong), or when an admin changed a product it
     * created (its stock moving by sales does not count: that product goes or is archived anyway).
     */
    async undo(admin: Actor, id: number, meta: RequestMeta): Promise<UndoResult> {
      const result = await withTransaction(db, async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
        const [batch] = await tx.select().from(catalogImports).where(eq(catalogImports.id, id)).for("update");
        if (!batch) throw new DomainError("not-found", `Import ${id} not found`);
        if (batch.undoneAt) throw new DomainError("invalid-state", `Import ${id} was undone already`);
        const items = await tx.select().from(catalogImportProducts).where(eq(catalogImportProducts.importId, id));
        const now = await readProductStates(tx, { ids: items.map((i) => i.productId) }, true);
        const categoryIds = new Set((await tx.select({ id: categories.id }).from(categories)).map((c) => c.id));
        const brandIds = new Set((await tx.select({ id: brands.id }).from(brands)).map((b) => b.id));
        const conflicts: UndoConflict[] = [];
        for (const item of items) {
          const current = now.get(item.productId)!;
          // what the batch moved (everything, for a product it created) must still be as it left it
          const mine = item.before ? snapshotDifferences(item.before, item.after) : null;
          // a product it created goes (or is archived) whatever its stock: sales since do not stand in the way
          const since = snapshotDifferences(item.after, snapshotOf(current)).filter((field) =>
            mine === null ? field !== "stockQuantity" && field !== "archived" : mine.includes(field),
          );
          if (item.before && !categoryIds.has(item.before.categoryId)) since.push("category");
          if (item.before && !brandIds.has(item.before.brandId)) since.push("brand");
          if (since.length) conflicts.push({ productId: item.productId, sku: current.sku, columns: since.map((field) => COLUMN_OF[field] ?? field) });
        }
        if (conflicts.length)
          throw new DomainError(
            "invalid-state",
            `${conflicts.length} product${conflicts.length === 1 ? " has" : "s have"} changed since this import (${conflicts
              .slice(0, 5)
              .map((c) => `${c.sku}: ${c.columns.join(", ")}`)
              .join("; ")}${conflicts.length > 5 ? "; …" : ""}): undo would throw those changes away`,
            { reason: "changedSince", conflicts: conflicts.slice(0, 200), conflictCount: conflicts.length },
          );

        const names = new Map((await tx.select({ id: categories.id, name: categories.name }).from(categories)).map((c) => [c.id, c.name] as [number, string]));
        const brandNames = new Map((await tx.select({ id: brands.id, name: brands.name }).from(brands)).map((b) => [b.id, b.name] as [number, string]));
        const reason = `Undo of import ${id}: ${batch.fileName}`.slice(0, 300);
        let restored = 0;
        const createdIds = items.filter((i) => !i.before).map((i) => i.productId);
        for (const item of items) {
          if (!item.before) continue;
          const back = item.before;
          const moved = snapshotDifferences(item.after, back);
          const set: Partial<typeof products.$inferInsert> = {};
          for (const field of SNAPSHOT_FIELDS) {
            if (!moved.includes(field) || field === "archived") continue;
            Object.assign(set, { [field]: back[field] });
          }
          if ("name" in set) set.slug = slugify(back.name);
          if ("categoryId" in set) set.category = names.get(back.categoryId)!;
          if ("brandId" in set) set.brand = brandNames.get(back.brandId)!;
          if (Object.keys(set).length)
            await tx
              .update(products)
              .set({ ...set, updatedAt: sql`now()` })
              .where(eq(products.id, item.productId));
          const money = differences(item.after, back);
          if (Object.keys(money).length)
            await tx.insert(productChanges).values({ productId: item.productId, adminId: admin.id, adminEmail: admin.email, changes: money, reason });
          for (const field of moved)
            if (field.startsWith("spec."))
              await replaceSpecValues(
                tx,
                item.productId,
                back.categoryId,
                field.slice(5),
                back.specs.filter((s) => s.key === field.slice(5)),
              );
          if (moved.includes("priceBreaks")) await replacePriceBreaks(tx, item.productId, back.priceBreaks);
          restored++;
        }
        // a product an order names stays (archived): the order's history needs it
        const ordered = new Set<number>();
        for (const part of chunks(createdIds))
          for (const r of await tx.selectDistinct({ id: orderLines.productId }).from(orderLines).where(inArray(orderLines.productId, part))) ordered.add(r.id);
        const removable = createdIds.filter((p) => !ordered.has(p));
        for (const part of chunks(removable)) await tx.delete(products).where(inArray(products.id, part));
        for (const part of chunks([...ordered]))
          await tx
            .update(products)
            .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
            .where(inArray(products.id, part));
        // the categories and brands it created, unless something else uses them since
        for (const categoryId of batch.createdCategories)
          await tx.execute(
            sql`delete from categories c where c.id = ${categoryId} and not exists (select 1 from products p where p.category_id = c.id)
                and not exists (select 1 from spec_attributes a where a.category_id = c.id)`,
          );
        for (const brandId of batch.createdBrands)
          await tx.execute(sql`delete from brands b where b.id = ${brandId} and not exists (select 1 from products p where p.brand_id = b.id)`);
        const [done] = await tx
          .update(catalogImports)
          .set({ undoneAt: sql`now()`, undoneBy: admin.email })
          .where(eq(catalogImports.id, id))
          .returning({ undoneAt: catalogImports.undoneAt });
        const summary = { restored, removed: removable.length, archived: ordered.size };
        await logSecurityEvent(
          tx,
          {
            type: "admin-products-imported",
            userId: admin.id,
            email: admin.email,
            detail: { by: admin.email, action: "undone", importId: id, file: batch.fileName, ...summary },
          },
          meta,
        );
        return { id, undoneAt: done!.undoneAt!.toISOString(), ...summary };
      });
      invalidateTags("catalog");
      return result;
    },
  };
}

export type CatalogImportService = ReturnType<typeof createCatalogImportService>;
