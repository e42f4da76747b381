"use client";

import { lazy, type ComponentProps } from "react";
import { useTranslations } from "use-intl";
import { DeferredPopup } from "../ui/deferred-popup";
import { loadOnce } from "../ui/prefetch";
import { iconButton } from "../ui/styles";
import { useTheme } from "../ui/use-theme";
import { THEME_ICONS } from "./theme-icons";

const loadPopup = loadOnce(() => import("./theme-menu-popup"));
const ThemeMenuPopup = lazy(() => loadPopup().then((m) => ({ default: m.ThemeMenuPopup })));

/** The theme button: the current theme's icon, the same before and after its menu's script has loaded. */
export function ThemeMenuButton(props: ComponentProps<"button">) {
  const [theme] = useTheme();
  const t = useTranslations("common.theme");
  const Icon = THEME_ICONS[theme];
  return (
    <button type="button" className={iconButton} aria-label={t("current", { name: t(theme) })} {...props}>
      <Icon className="h-5 w-5" aria-hidden />
    </button>
  );
}

/** The theme chooser of wide screens: white, gray or dark. */
export function ThemeMenu() {
  return (
    <DeferredPopup load={loadPopup} popup="menu" shell={(props) => <ThemeMenuButton {...props} />}>
      {(open) => <ThemeMenuPopup defaultOpen={open} />}
    </DeferredPopup>
  );
}
