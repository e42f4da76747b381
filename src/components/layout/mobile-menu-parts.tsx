"use client";

import Link from "next/link";
import { LogIn, LogOut, Search, ShoppingCart, UserCircle, UserPlus } from "lucide-react";
import { useLocale, useTranslations } from "use-intl";
import { LOCALES, LOCALE_NAMES, isLocale } from "@/lib/locale";
import { CURRENCIES, isCurrency } from "@/lib/money";
import { THEMES, isTheme } from "@/lib/theme";
import { useCart } from "../cart/cart-store";
import { openSearchDialog } from "../search/search-state";
import { useCurrency } from "../hooks/use-currency";
import { useTheme } from "../hooks/use-theme";
import { openAuthDialog } from "../auth/auth-dialog-state";
import { useSwitchLocale } from "../i18n/language-switch";
import { useSignOut } from "./use-sign-out";

/*
 * The phone menu's rows that act or show this visitor's state, as client islands inside the
 * server-rendered panel (mobile-menu.tsx). A link, or a button marked `data-opens` or
 * `data-closes-popover`, closes the panel when pressed (PopoverBehaviour).
 */

/** Search, the cart with its count, and the account's rows. */
export function MobileMenuActions({ signedIn, rowClassName: row }: { signedIn: boolean; rowClassName: string }) {
  const signOut = useSignOut();
  const totalItems = useCart().cart.totals.total_items;
  const t = useTranslations("common");
  return (
    <div className="mt-3 space-y-0.5 text-sm">
      <button type="button" className={`${row} w-full`} data-opens="search" onClick={() => openSearchDialog("text")}>
        <Search className="h-5 w-5" aria-hidden /> {t("menu.search")}
      </button>
      {/* not prefetched as the menu opens (a fetch on every press): on intent only, like every link */}
      <Link href="/cart" prefetch={false} className={row}>
        <ShoppingCart className="h-5 w-5" aria-hidden /> {totalItems > 0 ? t("cart.withCount", { count: totalItems }) : t("cart.label")}
      </Link>
      {signedIn ? (
        <>
          <Link href="/account" prefetch={false} className={row}>
            <UserCircle className="h-5 w-5" aria-hidden /> {t("account.myAccount")}
          </Link>
          <button type="button" className={`${row} w-full`} data-closes-popover onClick={() => void signOut()}>
            <LogOut className="h-5 w-5" aria-hidden /> {t("account.logOut")}
          </button>
        </>
      ) : (
        <>
          <button type="button" className={`${row} w-full`} data-opens="auth" onClick={() => openAuthDialog("login")}>
            <LogIn className="h-5 w-5" aria-hidden /> {t("account.signIn")}
          </button>
          <button type="button" className={`${row} w-full`} data-opens="auth" onClick={() => openAuthDialog("register")}>
            <UserPlus className="h-5 w-5" aria-hidden /> {t("account.register")}
          </button>
        </>
      )}
    </div>
  );
}

/** The language: choosing the other one closes the panel and renders the page again in it. */
export function MobileMenuLanguage() {
  const t = useTranslations("common");
  const locale = useLocale();
  const { switchTo } = useSwitchLocale();
  return (
    <ChoiceGroup
      label={t("language.label")}
      options={LOCALES}
      value={locale}
      onChange={(l) => isLocale(l) && l !== locale && switchTo(l)}
      text={(l) => LOCALE_NAMES[l]}
      lang={(l) => l}
      closesPanel
    />
  );
}

/** The theme and the currency: the panel stays open, so the change shows behind it. */
export function MobileMenuChoices() {
  const [theme, setTheme] = useTheme();
  const [currency, setCurrency] = useCurrency();
  const t = useTranslations("common");
  return (
    <>
      <ChoiceGroup
        label={t("theme.label")}
        options={THEMES}
        value={theme}
        onChange={(option) => isTheme(option) && setTheme(option)}
        text={(option) => t(`theme.${option}`)}
      />
      <ChoiceGroup label={t("currency")} options={CURRENCIES} value={currency} onChange={(c) => isCurrency(c) && setCurrency(c)} text={(c) => c} />
    </>
  );
}

/** A row of buttons that behaves as one radio group (language, theme, currency). */
function ChoiceGroup<T extends string>({
  label,
  options,
  value,
  onChange,
  text,
  lang,
  closesPanel = false,
}: {
  label: string;
  options: readonly T[];
  value: string;
  onChange: (option: T) => void;
  text: (option: T) => string;
  /** the language an option's own text is written in (a language's name in that language) */
  lang?: (option: T) => string;
  closesPanel?: boolean;
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
            data-closes-popover={closesPanel && value !== option ? "" : undefined}
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
