import { z } from "zod";
import { PUBLIC_SITE_SETTING_KEYS, siteSettingsSchema, type PublicSiteSettings, type SiteSettings } from "../site-settings";
import type { Same } from "./common";

/**
 * The storefront's settings as they leave the API: every setting (for admins), or what the
 * storefront renders. The stored settings' own schema (src/lib/site-settings.ts) reads a text in
 * one language as both (a preprocess) and fills in later fields (defaults); on the wire every
 * setting is there, in its stored form, so those become plain fields here.
 */
const localizedText = z.object({ en: z.string(), sw: z.string() });
const stored = siteSettingsSchema.shape;

/** Every setting, the security policy included. */
export const siteSettingsResponseSchema = siteSettingsSchema.extend({
  companyTagline: localizedText,
  mainHeadline: localizedText,
  address: localizedText,
  // stored already in E.164: the answer carries it as it is (the stored schema's check turns what was typed into it)
  whatsappNumber: z.string(),
  seo: stored.seo.extend({ title: localizedText, description: localizedText }),
  delivery: stored.delivery.extend({ parcel: stored.delivery.shape.parcel.extend({ departure: localizedText }) }),
  serviceImages: stored.serviceImages.extend({ logistics: stored.serviceImages.shape.logistics.unwrap() }),
  security: stored.security.extend({ requireAdmin2fa: z.boolean() }),
  loyalty: stored.loyalty.unwrap(),
  inventory: stored.inventory.unwrap(),
  stockAlerts: stored.stockAlerts.unwrap(),
  payOnDelivery: stored.payOnDelivery.unwrap(),
  deliveryEstimates: stored.deliveryEstimates.unwrap(),
  testClock: stored.testClock.unwrap(),
  returns: stored.returns.unwrap(),
  reviews: stored.reviews.unwrap(),
  backOrders: stored.backOrders.unwrap(),
});
export const siteSettingsResponseIsSiteSettings: Same<z.output<typeof siteSettingsResponseSchema>, SiteSettings> = true;

const publicKeys = Object.fromEntries(PUBLIC_SITE_SETTING_KEYS.map((key) => [key, true])) as { [K in (typeof PUBLIC_SITE_SETTING_KEYS)[number]]: true };

/** What the storefront renders (no security policy). */
export const publicSiteSettingsResponseSchema = siteSettingsResponseSchema.pick(publicKeys);
export const publicSettingsAreThePublicOnes: Same<z.output<typeof publicSiteSettingsResponseSchema>, PublicSiteSettings> = true;

/** GET /api/admin/settings: `?full=true` every setting (admins only); anything else the public ones. */
export const settingsQuerySchema = z.looseObject({ full: z.enum(["true", "false"]).optional() });
export type SettingsQuery = z.input<typeof settingsQuerySchema>;

/** `GET /api/admin/settings`: only what the storefront renders (no security policy) */
export const settingsResponseSchema = z.object({ success: z.literal(true), settings: publicSiteSettingsResponseSchema });
export type SettingsResponse = z.input<typeof settingsResponseSchema>;

/** `GET /api/admin/settings?full=true` and every admin write: every setting, for admins */
export const adminSettingsResponseSchema = z.object({ success: z.literal(true), settings: siteSettingsResponseSchema });
export type AdminSettingsResponse = z.input<typeof adminSettingsResponseSchema>;
