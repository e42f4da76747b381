import { cache } from "react";
import { categoryName } from "@/lib/locale";
import { getServices } from "@/server/services";
import { getIntl } from "./i18n";

// Apart from site-settings.ts: the language (i18n.ts) reads the site settings, and this list needs
// the language, so in one module the two would import each other.

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
