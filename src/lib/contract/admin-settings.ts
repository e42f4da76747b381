import { z } from "zod";
import { SITE_SETTING_KEYS, type SiteSettingKey } from "../site-settings";

/**
 * Changing the shop's settings (POST /api/admin/settings): one setting ({key, value}), several
 * ({settings}), or back to the defaults: all ({reset: true}) or the keys named ({reset: [keys]}).
 * The values are checked by the shared settings check (checkSiteSettings), so a problem is named
 * by its path ("colors.primary: ..."). The answer is every setting: `adminSettingsResponseSchema` in
 * ./settings.ts, shared with GET /api/admin/settings?full=true.
 */
const settingKey = z.enum(SITE_SETTING_KEYS as [SiteSettingKey, ...SiteSettingKey[]]);
export const settingsWriteBodySchema = z.union([
  z.object({ key: settingKey, value: z.unknown() }).strict(),
  z.object({ settings: z.record(z.string(), z.unknown()) }).strict(),
  z.object({ reset: z.union([z.literal(true), z.array(settingKey).min(1).max(SITE_SETTING_KEYS.length)]) }).strict(),
]);
export type SettingsWriteRequest = z.input<typeof settingsWriteBodySchema>;
