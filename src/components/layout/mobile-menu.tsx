import Link from "next/link";
import { Menu } from "lucide-react";
import { Suspense } from "react";
import { iconButton } from "../ui/styles";
import { PopoverPanel } from "../ui/popover";
import { serverTranslator } from "../i18n/request-intl";
import type { HeaderCategory } from "./categories-panel";
import { MobileMenuActions, MobileMenuChoices, MobileMenuLanguage } from "./mobile-menu-parts";
import { NAV_LINKS } from "./nav-links";

const PANEL_ID = "mobile-menu";

/**
 * The hamburger side menu of small screens: search, cart, account, language, theme, currency,
 * the supplier links and the categories. Server HTML opened by its button with no script
 * (ui/popover.tsx); the rows that act or show this visitor's state are client islands.
 */
export function MobileMenu({ categories, signedIn }: { categories: HeaderCategory[]; signedIn: boolean }) {
  const t = serverTranslator("common");
  const row = "flex items-center gap-3 rounded-md px-2 py-2.5 hover:bg-[var(--surface)]";
  return (
    <>
      <button
        type="button"
        popoverTarget={PANEL_ID}
        aria-haspopup="dialog"
        aria-label={t("menu.open")}
        data-opens="search auth"
        className={`${iconButton} md:hidden`}
      >
        <Menu className="h-6 w-6" aria-hidden />
      </button>
      <PopoverPanel id={PANEL_ID} title={t("menu.title")} description={t("menu.description")} hideDescription closeLabel={t("menu.close")}>
        <MobileMenuActions signedIn={signedIn} rowClassName={row} />
        <div className="mt-4 border-t border-[var(--border)]">
          {/* the language rows read the address (useSearchParams), which a static page only knows in the browser */}
          <Suspense>
            <MobileMenuLanguage />
          </Suspense>
        </div>
        <MobileMenuChoices />
        <nav aria-label={t("menu.explore")} className="mt-4 border-t border-[var(--border)] pt-3 text-sm">
          {NAV_LINKS.map((link) => (
            <Link key={link.href} href={link.href} prefetch={false} className={row}>
              {t(`nav.${link.label}`)}
            </Link>
          ))}
        </nav>
        <nav aria-label={t("categories.label")} className="mt-2 border-t border-[var(--border)] pt-3 text-sm">
          <p className="px-2 text-xs font-semibold text-[var(--muted-fg)] uppercase">{t("categories.label")}</p>
          {categories.map((c) => (
            <Link key={c.slug} href={`/products?category=${encodeURIComponent(c.slug)}`} prefetch={false} className={row}>
              {c.name}
            </Link>
          ))}
        </nav>
      </PopoverPanel>
    </>
  );
}
