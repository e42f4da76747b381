import type { Metadata, Viewport } from "next";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { loadSiteSettings } from "./site-settings";
import "./globals.css";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const settings = await loadSiteSettings();
  return {
    title: { default: settings.seo.title, template: `%s · ${settings.companyName}` },
    description: settings.seo.description,
    keywords: settings.seo.keywords,
  };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#0f766e" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const settings = await loadSiteSettings();
  return (
    <html lang="en" data-theme="white" style={{ ["--brand" as string]: settings.companyColor }}>
      <body className="flex min-h-dvh flex-col font-sans antialiased">
        <SiteHeader settings={settings} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter settings={settings} />
      </body>
    </html>
  );
}
