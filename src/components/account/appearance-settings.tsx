"use client";

import { useTranslations } from "use-intl";
import { THEMES } from "@/lib/theme";
import { CurrencySelect } from "../layout/currency-select";
import { useTheme } from "../hooks/use-theme";

/** Theme and the currency prices are shown in: the header's own settings (this browser), on the settings page. */
export function AppearanceSettings() {
  const t = useTranslations("account.appearance");
  const themes = useTranslations("common.theme");
  const [theme, setTheme] = useTheme();
  return (
    <div className="space-y-4 text-sm">
      <p className="text-[var(--muted-fg)]">{t("intro")}</p>
      <fieldset>
        <legend className="mb-1 font-medium">{t("theme")}</legend>
        <div className="flex flex-wrap gap-4">
          {THEMES.map((option) => (
            <label key={option} className="flex items-center gap-2">
              <input
                type="radio"
                name="theme"
                value={option}
                checked={theme === option}
                onChange={() => setTheme(option)}
                className="h-4 w-4 accent-[var(--brand)]"
              />
              {themes(option)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <p className="mb-1 font-medium" id="currency-label">
          {t("currency")}
        </p>
        <CurrencySelect />
        <p className="mt-1 text-xs text-[var(--muted-fg)]">{t("currencyNote")}</p>
      </div>
    </div>
  );
}
