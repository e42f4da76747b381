import { Moon, Palette, Sun } from "lucide-react";

/** The icon that stands for each theme on the header's theme button. */
export const THEME_ICONS = { white: Sun, gray: Palette, dark: Moon } as const;
