"use client";

import Link from "next/link";
import { LogIn, LogOut, Search, ShoppingCart, UserCircle, UserPlus } from "lucide-react";
import { useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { LOCALES, LOCALE_NAMES, isLocale } from "@/lib/locale";
import { CURRENCIES, isCurrency } from "@/lib/money";
import { THEMES, isTheme } from "@/lib/theme";
import { useCart } from "../cart/cart-store";
import { openSearchDialog } from "../search/search-state";
import { useCurrency } from "../ui/use-currency";
import { useTheme } from "../ui/use-theme";
import { Sheet, SheetContent, SheetTrigger } from "../ui/sheet";
import { openAuthDialog } from "../auth/auth-dialog-state";
import { useSwitchLocale } from "../i18n/language-switch";
import { useSignOut } from "./use-sign-out";
import type { HeaderCategory } from "./categories-panel";
import { MobileMenuButton } from "./mobile-menu";
import { NAV_LINKS } from "./nav-links";

/** The hamburger side menu of small screens: search, cart, language, theme, currency, sign in, register (loaded on first press: mobile-menu.tsx). */
export function MobileMenuPopup({ categories, signedIn, defaultOpen }: { categories: HeaderCategory[]; signedIn: boolean; defaultOpen: boolean }) {
  const signOut = useSignOut();
  const [open, setOpen] = useState(defaultOpen);
  const [theme, setTheme] = useTheme();
  const [currency, setCurrency] = useCurrency();
  const totalItems = useCart().cart.totals.total_items;
  const t = useTranslations("common");
  const locale = useLocale();
  const { switchTo } = useSwitchLocale();
  const close = () => setOpen(false);
  const row = "flex items-center gap-3 rounded-md px-2 py-2.5 hover:bg-[var(--surface)]";

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <MobileMenuButton />
      </SheetTrigger>
      <SheetContent title={t("menu.title")} description={t("menu.description")} hideDescription closeLabel={t("menu.close")}>
        <div className="mt-3 space-y-0.5 text-sm">
          <button
            type="button"
            className={`${row} w-full`}
            data-opens="search"
            onClick={() => {
              close();
              openSearchDialog("text");
            }}
          >
            <Search className="h-5 w-5" aria-hidden /> {t("menu.search")}
          </button>
          <Link href="/cart" onClick={close} className={row}>
            <ShoppingCart className="h-5 w-5" aria-hidden /> {totalItems > 0 ? t("cart.withCount", { count: totalItems }) : t("cart.label")}
          </Link>
          {signedIn ? (
            <>
              <Link href="/account" onClick={close} className={row}>
                <UserCircle className="h-5 w-5" aria-hidden /> {t("account.myAccount")}
              </Link>
              <button type="button" className={`${row} w-full`} onClick={() => (close(), void signOut())}>
                <LogOut className="h-5 w-5" aria-hidden /> {t("account.logOut")}
              </button>
            </>
          ) : (
            <>
              <button type="button" className={`${row} w-full`} data-opens="auth" onClick={() => (close(), openAuthDialog("login"))}>
                <LogIn className="h-5 w-5" aria-hidden /> {t("account.signIn")}
              </button>
              <button type="button" className={`${row} w-full`} data-opens="auth" onClick={() => (close(), openAuthDialog("register"))}>
                <UserPlus className="h-5 w-5" aria-hidden /> {t("account.register")}
              </button>
            </>
          )}
        </div>

        <div className="mt-4 border-t border-[var(--border)]">
          <ChoiceGroup
            label={t("language.label")}
            options={LOCALES}
            value={locale}
            onChange={(l) => isLocale(l) && l !== locale && (close(), switchTo(l))}
            text={(l) => LOCALE_NAMES[l]}
            lang={(l) => l}
          />
        </div>
        <ChoiceGroup
          label={t("theme.label")}
          options={THEMES}
          value={theme}
          onChange={(option) => isTheme(option) && setTheme(option)}
          text={(option) => t(`theme.${option}`)}
        />
        <ChoiceGroup label={t("currency")} options={CURRENCIES} value={currency} onChange={(c) => isCurrency(c) && setCurrency(c)} text={(c) => c} />

        <nav aria-label={t("menu.explore")} className="mt-4 border-t border-[var(--border)] pt-3 text-sm">
          {NAV_LINKS.map((link) => (
            <Link key={link.href} href={link.href} prefetch={false} onClick={close} className={row}>
              {t(`nav.${link.label}`)}
            </Link>
          ))}
        </nav>
        <nav aria-label={t("categories.label")} className="mt-2 border-t border-[var(--border)] pt-3 text-sm">
          <p className="px-2 text-xs font-semibold text-[var(--muted-fg)] uppercase">{t("categories.label")}</p>
          {categories.map((c) => (
            <Link key={c.slug} href={`/products?category=${encodeURIComponent(c.slug)}`} prefetch={false} onClick={close} className={row}>
              {c.name}
            </Link>
          ))}
        </nav>
      </SheetContent>
    </Sheet>
  );
}

/** A row of buttons that behaves as one radio group (theme, currency). */
function ChoiceGroup<T extends string>({
  label,
  options,
  value,
  onChange,
  text,
  lang,
}: {
  label: string;
  options: readonly T[];
  value: string;
  onChange: (option: T) => void;
  text: (option: T) => string;
  /** the language an option's own text is written in (a language's name in that language) */
  lang?: (option: T) => string;
}) {
  return (
    <fieldset className="mt-2 text-sm">
      <legend className="px-2 pt-3 text-xs font-semibold text-[var(--muted-fg)] uppercase">{label}</legend>
      <div className="mt-1 flex gap-1 px-2" role="radiogroup" aria-label={label}>
        {options.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={value === option}
            lang={lang?.(option)}
            onClick={() => onChange(option)}
            className={`flex-1 rounded-md border px-2 py-1.5 ${value === option ? "border-brand font-semibold text-brand" : "border-[var(--border)]"}`}
          >
            {text(option)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
