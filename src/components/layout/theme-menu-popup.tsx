"use client";

import { DropdownMenu } from "radix-ui";
import { useTranslations } from "use-intl";
import { Check } from "lucide-react";
import { THEMES, isTheme } from "@/lib/theme";
import { useTheme } from "../ui/use-theme";
import { menuContent, menuItem } from "../ui/styles";

import { ThemeMenuButton } from "./theme-menu";

/** The theme chooser of wide screens (loaded on first press: theme-menu.tsx). */
export function ThemeMenuPopup({ defaultOpen }: { defaultOpen: boolean }) {
  const [theme, setTheme] = useTheme();
  const t = useTranslations("common.theme");
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <ThemeMenuButton />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuContent}>
          <DropdownMenu.Label className="px-2 py-1 text-xs font-semibold text-[var(--muted-fg)]">{t("label")}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={theme} onValueChange={(v) => isTheme(v) && setTheme(v)}>
            {THEMES.map((option) => (
              <DropdownMenu.RadioItem key={option} value={option} className={menuItem}>
                <span className="w-4">
                  <DropdownMenu.ItemIndicator>
                    <Check className="h-4 w-4" aria-hidden />
                  </DropdownMenu.ItemIndicator>
                </span>
                {t(option)}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
