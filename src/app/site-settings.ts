import { cache } from "react";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "@/lib/site-settings";
import { categoryName } from "@/lib/locale";
import { getServices } from "@/server/services";
import { getIntl } from "./i18n";

/** Settings for one render; a failed load keeps the defaults instead of breaking the page. */
export const loadSiteSettings = cache(async (): Promise<SiteSettings> => {
  try {
    return await (await getServices()).settings.get();
  } catch (error) {
    console.error("site settings failed to load, using defaults:", error instanceof Error ? error.message : error);
    return DEFAULT_SITE_SETTINGS;
  }
});

/** The header's category list, named in the page's language; a failure leaves the panel empty rather than breaking every page. */
export const loadHeaderCategories = cache(async (): Promise<{ name: string; slug: string; productCount: number }[]> => {
  try {
    const [rows, { locale }] = await Promise.all([(await getServices()).pageData.categories(), getIntl()]);
    return rows.map((row) => ({ name: categoryName(row, locale), slug: row.slug, productCount: row.productCount }));
  } catch (error) {
    console.error("categories failed to load:", error instanceof Error ? error.message : error);
    return [];
  }
});
