import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { and, eq, inArray, sql } from "drizzle-orm";
import { DATASHEET_MAX_BYTES, datasheetFileName, isPdf, manufacturerUrlProblem, type Datasheet } from "@/lib/datasheets";
import { logSecurityEvent, type RequestMeta } from "../auth/events";
import { invalidateTags } from "../cache/tagged-cache";
import type { Database } from "../db";
import { categories, products } from "../db/schema";
import { DomainError } from "../errors";
import type { MediaStore } from "../media/media-store";
import { getSiteSettings } from "../settings/settings";
import { specsOf, type ProductSpec } from "../specs/display";
import { cachedValue } from "./catalog-cache";
import { renderSpecSheet, type SpecSheetData } from "./spec-sheet";

export type { Datasheet } from "@/lib/datasheets";

type Actor = { id: number; email: string };

/** The product columns a datasheet is read from. */
export interface DatasheetColumns {
  id: number;
  datasheetKey: string | null;
  datasheetBytes: number | null;
  datasheetGenerated: boolean;
  datasheetUrl: string | null;
}

/** Datasheets live under this folder of the media store; `/media/` does not serve it (they leave as attachments only). */
export const DATASHEET_FOLDER = "datasheets";

/** The content hash in a datasheet's key: the version its address carries, so a replaced file is a new address. */
export function datasheetVersion(key: string): string {
  return /-([0-9a-f]{8,64})\.pdf$/.exec(key)?.[1] ?? "0";
}

/** The address a product's stored datasheet is downloaded from. */
export function datasheetAddress(productId: number, key: string): string {
  return `/api/products/${productId}/datasheet?v=${datasheetVersion(key)}`;
}

/** The datasheet of a product row, or null when it has neither a stored PDF nor a manufacturer's link. */
export function datasheetOf(row: DatasheetColumns): Datasheet | null {
  if (!row.datasheetKey && !row.datasheetUrl) return null;
  return {
    url: row.datasheetKey ? datasheetAddress(row.id, row.datasheetKey) : null,
    bytes: row.datasheetKey ? (row.datasheetBytes ?? null) : null,
    generated: Boolean(row.datasheetKey) && row.datasheetGenerated,
    manufacturerUrl: row.datasheetUrl,
  };
}

const datasheetColumns = {
  id: products.id,
  datasheetKey: products.datasheetKey,
  datasheetBytes: products.datasheetBytes,
  datasheetGenerated: products.datasheetGenerated,
  datasheetUrl: products.datasheetUrl,
};

/** Products' datasheets by id (products without one are left out). */
export async function datasheetsOf(db: Database, productIds: readonly number[]): Promise<Map<number, Datasheet>> {
  const out = new Map<number, Datasheet>();
  if (productIds.length === 0) return out;
  const rows = await db
    .select(datasheetColumns)
    .from(products)
    .where(inArray(products.id, [...productIds]));
  for (const row of rows) {
    const sheet = datasheetOf(row);
    if (sheet) out.set(row.id, sheet);
  }
  return out;
}

/** A stored file's key: the SKU for people reading a bucket listing, the content hash for the address's version. */
function storageKey(sku: string, bytes: Buffer, generated: boolean): string {
  const readable =
    sku
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "product";
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  return `${DATASHEET_FOLDER}/${readable}-${generated ? "sheet" : "maker"}-${hash}.pdf`;
}

/** One product's values, both languages, as the sheet lists them (a key with one value per option reads them all). */
function sheetSpecs(en: ProductSpec[], sw: ProductSpec[]): SpecSheetData["specs"] {
  const out: SpecSheetData["specs"] = [];
  const keys = [...new Set(en.map((s) => s.key))];
  for (const key of keys) {
    const enRows = en.filter((s) => s.key === key);
    const swRows = sw.filter((s) => s.key === key);
    const join = (rows: ProductSpec[]) => [...new Set(rows.map((r) => r.display))].join(", ");
    out.push({
      label: { en: enRows[0]!.label, sw: swRows[0]?.label ?? enRows[0]!.label },
      value: { en: join(enRows), sw: swRows.length ? join(swRows) : join(enRows) },
      byOption: enRows.some((r) => r.variantId !== null),
    });
  }
  return out;
}

/**
 * Makes and stores a spec sheet for each product, from its data as it stands, and points the
 * product at it (replacing whatever datasheet it had). Returns how many were made.
 */
export async function generateSpecSheets(
  db: Database,
  media: MediaStore,
  productIds: readonly number[],
  options: { concurrency?: number } = {},
): Promise<number> {
  if (productIds.length === 0) return 0;
  const settings = await getSiteSettings(db);
  const generatedAt = new Date();
  let made = 0;
  // a few hundred products per round: two spec reads and one update each round
  for (let start = 0; start < productIds.length; start += 250) {
    const ids = productIds.slice(start, start + 250);
    const rows = await db
      .select({
        id: products.id,
        name: products.name,
        sku: products.sku,
        brand: products.brand,
        description: products.description,
        packSize: products.packSize,
        categoryEn: categories.name,
        categorySw: categories.nameSw,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(inArray(products.id, [...ids]));
    const [en, sw] = await Promise.all([specsOf(db, ids, "en"), specsOf(db, ids, "sw")]);
    const stored: { id: number; key: string; bytes: number }[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: options.concurrency ?? 4 }, async () => {
        while (next < rows.length) {
          const row = rows[next++]!;
          const pdf = await renderSpecSheet({
            name: row.name,
            sku: row.sku,
            brand: row.brand,
            category: { en: row.categoryEn, sw: row.categorySw ?? row.categoryEn },
            description: row.description,
            packSize: row.packSize,
            specs: sheetSpecs(en.get(row.id) ?? [], sw.get(row.id) ?? []),
            shopName: settings.companyName,
            generatedAt,
          });
          const key = storageKey(row.sku, pdf, true);
          await media.put(key, pdf);
          stored.push({ id: row.id, key, bytes: pdf.length });
        }
      }),
    );
    if (stored.length) {
      // one statement for the round
      const values = sql.join(
        stored.map((s) => sql`(${s.id}::int, ${s.key}::text, ${s.bytes}::int)`),
        sql`, `,
      );
      await db.execute(sql`
        update ${products} p set datasheet_key = v.key, datasheet_bytes = v.bytes, datasheet_generated = true
        from (values ${values}) as v(id, key, bytes) where p.id = v.id`);
      made += stored.length;
    }
  }
  return made;
}

/** What the download route sends: the file, its size and name, and the version its address must carry to be kept for good. */
export interface DatasheetDownload {
  body: Buffer | Readable;
  length: number;
  fileName: string;
  version: string;
}

/**
 * Datasheets: downloads for anyone, and the admin's changes (a manufacturer's PDF uploaded,
 * replaced or removed, the manufacturer's link, a spec sheet made afresh from the product's data).
 */
export function createDatasheetService(db: Database, media: MediaStore) {
  async function productRow(id: number) {
    const [row] = await db
      .select({ ...datasheetColumns, sku: products.sku })
      .from(products)
      .where(eq(products.id, id))
      .limit(1);
    if (!row) throw new DomainError("not-found", `Product ${id} not found`);
    return row;
  }

  async function audit(actor: Actor, productId: number, action: string, detail: Record<string, unknown>, meta: RequestMeta) {
    await logSecurityEvent(
      db,
      { type: "admin-product-changed", userId: actor.id, email: actor.email, detail: { by: actor.email, action, product: productId, ...detail } },
      meta,
    );
  }

  /** A change saved: pages and answers that showed the old datasheet are dropped. */
  const changed = async (id: number) => {
    invalidateTags("catalog");
    return datasheetOf(await productRow(id));
  };

  return {
    /** The product's datasheet (null: none). */
    async of(id: number): Promise<Datasheet | null> {
      return datasheetOf(await productRow(id));
    },

    /** The stored PDF of a product on sale, for its download; null when there is none. */
    async download(id: number): Promise<DatasheetDownload | null> {
      const found = await cachedValue(`datasheet:${id}`, async () => {
        const [row] = await db
          .select({ key: products.datasheetKey, sku: products.sku })
          .from(products)
          .where(and(eq(products.id, id), sql`${products.archivedAt} is null`))
          .limit(1);
        return { key: row?.key ?? null, sku: row?.sku ?? "" };
      });
      if (!found.key) return null;
      const object = await media.open(found.key);
      if (!object) return null;
      return { body: object.body, length: object.length, fileName: datasheetFileName(found.sku), version: datasheetVersion(found.key) };
    },

    /**
     * A manufacturer's datasheet for the product (replacing the one it had): a PDF by its first
     * bytes, at most DATASHEET_MAX_BYTES.
     */
    async upload(actor: Actor, id: number, bytes: Buffer, meta: RequestMeta): Promise<Datasheet> {
      if (bytes.length > DATASHEET_MAX_BYTES)
        throw new DomainError("too-large", `A datasheet can be at most ${DATASHEET_MAX_BYTES / 1024 / 1024} MB`, { field: "file", reason: "too-large" });
      if (!isPdf(bytes)) throw new DomainError("unsupported-media-type", "A datasheet must be a PDF file", { field: "file", reason: "not-pdf" });
      const row = await productRow(id);
      const key = storageKey(row.sku, bytes, false);
      await media.put(key, bytes);
      await db.update(products).set({ datasheetKey: key, datasheetBytes: bytes.length, datasheetGenerated: false }).where(eq(products.id, id));
      await audit(actor, id, "datasheet-uploaded", { bytes: bytes.length, replaced: row.datasheetKey }, meta);
      return (await changed(id))!;
    },

    /** Takes the product's stored datasheet off it (the manufacturer's link stays). The file stays in the store, unreachable. */
    async remove(actor: Actor, id: number, meta: RequestMeta): Promise<Datasheet | null> {
      const row = await productRow(id);
      await db.update(products).set({ datasheetKey: null, datasheetBytes: null, datasheetGenerated: false }).where(eq(products.id, id));
      await audit(actor, id, "datasheet-removed", { removed: row.datasheetKey }, meta);
      return changed(id);
    },

    /** The manufacturer's own page for the datasheet (an https address), or null to take it off. */
    async setManufacturerUrl(actor: Actor, id: number, url: string | null, meta: RequestMeta): Promise<Datasheet | null> {
      const value = url?.trim() || null;
      if (value) {
        const problem = manufacturerUrlProblem(value);
        if (problem) throw new DomainError("validation", "The manufacturer's link must be an https address", { field: "manufacturerUrl", reason: problem });
      }
      const row = await productRow(id);
      await db.update(products).set({ datasheetUrl: value }).where(eq(products.id, id));
      await audit(actor, id, "datasheet-link", { before: row.datasheetUrl, after: value }, meta);
      return changed(id);
    },

    /** A spec sheet made afresh from the product's data (replacing the datasheet it had). */
    async generate(actor: Actor, id: number, meta: RequestMeta): Promise<Datasheet> {
      const row = await productRow(id);
      await generateSpecSheets(db, media, [id]);
      await audit(actor, id, "datasheet-generated", { replaced: row.datasheetKey }, meta);
      return (await changed(id))!;
    },
  };
}

export type DatasheetService = ReturnType<typeof createDatasheetService>;
