import { Suspense } from "react";
import type { Metadata, Viewport } from "next";
import { cookies, headers } from "next/headers";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { TestModeBanner } from "@/components/layout/test-mode-banner";
import { LazyAuthDialog } from "@/components/auth/lazy-auth-dialog";
import { SessionBoot } from "@/components/cart/session-boot";
import { RoutePrefetcher } from "@/components/layout/route-prefetcher";
import { ServiceWorkerRegistration } from "@/components/pwa/service-worker";
import { Toaster } from "@/components/ui/toaster";
import { IntlRoot } from "@/components/i18n/intl-root";
import { PreferencesProvider } from "@/components/ui/preferences";
import { offeredPaymentMethods } from "@/lib/checkout";
import { pathWithoutLocale } from "@/lib/locale";
import { titleTemplate } from "@/lib/page-title";
import { textIn } from "@/lib/site-settings";
import { readPreferences } from "@/lib/preferences";
import { DEFAULT_THEME, THEME_BOOT_SCRIPT } from "@/lib/theme";
import { clientMessages } from "@/messages";
import { siteUrl } from "@/server/config";
import { getServices } from "@/server/services";
import { getIntl, languageAlternates } from "./i18n";
import { loadCartCount, loadSessionUser } from "./session";
import { loadHeaderCategories } from "./header-categories";
import { loadSiteSettings } from "./site-settings";
import "./globals.css";

// Rendered per request, never at build time: every page carries its own CSP nonce and the
// language, theme, currency and cart count of the request's cookies, and a build-time render would
// open the shop's database. Repeat renders are cheap anyway: a signed-out shopper's catalogue and
// information pages come whole from server.ts's page cache (src/server/cache/page-cache.ts), and
// what any render reads of the catalogue from src/server's, both dropped by the writes they show.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const [settings, head, { locale }] = await Promise.all([loadSiteSettings(), headers(), getIntl()]);
  // one address per page serves both languages (chosen by cookie); `?lang=` names each for search engines
  const path = pathWithoutLocale(head.get("x-page-path") ?? "/");
  return {
    metadataBase: siteUrl(),
    title: { default: textIn(settings.seo.title, locale), template: titleTemplate(settings.companyName) },
    description: textIn(settings.seo.description, locale),
    keywords: settings.seo.keywords,
    alternates: languageAlternates(path),
  };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#0f766e" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const [{ locale }, settings, categories, user, jar] = await Promise.all([
    getIntl(),
    loadSiteSettings(),
    loadHeaderCategories(),
    loadSessionUser(),
    cookies(),
  ]);
  // the theme, currency and guest cart count the browser last chose: rendered as they are, no flash
  const preferences = readPreferences((name) => jar.get(name)?.value);
  const cartCount = user ? await loadCartCount(user.id) : preferences.guestCartCount;
  // the footer promises cards only when a provider that takes them is configured; while payments go
  // to the sandbox every page says that no money moves (configuration: the same for every request)
  const { cardAvailable, testPayments } = await getServices().then(
    (services) => ({ cardAvailable: services.checkout.cardAvailable, testPayments: services.testPayments }),
    () => ({ cardAvailable: false, testPayments: false }),
  );
  // money the sandbox does not simulate: the test-mode notice names it
  const offered = offeredPaymentMethods(settings, cardAvailable);
  // the Content-Security-Policy's nonce for this request (src/proxy.ts): inline script runs only with it
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html
      lang={locale}
      data-theme={preferences.theme ?? DEFAULT_THEME}
      // the boot script may set another theme (one kept before its cookie existed) before React hydrates
      suppressHydrationWarning
      style={
        {
          "--brand": settings.companyColor,
          "--cols-mobile": settings.productsPerRow.mobile,
          "--cols-tablet": settings.productsPerRow.tablet,
          "--cols-desktop": settings.productsPerRow.desktop,
          "--card-gap": `${settings.cardSpacing}px`,
          "--card-radius": `${settings.cardRadius}px`,
        } as React.CSSProperties
      }
    >
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
      </head>
      <body className="flex min-h-dvh flex-col font-sans antialiased">
        <IntlRoot locale={locale} messages={clientMessages(locale)}>
          <PreferencesProvider value={preferences}>
            {testPayments && <TestModeBanner bankTransfer={offered.includes("bank_transfer")} onDelivery={offered.includes("on_delivery")} />}
            {/* in the page's first paint, not revealed after it (which would push the page down) */}
            <SiteHeader
              settings={settings}
              categories={categories}
              user={user && { name: user.name, email: user.email, role: user.role }}
              cartCount={cartCount}
            />
            <main id="main" className="flex-1">
              {children}
            </main>
            <Suspense>
              <SiteFooter settings={settings} cardAvailable={cardAvailable} />
            </Suspense>
            <Toaster />
            <RoutePrefetcher />
            <ServiceWorkerRegistration />
            <SessionBoot signedIn={Boolean(user)} />
            <LazyAuthDialog companyName={settings.companyName} />
          </PreferencesProvider>
        </IntlRoot>
      </body>
    </html>
  );
}
