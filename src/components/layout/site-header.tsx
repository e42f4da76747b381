import Link from "next/link";
import { Suspense } from "react";
import { Search } from "lucide-react";
import type { SiteSettings } from "@/lib/site-settings";
import { SearchBox } from "../search/search-box";
import { LazySearchDialog } from "../search/lazy-search-dialog";
import { CartButton } from "./cart-button";
import { CategoriesPanel, type HeaderCategory } from "./categories-panel";
import { CurrencySelect } from "./currency-select";
import { GuestMenu } from "./guest-menu";
import { MobileMenu } from "./mobile-menu";
import { NAV_LINKS } from "./nav-links";
import { ThemeMenu } from "./theme-menu";
import { greetingName } from "@/lib/auth-rules";
import { OpenAuthButton } from "../auth/open-auth-button";
import { AccountMenu } from "./account-menu";
import { LanguageSwitch } from "../i18n/language-switch";
import { PopoverBehaviour } from "../ui/popover-behaviour";
import { serverTranslator } from "../i18n/request-intl";
import type { UserRole } from "@/lib/auth-rules";

/** The search box as plain HTML until its client part loads: same size, still submits. */
function SearchBoxShell() {
  const t = serverTranslator("common");
  return (
    <form action="/products" method="get" role="search" className="flex min-w-0 flex-1 items-center">
      <input
        name="search"
        type="search"
        aria-label={t("searchProducts")}
        placeholder={t("searchPlaceholder")}
        className="h-10 min-w-0 flex-1 rounded-l-lg border border-[var(--border)] bg-[var(--surface)] px-3 text-sm"
      />
      <button type="submit" aria-label={t("searchProducts")} className="flex h-10 w-11 items-center justify-center rounded-r-lg bg-brand text-white">
        <Search className="h-5 w-5" aria-hidden />
      </button>
    </form>
  );
}

export function SiteHeader({
  settings,
  categories,
  user,
  cartCount,
}: {
  settings: SiteSettings;
  categories: HeaderCategory[];
  user: { name: string; email: string; role?: UserRole } | null;
  cartCount: number;
}) {
  const t = serverTranslator("common");
  return (
    <header className="sticky top-0 z-30 border-b border-[var(--border)] bg-[var(--page-bg)]/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-black"
      >
        {t("skipToContent")}
      </a>
      {/* Small screens: the top strip: a greeting, or an invitation to sign in. */}
      <div className="flex h-8 items-center justify-between bg-brand px-3 text-xs text-white md:hidden">
        {user ? (
          <span className="truncate font-medium">{t("greeting", { name: greetingName(user) })}</span>
        ) : (
          <OpenAuthButton tab="login" className="font-medium underline-offset-2 hover:underline">
            {t("loginForBetterSearch")}
          </OpenAuthButton>
        )}
        <span className="truncate pl-2 opacity-90">{settings.companyName}</span>
      </div>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-1 gap-y-2 px-2 py-2 sm:gap-x-2 sm:px-4 md:flex-nowrap">
        <MobileMenu categories={categories} signedIn={Boolean(user)} />
        <Link
          href="/"
          prefetch={false}
          className="flex shrink-0 items-center gap-2 font-semibold"
          aria-label={t("homeLink", { company: settings.companyName })}
        >
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={settings.companyLogo} alt="" width={32} height={32} className="h-8 w-8" />
          <span className="max-w-[11rem] truncate lg:max-w-none">{settings.companyName}</span>
        </Link>
        <CategoriesPanel categories={categories} />
        <div className="order-last flex w-full min-w-0 md:order-none md:w-auto md:flex-1">
          <Suspense fallback={<SearchBoxShell />}>
            <SearchBox />
          </Suspense>
        </div>
        <div className="ml-auto flex items-center gap-0.5 md:ml-0">
          <div className="hidden items-center gap-0.5 sm:flex">
            <Suspense>
              <LanguageSwitch />
            </Suspense>
            <ThemeMenu />
            <CurrencySelect />
          </div>
          <CartButton initialCount={cartCount} />
          {user ? (
            <>
              <span className="hidden max-w-40 truncate px-1 text-sm lg:inline">{t("greeting", { name: greetingName(user) })}</span>
              <AccountMenu name={greetingName(user)} role={user.role} />
            </>
          ) : (
            <GuestMenu />
          )}
        </div>
      </div>
      {/* Large screens: the four supplier links on their own row, so the search box keeps its width. */}
      <nav aria-label={t("nav.main")} className="mx-auto hidden max-w-7xl items-center gap-6 px-4 pb-2 text-sm lg:flex">
        {NAV_LINKS.map((link) => (
          <Link key={link.href} href={link.href} prefetch={false} className="whitespace-nowrap text-[var(--muted-fg)] hover:text-brand">
            {t(`nav.${link.label}`)}
          </Link>
        ))}
      </nav>
      <LazySearchDialog />
      <PopoverBehaviour />
    </header>
  );
}
