import { sql } from "drizzle-orm";
import { mergeSiteSettings, type SiteSettings } from "@/lib/site-settings";
import type { Database } from "../db";
import { siteSettings } from "../db/schema";

/** The public site settings: what is stored, merged over the defaults of §9. */
export async function getSiteSettings(db: Database): Promise<SiteSettings> {
  const rows = await db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings);
  return mergeSiteSettings(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}

/** Stores settings values (already validated against the settings schema by the caller). */
export async function saveSiteSettings(db: Database, values: Partial<SiteSettings>): Promise<void> {
  const entries = Object.entries(values);
  if (!entries.length) return;
  await db
    .insert(siteSettings)
    .values(entries.map(([key, value]) => ({ key, value })))
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
}
