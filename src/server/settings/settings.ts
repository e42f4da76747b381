import { sql } from "drizzle-orm";
import { mergeSiteSettings, type SiteSettings } from "@/lib/site-settings";
import { invalidateTags, sameStamp, tagStamp } from "../cache/tagged-cache";
import type { Database } from "../db";
import { siteSettings } from "../db/schema";

/**
 * Settings are read by every page render and every signed-in API call (the session timeout), and
 * change rarely: one read per database every few seconds is enough. A save in this process drops
 * the copy at once; other app servers see it within the TTL.
 */
export const SETTINGS_TTL_MS = 5_000;
const cached = new WeakMap<Database, { at: number; stamp: number[]; value: Promise<SiteSettings> }>();

/** The public site settings: what is stored, merged over the defaults. */
export function getSiteSettings(db: Database): Promise<SiteSettings> {
  const hit = cached.get(db);
  const stamp = tagStamp(["settings"]);
  if (hit && Date.now() - hit.at < SETTINGS_TTL_MS && sameStamp(hit.stamp, stamp)) return hit.value;
  const value = readSiteSettings(db);
  cached.set(db, { at: Date.now(), stamp, value });
  value.catch(() => cached.delete(db));
  return value;
}

async function readSiteSettings(db: Database): Promise<SiteSettings> {
  const rows = await db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings);
  return mergeSiteSettings(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}

/** Stores settings values (already validated against the settings schema by the caller). */
export async function saveSiteSettings(db: Database, values: Partial<SiteSettings>): Promise<void> {
  const entries = Object.entries(values);
  if (!entries.length) return;
  cached.delete(db);
  await db
    .insert(siteSettings)
    .values(entries.map(([key, value]) => ({ key, value })))
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
  cached.delete(db);
  // the pages rendered with the old settings (the company name in the header, ...)
  invalidateTags("settings");
}

/** The site settings of one database: read through the short cache, saved with the cache dropped. */
export function createSettingsService(db: Database) {
  return {
    get: () => getSiteSettings(db),
    save: (values: Partial<SiteSettings>) => saveSiteSettings(db, values),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
