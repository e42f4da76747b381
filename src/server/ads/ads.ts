import { createHash } from "node:crypto";
import { and, asc, eq, isNull, lte, gt, or, sql } from "drizzle-orm";
import sharp from "sharp";
import {
  AD_IMAGE_MAX_BYTES,
  AD_VIDEO_MAX_BYTES,
  type AdminAdvertisement,
  type AdminAdvertisementInput,
  type AdPlacement,
  type Advertisement,
} from "@/lib/advertisement";
import { logSecurityEvent, type RequestMeta } from "../auth/events";
import { invalidateTags } from "../cache/tagged-cache";
import { AD_IMAGE_SIZES } from "@/lib/product-image";
import { withTransaction, type Database } from "../db";
import { advertisements } from "../db/schema";
import { DomainError } from "../errors";
import { MAX_IMAGE_PIXELS } from "../image-search/decode";
import type { MediaStore } from "../media/media-store";
import type { SettingsService } from "../settings/settings";

export type { Advertisement };

/** Active ads of a placement in display order; a missing link falls back to /products. */
async function listAdvertisements(db: Database, placement: string): Promise<Advertisement[]> {
  const rows = await db
    .select()
    .from(advertisements)
    .where(
      and(
        eq(advertisements.placement, placement),
        eq(advertisements.active, true),
        // inside its window: started (or no start) and not yet ended
        or(isNull(advertisements.startsAt), lte(advertisements.startsAt, sql`now()`)),
        or(isNull(advertisements.endsAt), gt(advertisements.endsAt, sql`now()`)),
      ),
    )
    .orderBy(asc(advertisements.sortOrder), asc(advertisements.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    media_type: r.mediaType,
    media_url: r.mediaUrl,
    poster_url: r.posterUrl,
    link_url: r.linkUrl || "/products",
  }));
}

type AdRow = typeof advertisements.$inferSelect;
const toAdmin = (r: AdRow): AdminAdvertisement => ({
  id: r.id,
  title: r.title,
  mediaType: r.mediaType,
  mediaUrl: r.mediaUrl,
  posterUrl: r.posterUrl,
  linkUrl: r.linkUrl,
  placement: r.placement as AdPlacement,
  active: r.active,
  sortOrder: r.sortOrder,
  startsAt: r.startsAt?.toISOString() ?? null,
  endsAt: r.endsAt?.toISOString() ?? null,
  updatedAt: r.updatedAt.toISOString(),
});

/** What a stored file is, from its first bytes (never from the name or the declared type). */
function videoKind(bytes: Buffer): "mp4" | "webm" | null {
  if (bytes.length >= 12 && bytes.subarray(4, 8).toString("latin1") === "ftyp") return "mp4";
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return "webm";
  return null;
}

/**
 * Advertisements: the active ads of a placement (inside their window), how long each stays on
 * screen, and the admin's side: every ad, create, change, delete, and storing an uploaded picture
 * (re-encoded as WebP at the carousel's widths, metadata dropped) or video (MP4 or WebM, checked
 * by its bytes) under a content-hashed name. Every write is logged with the values before and after, and drops the
 * cached pages that show ads.
 */
export function createAdsService(db: Database, settings: SettingsService, media: MediaStore) {
  const log = (actor: { id: number; email: string }, detail: Record<string, unknown>, meta: RequestMeta) =>
    logSecurityEvent(db, { type: "admin-ad-changed", userId: actor.id, email: actor.email, detail: { by: actor.email, ...detail } }, meta);
  const values = (input: AdminAdvertisementInput) => ({
    title: input.title,
    mediaType: input.mediaType,
    mediaUrl: input.mediaUrl,
    posterUrl: input.posterUrl,
    linkUrl: input.linkUrl,
    placement: input.placement,
    active: input.active,
    sortOrder: input.sortOrder,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
  });
  const checkWindow = (input: AdminAdvertisementInput) => {
    if (input.startsAt && input.endsAt && new Date(input.endsAt) <= new Date(input.startsAt))
      throw new DomainError("validation", "The end of the ad's window must come after its start", { field: "endsAt" });
  };

  return {
    list: (placement: string) => listAdvertisements(db, placement),
    /** seconds per ad, from the settings */
    rotationSeconds: async () => (await settings.get()).performance.adRotationTime,

    async adminList(): Promise<AdminAdvertisement[]> {
      const rows = await db
        .select()
        .from(advertisements)
        .orderBy(asc(advertisements.placement), asc(advertisements.sortOrder), asc(advertisements.id))
        .limit(500);
      return rows.map(toAdmin);
    },

    async create(actor: { id: number; email: string }, input: AdminAdvertisementInput, meta: RequestMeta): Promise<AdminAdvertisement> {
      checkWindow(input);
      const [row] = await db.insert(advertisements).values(values(input)).returning();
      await log(actor, { action: "created", id: row!.id, before: null, after: toAdmin(row!) }, meta);
      invalidateTags("ads");
      return toAdmin(row!);
    },

    async update(actor: { id: number; email: string }, id: number, input: AdminAdvertisementInput, meta: RequestMeta): Promise<AdminAdvertisement> {
      checkWindow(input);
      const changed = await withTransaction(db, async (tx) => {
        const [before] = await tx.select().from(advertisements).where(eq(advertisements.id, id)).for("update");
        if (!before) throw new DomainError("not-found", `Advertisement ${id} not found`);
        const [after] = await tx
          .update(advertisements)
          .set({ ...values(input), updatedAt: sql`now()` })
          .where(eq(advertisements.id, id))
          .returning();
        return { before: toAdmin(before), after: toAdmin(after!) };
      });
      await log(actor, { action: "changed", id, ...changed }, meta);
      invalidateTags("ads");
      return changed.after;
    },

    async remove(actor: { id: number; email: string }, id: number, meta: RequestMeta): Promise<void> {
      const [before] = await db.delete(advertisements).where(eq(advertisements.id, id)).returning();
      if (!before) throw new DomainError("not-found", `Advertisement ${id} not found`);
      await log(actor, { action: "deleted", id, before: toAdmin(before), after: null }, meta);
      invalidateTags("ads");
    },

    /**
     * Stores an uploaded picture or video for an ad and returns its address. A picture is decoded
     * (a damaged or huge one is refused) and written again as WebP, at most 1600 px wide; a video
     * must be MP4 or WebM by its bytes. The name is the content's hash, so the address never
     * changes meaning and can be cached for good.
     */
    async storeMedia(bytes: Buffer): Promise<{ mediaType: "image" | "video"; mediaUrl: string }> {
      const video = videoKind(bytes);
      if (video) {
        if (bytes.length > AD_VIDEO_MAX_BYTES) throw new DomainError("too-large", `A video can be at most ${AD_VIDEO_MAX_BYTES / 1024 / 1024} MB`);
        const name = `ad-${createHash("sha256").update(bytes).digest("hex").slice(0, 16)}.${video}`;
        await media.put(`ads/${name}`, bytes);
        return { mediaType: "video", mediaUrl: `/media/ads/${name}` };
      }
      if (bytes.length > AD_IMAGE_MAX_BYTES) throw new DomainError("too-large", `A picture can be at most ${AD_IMAGE_MAX_BYTES / 1024 / 1024} MB`);
      const widest = AD_IMAGE_SIZES[AD_IMAGE_SIZES.length - 1];
      let banner: Buffer;
      try {
        banner = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "truncated", pages: 1 })
          .rotate()
          .resize({ width: widest })
          .webp({ quality: 85 })
          .toBuffer();
      } catch (error) {
        const message = error instanceof Error ? error.message : "";
        if (/pixel limit/i.test(message)) throw new DomainError("too-many-pixels", "This picture has too many pixels");
        if (/unsupported image format|Input buffer contains unsupported/i.test(message))
          throw new DomainError("not-an-image", "This file is not a picture or a video the shop can show (JPEG, PNG, WebP, MP4 or WebM)");
        throw new DomainError("image-damaged", "This picture could not be read");
      }
      // the renditions the carousel's srcset names, under one content hash, as the seeded banners are
      const hash = createHash("sha256").update(banner).digest("hex").slice(0, 10);
      // the widest (the address the ad names) last: once it exists, all do
      for (const width of [...AD_IMAGE_SIZES].reverse()) {
        const rendition = width === widest ? banner : await sharp(banner).resize({ width }).webp({ quality: 85 }).toBuffer();
        await media.put(`ads/ad-${width}-${hash}.webp`, rendition);
      }
      return { mediaType: "image", mediaUrl: `/media/ads/ad-${widest}-${hash}.webp` };
    },
  };
}

export type AdsService = ReturnType<typeof createAdsService>;
