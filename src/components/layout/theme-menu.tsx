"use client";

import { Check } from "lucide-react";
import { useTranslations } from "use-intl";
import { THEMES } from "@/lib/theme";
import { iconButton } from "../ui/styles";
import { popoverMenu, popoverMenuItem, popoverMenuLabel } from "../ui/popover";
import { useTheme } from "../hooks/use-theme";
import { THEME_ICONS } from "./theme-icons";

const MENU_ID = "theme-menu";

/**
 * The theme chooser of wide screens: white, gray or dark. A client component only because the
 * button shows the current theme; the menu is rendered with the page and opens with no script
 * (ui/popover.tsx).
 */
export function ThemeMenu() {
  const [theme, setTheme] = useTheme();
  const t = useTranslations("common.theme");
  const Icon = THEME_ICONS[theme];
  return (
    <>
      <button
        type="button"
        popoverTarget={MENU_ID}
        aria-haspopup="menu"
        aria-label={t("current", { name: t(theme) })}
        className={`${iconButton} [anchor-name:--theme-menu]`}
      >
        <Icon className="h-5 w-5" aria-hidden />
      </button>
      <div id={MENU_ID} popover="auto" tabIndex={-1} className={`${popoverMenu} outline-none [position-anchor:--theme-menu]`}>
        <p id={`${MENU_ID}-label`} className={popoverMenuLabel}>
          {t("label")}
        </p>
        <div role="menu" aria-labelledby={`${MENU_ID}-label`}>
          {THEMES.map((option) => (
            <button
              key={option}
              type="button"
              role="menuitemradio"
              aria-checked={theme === option}
              onClick={() => setTheme(option)}
              className={popoverMenuItem}
            >
              <span className="w-4">{theme === option && <Check className="h-4 w-4" aria-hidden />}</span>
              {t(option)}
            </button>
          ))}
        </div>
      </div>
    </>
  );
}
