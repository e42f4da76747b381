"use client";

import { DropdownMenu } from "radix-ui";
import { useTranslations } from "use-intl";
import { Check, Moon, Palette, Sun } from "lucide-react";
import { THEMES, isTheme } from "@/lib/theme";
import { useTheme } from "../ui/use-theme";
import { menuContent, menuItem } from "../ui/styles";

const ICONS = { white: Sun, gray: Palette, dark: Moon } as const;

export function ThemeMenu() {
  const [theme, setTheme] = useTheme();
  const t = useTranslations("common.theme");
  const Icon = ICONS[theme];
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="flex h-10 w-10 items-center justify-center rounded-lg hover:bg-[var(--surface)]"
        aria-label={t("current", { name: t(theme) })}
      >
        <Icon className="h-5 w-5" aria-hidden />
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
