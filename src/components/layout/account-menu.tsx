"use client";

import { DropdownMenu } from "radix-ui";
import { LogOut, UserCircle } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { TWO_FACTOR_FLAGS } from "@/lib/two-factor";
import { serverCart, signedInStore } from "../cart/cart-store";
import { toast } from "../ui/toaster";
import { menuContent, menuItem } from "../ui/styles";
import { ACCOUNT_LINKS } from "./account-links";
import { MenuLinkItems } from "./menu-link-items";

export function useSignOut() {
  const router = useRouter();
  const t = useTranslations("common.account");
  return async () => {
    try {
      await api.auth.logout();
      sessionStorage.removeItem(TWO_FACTOR_FLAGS.pending);
      sessionStorage.removeItem(TWO_FACTOR_FLAGS.verified);
      // the badge and adds switch to the guest cart at once, not when the page re-renders
      signedInStore.set(false);
      serverCart.set(null);
      toast({ title: t("signedOutTitle"), description: t("signedOutText") });
      router.refresh();
    } catch {
      toast({ title: t("signOutErrorTitle"), description: t("signOutErrorText"), variant: "destructive" });
    }
  };
}

/** The signed-in account menu: profile, orders, wish list, payment, settings, and Log out. */
export function AccountMenu({ name }: { name: string }) {
  const signOut = useSignOut();
  const t = useTranslations("common.account");
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex h-10 w-10 items-center justify-center rounded-lg hover:bg-[var(--surface)]" aria-label={t("menuFor", { name })}>
        <UserCircle className="h-5 w-5" aria-hidden />
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
