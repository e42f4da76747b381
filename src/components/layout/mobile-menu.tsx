"use client";

import { lazy, type ComponentProps } from "react";
import { Menu } from "lucide-react";
import { useTranslations } from "use-intl";
import { DeferredPopup } from "../ui/deferred-popup";
import { loadOnce } from "../ui/prefetch";
import { iconButton } from "../ui/styles";
import type { HeaderCategory } from "./categories-panel";

const loadPopup = loadOnce(() => import("./mobile-menu-popup"));
const MobileMenuPopup = lazy(() => loadPopup().then((m) => ({ default: m.MobileMenuPopup })));

/** The hamburger button, the same before and after its menu's script has loaded. */
export function MobileMenuButton(props: ComponentProps<"button">) {
  const t = useTranslations("common");
  return (
    <button type="button" className={`${iconButton} md:hidden`} aria-label={t("menu.open")} data-opens="search auth" {...props}>
      <Menu className="h-6 w-6" aria-hidden />
    </button>
  );
}

/** The hamburger side menu of small screens: search, cart, language, theme, currency, sign in, register. */
export function MobileMenu({ categories, signedIn }: { categories: HeaderCategory[]; signedIn: boolean }) {
  return (
    <DeferredPopup load={loadPopup} popup="dialog" shell={(props) => <MobileMenuButton {...props} />}>
      {(open) => <MobileMenuPopup categories={categories} signedIn={signedIn} defaultOpen={open} />}
    </DeferredPopup>
  );
}
