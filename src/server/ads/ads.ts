import type { Advertisement } from "@/lib/advertisement";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db";
import { advertisements } from "../db/schema";
import type { SettingsService } from "../settings/settings";

export type { Advertisement };

/** Active ads of a placement in display order; a missing link falls back to /products. */
async function listAdvertisements(db: Database, placement: string): Promise<Advertisement[]> {
  const rows = await db
    .select()
    .from(advertisements)
    .where(and(eq(advertisements.placement, placement), eq(advertisements.active, true)))
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

/** Advertisements: the active ads of a placement, and how long each stays on screen. */
export function createAdsService(db: Database, settings: SettingsService) {
  return {
    list: (placement: string) => listAdvertisements(db, placement),
    /** seconds per ad, from the settings */
    rotationSeconds: async () => (await settings.get()).performance.adRotationTime,
  };
}

export type AdsService = ReturnType<typeof createAdsService>;
