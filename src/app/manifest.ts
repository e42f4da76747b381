import type { MetadataRoute } from "next";
import { DEFAULT_SITE_SETTINGS, textIn, type SiteSettings } from "@/lib/site-settings";
import { webAppShortName } from "@/lib/web-app";
import { getServices } from "@/server/services";

/**
 * The installable web app's manifest: the shop's name and colour from the settings, the icons
 * drawn from src/app/icon.svg (scripts/icons.mjs), opening on the home page in its own window.
 */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  let settings: SiteSettings = DEFAULT_SITE_SETTINGS;
  try {
    settings = await (await getServices()).settings.get();
  } catch {
    // the defaults still describe the shop; an app that cannot be installed helps nobody
  }
  return {
    name: settings.companyName,
    short_name: webAppShortName(settings.companyName),
    // one manifest for the whole site: in the shop's own language, like its `lang`
    description: textIn(settings.seo.description, settings.language),
    lang: settings.language,
    start_url: "/",
    scope: "/",
    id: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: settings.companyColor,
    categories: ["shopping", "business"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  };
}
