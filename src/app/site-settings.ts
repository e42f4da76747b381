import { cache } from "react";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "@/lib/site-settings";
import { getServices } from "@/server/services";

/** Settings for one render; a failed load keeps the defaults instead of breaking the page. */
export const loadSiteSettings = cache(async (): Promise<SiteSettings> => {
  try {
    return await (await getServices()).settings.get();
  } catch (error) {
    console.error("site settings failed to load, using defaults:", error instanceof Error ? error.message : error);
    return DEFAULT_SITE_SETTINGS;
  }
});
