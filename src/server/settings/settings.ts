import { sql } from "drizzle-orm";
import { defaultSiteSettings, mergeSiteSettings, SITE_SETTING_KEYS, type SiteSettingKey, type SiteSettings } from "@/lib/site-settings";
import { logSecurityEvent, type RequestMeta } from "../auth/events";
import { invalidateTags, sameStamp, tagStamp } from "../cache/tagged-cache";
import type { Database } from "../db";
import { siteSettings } from "../db/schema";
import { testClockEnabled } from "../delivery/shop-clock";
import { DomainError } from "../errors";

/**
 * Settings are read by every page render and every signed-in API call (the session timeout), and
 * change rarely: one read per database every few seconds is enough. A save in this process drops
 * the copy at once; other app servers see it within the TTL.
 */
export const SETTINGS_TTL_MS = 5_000;
const cached = new WeakMap<Database, { at: number; stamp: number[]; value: Promise<SiteSettings> }>();

/**
 * The public site settings: what is stored, merged over the defaults. Code running inside a
 * transaction passes it (`within`): when the short cache has run out, the settings are read
 * through that transaction, because on the embedded database, whose one connection the
 * transaction holds, a read outside it could never run. That read is not kept: the transaction
 * may yet change the settings and roll back.
 */
export function getSiteSettings(db: Database, within?: Database): Promise<SiteSettings> {
  const hit = cached.get(db);
  const stamp = tagStamp(["settings"]);
  if (hit && Date.now() - hit.at < SETTINGS_TTL_MS && sameStamp(hit.stamp, stamp)) return hit.value;
  if (within) return readSiteSettings(within);
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
    // a setting whose value is null (the test clock switched off) is stored as JSON null: the column is NOT NULL
    .values(entries.map(([key, value]) => ({ key, value: value === null ? sql`'null'::jsonb` : value })))
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
  cached.delete(db);
  // the pages rendered with the old settings (the company name in the header, ...)
  invalidateTags("settings");
}

/** A change of settings: values checked by `checkSiteSettings`, or a reset of some keys (or all) to their defaults. */
export type SettingsChange = { values: Partial<SiteSettings> } | { reset: "all" | SiteSettingKey[] };

/** The site settings of one database: read through the short cache, saved with the cache dropped. */
export function createSettingsService(db: Database) {
  return {
    /** `within`: the transaction the caller runs in, if any (see `getSiteSettings`) */
    get: (within?: Database) => getSiteSettings(db, within),
    save: (values: Partial<SiteSettings>) => saveSiteSettings(db, values),

    /**
     * An administrator's change: saves what differs from the stored settings and logs who changed
     * which settings, with the values before and after. Returns the settings now in force.
     */
    async change(actor: { id: number; email: string }, change: SettingsChange, meta: RequestMeta): Promise<SiteSettings> {
      // the shop's test clock exists only on a server started for tests (SHOP_TEST_CLOCK=1)
      if ("values" in change && change.values.testClock && !testClockEnabled()) {
        const message = "testClock: the test clock is off on this server (SHOP_TEST_CLOCK=1 turns it on)";
        throw new DomainError("invalid-input", `Invalid settings: ${message}`, {
          field: "testClock",
          problems: [{ path: "testClock", problem: "unknown", message }],
        });
      }
      const before = await readSiteSettings(db);
      const values = "values" in change ? change.values : defaultSiteSettings(change.reset === "all" ? SITE_SETTING_KEYS : change.reset);
      const changed = (Object.keys(values) as SiteSettingKey[]).filter((key) => JSON.stringify(values[key]) !== JSON.stringify(before[key]));
      if (changed.length) {
        await saveSiteSettings(db, Object.fromEntries(changed.map((key) => [key, values[key]])));
        await logSecurityEvent(
          db,
          {
            type: "admin-settings-changed",
            userId: actor.id,
            email: actor.email,
            detail: {
              by: actor.email,
              keys: changed,
              ...("reset" in change ? { reset: change.reset } : {}),
              before: Object.fromEntries(changed.map((key) => [key, before[key]])),
              after: Object.fromEntries(changed.map((key) => [key, values[key]])),
            },
          },
          meta,
        );
      }
      return getSiteSettings(db);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
