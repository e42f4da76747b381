"use client";

import { DropdownMenu } from "radix-ui";
import { Check, Moon, Palette, Sun } from "lucide-react";
import { THEMES, isTheme } from "@/lib/theme";
import { useTheme } from "../ui/use-theme";
import { menuContent, menuItem } from "../ui/styles";

const LABELS = { white: "White", gray: "Gray", dark: "Dark" } as const;
const ICONS = { white: Sun, gray: Palette, dark: Moon } as const;

export function ThemeMenu() {
  const [theme, setTheme] = useTheme();
  const Icon = ICONS[theme];
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex h-10 w-10 items-center justify-center rounded-lg hover:bg-[var(--surface)]" aria-label={`Theme: ${LABELS[theme]}`}>
        <Icon className="h-5 w-5" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuContent}>
          <DropdownMenu.Label className="px-2 py-1 text-xs font-semibold text-[var(--muted-fg)]">Theme</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={theme} onValueChange={(v) => isTheme(v) && setTheme(v)}>
            {THEMES.map((t) => (
              <DropdownMenu.RadioItem key={t} value={t} className={menuItem}>
                <span className="w-4">
                  <DropdownMenu.ItemIndicator>
                    <Check className="h-4 w-4" aria-hidden />
                  </DropdownMenu.ItemIndicator>
                </span>
                {LABELS[t]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
