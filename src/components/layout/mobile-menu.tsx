"use client";

import Link from "next/link";
import { LogIn, LogOut, Menu, Search, ShoppingCart, UserCircle, UserPlus } from "lucide-react";
import { useState } from "react";
import { CURRENCIES, isCurrency } from "@/lib/money";
import { THEMES, isTheme } from "@/lib/theme";
import { useCart } from "../cart/cart-store";
import { openSearchDialog } from "../search/search-state";
import { useCurrency } from "../ui/use-currency";
import { useTheme } from "../ui/use-theme";
import { Sheet, SheetContent, SheetTrigger } from "../ui/sheet";
import { iconButton } from "../ui/styles";
import { openAuthDialog } from "../auth/auth-dialog-state";
import { useSignOut } from "./account-menu";
import type { HeaderCategory } from "./categories-panel";
import { NAV_LINKS } from "./nav-links";

const THEME_LABELS = { white: "White", gray: "Gray", dark: "Dark" } as const;

/** The hamburger side menu of small screens: search, cart, theme, currency, sign in, register. */
export function MobileMenu({ categories, signedIn }: { categories: HeaderCategory[]; signedIn: boolean }) {
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const [theme, setTheme] = useTheme();
  const [currency, setCurrency] = useCurrency();
  const totalItems = useCart().cart.totals.total_items;
  const close = () => setOpen(false);
  const row = "flex items-center gap-3 rounded-md px-2 py-2.5 hover:bg-[var(--surface)]";

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger className={`${iconButton} md:hidden`} aria-label="Open menu">
        <Menu className="h-6 w-6" aria-hidden />
      </SheetTrigger>
      <SheetContent title="Menu" description="Search, cart, display settings and your account." hideDescription closeLabel="Close menu">
        <div className="mt-3 space-y-0.5 text-sm">
          <button
            type="button"
            className={`${row} w-full`}
            onClick={() => {
              close();
              openSearchDialog("text");
            }}
          >
            <Search className="h-5 w-5" aria-hidden /> Search
          </button>
          <Link href="/cart" onClick={close} className={row}>
            <ShoppingCart className="h-5 w-5" aria-hidden /> Cart{totalItems > 0 ? ` (${totalItems})` : ""}
          </Link>
          {signedIn ? (
            <>
              <Link href="/account" onClick={close} className={row}>
                <UserCircle className="h-5 w-5" aria-hidden /> My account
              </Link>
              <button type="button" className={`${row} w-full`} onClick={() => (close(), void signOut())}>
                <LogOut className="h-5 w-5" aria-hidden /> Log out
              </button>
            </>
          ) : (
            <>
              <button type="button" className={`${row} w-full`} onClick={() => (close(), openAuthDialog("login"))}>
                <LogIn className="h-5 w-5" aria-hidden /> Sign in
              </button>
              <button type="button" className={`${row} w-full`} onClick={() => (close(), openAuthDialog("register"))}>
                <UserPlus className="h-5 w-5" aria-hidden /> Register
              </button>
            </>
          )}
        </div>

        <div className="mt-4 border-t border-[var(--border)]">
          <ChoiceGroup label="Theme" options={THEMES} value={theme} onChange={(t) => isTheme(t) && setTheme(t)} text={(t) => THEME_LABELS[t]} />
        </div>
        <ChoiceGroup label="Currency" options={CURRENCIES} value={currency} onChange={(c) => isCurrency(c) && setCurrency(c)} text={(c) => c} />

        <nav aria-label="Explore" className="mt-4 border-t border-[var(--border)] pt-3 text-sm">
          {NAV_LINKS.map((link) => (
            <Link key={link.href} href={link.href} prefetch={false} onClick={close} className={row}>
              {link.label}
            </Link>
          ))}
        </nav>
        <nav aria-label="Categories" className="mt-2 border-t border-[var(--border)] pt-3 text-sm">
          <p className="px-2 text-xs font-semibold text-[var(--muted-fg)] uppercase">Categories</p>
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
}: {
  label: string;
  options: readonly T[];
  value: string;
  onChange: (option: T) => void;
  text: (option: T) => string;
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
