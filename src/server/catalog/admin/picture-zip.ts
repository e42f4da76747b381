import { eq, inArray, sql } from "drizzle-orm";
import { PICTURES_ZIP_MAX_ENTRIES, PICTURES_ZIP_MAX_UNPACKED_BYTES, pictureSku, type PictureEntry, type PicturesResult } from "@/lib/catalog-import";
import { logSecurityEvent, type RequestMeta } from "../../auth/events";
import { boundedQueue } from "../../auth/passwords";
import { invalidateTags } from "../../cache/tagged-cache";
import { withTransaction, type Database } from "../../db";
import { products } from "../../db/schema";
import { DomainError } from "../../errors";
import { ZipRefused, readZipEntries, unpackEntry, type ZipEntry, type ZipLimits } from "../../media/zip-archive";
import type { CatalogImportService } from "./catalog-import";
import { readProductStates, snapshotOf } from "./import-snapshots";
import { PRODUCT_IMAGE_MAX_BYTES } from "./product-editor";

type Actor = { id: number; email: string };

/** A photo barely compresses: anything far better than this is not one (and may be a bomb). */
const LIMITS: ZipLimits = { maxEntries: PICTURES_ZIP_MAX_ENTRIES, maxUnpackedBytes: PICTURES_ZIP_MAX_UNPACKED_BYTES, maxRatio: 100 };
/** Pictures decoded and stored at once (sharp runs on libuv's threads: two keep the others free). */
const CONCURRENCY = 2;

/** Folders and files a ZIP tool or an operating system adds beside the pictures. */
const isClutter = (name: string) => name.endsWith("/") || /(^|\/)(__MACOSX|\.[^/]*)(\/|$)/.test(name) || /(^|\/)(Thumbs\.db|desktop\.ini)$/i.test(name);

/**
 * Pictures in bulk: a ZIP of files named by SKU (`KE-PAS-0001.jpg`, `.jpeg`, `.png`, `.webp`; the
 * folders they are in do not matter). The archive is checked like every uploaded archive (the
 * directory against the headers, at most PICTURES_ZIP_MAX_ENTRIES files and
 * PICTURES_ZIP_MAX_UNPACKED_BYTES inflated, a bomb refused whole), each picture is inflated on its
 * own with a running limit of 10 MB and then checked and stored like every product picture upload
 * (decoded with a pixel limit, square WebP renditions, AVIF twins on demand). Each matched
 * product's picture is set in one transaction, kept as one batch (undo puts the old pictures
 * back), and the image search computes the new pictures' vectors at once. The answer lists every
 * file: matched, unchanged (the product already shows it), unknown SKU, refused (with the reason)
 * or ignored (not a picture's name).
 */
export function createPictureImportService(
  db: Database,
  storeImage: (bytes: Buffer) => Promise<{ image: string }>,
  batches: CatalogImportService,
  onNewImage: () => void,
) {
  // one archive at a time per server: each may hold hundreds of megabytes while it is read
  const queue = boundedQueue(1, 1, () => new DomainError("busy", "Another ZIP of pictures is being read. Please try again in a minute."));

  async function run(admin: Actor, file: { name: string; bytes: Buffer }, meta: RequestMeta): Promise<PicturesResult> {
    let entries: ZipEntry[];
    try {
      entries = readZipEntries(file.bytes, LIMITS);
    } catch (error) {
      const problem = error instanceof ZipRefused ? error.problem : "not-a-zip";
      if (problem === "too-large-unpacked")
        throw new DomainError(
          "too-large",
          `The ZIP unpacks to more than ${PICTURES_ZIP_MAX_UNPACKED_BYTES / 1024 / 1024} MB, or to far more than a picture can`,
          {
            reason: "zipTooLargeUnpacked",
          },
        );
      if (problem === "too-many-entries")
        throw new DomainError("invalid-input", `A ZIP may hold at most ${PICTURES_ZIP_MAX_ENTRIES} files`, { reason: "zipTooManyEntries" });
      throw new DomainError("invalid-input", problem === "not-a-zip" ? "The file is not a ZIP archive" : "The ZIP is damaged or holds an unsafe name", {
        reason: problem === "not-a-zip" ? "notAZip" : "zipDamaged",
      });
    }

    const results: PictureEntry[] = [];
    const wanted: { entry: ZipEntry; result: PictureEntry }[] = [];
    const seen = new Map<string, string>();
    for (const entry of entries) {
      if (isClutter(entry.name)) continue;
      const sku = pictureSku(entry.name);
      const result: PictureEntry = { name: entry.name, sku, outcome: "ignored", productId: null };
      results.push(result);
      if (sku === null) {
        result.reason = "Not a picture's name: name each picture by its product's SKU, ending .jpg, .png or .webp";
        continue;
      }
      if (seen.has(sku.toLowerCase())) {
        Object.assign(result, { outcome: "refused", reason: `Another file names the SKU ${sku}: ${seen.get(sku.toLowerCase())}` });
        continue;
      }
      seen.set(sku.toLowerCase(), entry.name);
      wanted.push({ entry, result });
    }

    // the products the names give: the SKU as written, else one that differs only in case
    const skus = wanted.map((w) => w.result.sku!);
    const states = await readProductStates(db, { skus });
    const bySku = new Map([...states.values()].map((s) => [s.sku, s]));
    // a name a tool wrote in another case still finds its product, when only one product's SKU reads so
    const byLower = new Map<string, number | null>();
    const missing = skus.filter((sku) => !bySku.has(sku)).map((sku) => sku.toLowerCase());
    if (missing.length)
      for (const r of await db
        .select({ id: products.id, sku: products.sku })
        .from(products)
        .where(inArray(sql<string>`lower(${products.sku})`, missing)))
        byLower.set(r.sku.toLowerCase(), byLower.has(r.sku.toLowerCase()) ? null : r.id);

    const budget = { unpacked: 0 };
    const stored = new Map<number, { image: string; result: PictureEntry }>();
    let next = 0;
    const work = async () => {
      while (next < wanted.length) {
        const { entry, result } = wanted[next++]!;
        const sku = result.sku!;
        const id = bySku.get(sku)?.id ?? byLower.get(sku.toLowerCase()) ?? null;
        if (id === null) {
          Object.assign(result, { outcome: "unknown-sku", reason: `No product has the SKU ${sku}` });
          continue;
        }
        result.productId = id;
        if (entry.size > PRODUCT_IMAGE_MAX_BYTES) {
          Object.assign(result, { outcome: "refused", reason: `A picture can be at most ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB` });
          continue;
        }
        const pieces: Uint8Array[] = [];
        const problem = unpackEntry(file.bytes, entry, LIMITS, budget, (chunk) => void pieces.push(chunk.slice()));
        if (problem === "too-large-unpacked" && budget.unpacked > LIMITS.maxUnpackedBytes)
          throw new DomainError("too-large", `The ZIP unpacks to more than ${PICTURES_ZIP_MAX_UNPACKED_BYTES / 1024 / 1024} MB`, {
            reason: "zipTooLargeUnpacked",
          });
        if (problem) {
          Object.assign(result, {
            outcome: "refused",
            reason: problem === "damaged" ? "The file is damaged in the ZIP" : "The file unpacks to more than it says",
          });
          continue;
        }
        try {
          const { image } = await storeImage(Buffer.concat(pieces));
          stored.set(id, { image, result });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          Object.assign(result, { outcome: "refused", reason: error.message });
        }
        // the event loop answers other requests between pictures
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, work));

    const importId = await withTransaction(db, async (tx) => {
      const before = await readProductStates(tx, { ids: [...stored.keys()] }, true);
      const touched: { id: number; before: ReturnType<typeof snapshotOf> }[] = [];
      for (const [id, { image, result }] of stored) {
        const state = before.get(id);
        if (!state) {
          Object.assign(result, { outcome: "unknown-sku", productId: null, reason: `No product has the SKU ${result.sku}` });
          continue;
        }
        if (state.image === image) {
          result.outcome = "unchanged";
          continue;
        }
        await tx
          .update(products)
          .set({ image, updatedAt: sql`now()` })
          .where(eq(products.id, id));
        result.outcome = "matched";
        touched.push({ id, before: snapshotOf(state) });
      }
      if (!touched.length) return null;
      const counts = tally(results);
      const id = await batches.record(tx, admin, "pictures", file.name, { ...counts }, touched);
      await logSecurityEvent(
        tx,
        {
          type: "admin-products-imported",
          userId: admin.id,
          email: admin.email,
          detail: { by: admin.email, action: "pictures", importId: id, file: file.name, ...counts, products: touched.slice(0, 100).map((t) => t.id) },
        },
        meta,
      );
      return id;
    });
    if (importId !== null) {
      invalidateTags("catalog");
      onNewImage();
    }
    return { importId, counts: tally(results), entries: results };
  }

  return {
    importZip: (admin: Actor, file: { name: string; bytes: Buffer }, meta: RequestMeta) => queue.run(() => run(admin, file, meta)),
  };
}

function tally(entries: PictureEntry[]): PicturesResult["counts"] {
  const counts = { matched: 0, unchanged: 0, unknownSku: 0, refused: 0, ignored: 0 };
  for (const e of entries) counts[e.outcome === "unknown-sku" ? "unknownSku" : e.outcome]++;
  return counts;
}

export type PictureImportService = ReturnType<typeof createPictureImportService>;
