import type { Metadata } from "next";
import { textIn } from "@/lib/site-settings";
import { getIntl, getTranslator, languageAlternates } from "./i18n";
import { loadSiteSettings } from "./site-settings";

type PageKey =
  "about" | "story" | "careers" | "press" | "returns" | "shipping" | "support" | "help" | "cookies" | "gdpr" | "dataProtection" | "offline" | "badAddress";

/**
 * An info page's title, description (in the page's language, naming the shop from the settings)
 * and canonical address with its language alternates. `canonical` differs from the path only
 * for a page that shows a document whose own address is elsewhere.
 */
export async function infoPageMetadata(key: PageKey, path: string): Promise<Metadata> {
  const [t, settings, { locale }] = await Promise.all([getTranslator("pages.meta"), loadSiteSettings(), getIntl()]);
  const values = { company: settings.companyName, address: textIn(settings.address, locale) };
  return { title: t(`${key}.title`, values), description: t(`${key}.description`, values), alternates: languageAlternates(path) };
}
