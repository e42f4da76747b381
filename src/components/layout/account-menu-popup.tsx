"use client";

import { DropdownMenu } from "radix-ui";
import { LogOut } from "lucide-react";
import { useTranslations } from "use-intl";
import { menuContent, menuItem } from "../ui/styles";
import { ACCOUNT_LINKS } from "./account-links";
import { AccountMenuButton } from "./account-menu";
import { MenuLinkItems } from "./menu-link-items";
import { useSignOut } from "./use-sign-out";

/** The signed-in account menu: profile, orders, wish list, payment, settings, and Log out (loaded on first press: account-menu.tsx). */
export function AccountMenuPopup({ name, defaultOpen }: { name: string; defaultOpen: boolean }) {
  const signOut = useSignOut();
  const t = useTranslations("common.account");
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <AccountMenuButton name={name} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuContent}>
          <DropdownMenu.Label className="px-2 py-1 text-xs font-semibold text-[var(--muted-fg)]">{name}</DropdownMenu.Label>
          <MenuLinkItems links={ACCOUNT_LINKS} />
          <DropdownMenu.Separator className="my-1 h-px bg-[var(--border)]" />
          <DropdownMenu.Item className={menuItem} onSelect={() => void signOut()}>
            <LogOut className="h-4 w-4" aria-hidden /> {t("logOut")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
