"use client";

import { DropdownMenu } from "radix-ui";
import { useTranslations } from "use-intl";
import { LogIn, Palette, UserPlus } from "lucide-react";
import { nextTheme } from "@/lib/theme";
import { useTheme } from "../ui/use-theme";
import { menuContent, menuItem } from "../ui/styles";
import { openAuthDialog } from "../auth/auth-dialog-state";
import { GUEST_ACCOUNT_LINKS } from "./account-links";
import { GuestMenuButton } from "./guest-menu";
import { MenuLinkItems } from "./menu-link-items";

/** The account menu of a visitor who is not signed in (loaded on first press: guest-menu.tsx). */
export function GuestMenuPopup({ defaultOpen }: { defaultOpen: boolean }) {
  const [theme, setTheme] = useTheme();
  const t = useTranslations("common");
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <GuestMenuButton />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuContent}>
          <DropdownMenu.Item className={menuItem} onSelect={() => openAuthDialog("login")}>
            <LogIn className="h-4 w-4" aria-hidden /> {t("account.signIn")}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItem} onSelect={() => openAuthDialog("register")}>
            <UserPlus className="h-4 w-4" aria-hidden /> {t("account.register")}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-[var(--border)]" />
          <MenuLinkItems links={GUEST_ACCOUNT_LINKS} />
          <DropdownMenu.Separator className="my-1 h-px bg-[var(--border)]" />
          <DropdownMenu.Item
            className={menuItem}
            onSelect={(event) => {
              // stay open so the visitor can keep cycling and see each theme
              event.preventDefault();
              setTheme(nextTheme(theme));
            }}
          >
            <Palette className="h-4 w-4" aria-hidden /> {t("theme.change")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
