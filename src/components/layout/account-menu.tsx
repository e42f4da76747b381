"use client";

import { lazy, type ComponentProps } from "react";
import { UserCircle } from "lucide-react";
import { useTranslations } from "use-intl";
import { DeferredPopup } from "../ui/deferred-popup";
import { loadOnce } from "../ui/prefetch";
import { iconButton } from "../ui/styles";

const loadPopup = loadOnce(() => import("./account-menu-popup"));
const AccountMenuPopup = lazy(() => loadPopup().then((m) => ({ default: m.AccountMenuPopup })));

/** The account menu's button, the same before and after its menu's script has loaded. */
export function AccountMenuButton({ name, ...props }: ComponentProps<"button"> & { name: string }) {
  const t = useTranslations("common.account");
  return (
    <button type="button" className={iconButton} aria-label={t("menuFor", { name })} {...props}>
      <UserCircle className="h-5 w-5" aria-hidden />
    </button>
  );
}

/** The signed-in account menu: profile, orders, wish list, payment, settings, and Log out. */
export function AccountMenu({ name }: { name: string }) {
  return (
    <DeferredPopup load={loadPopup} popup="menu" shell={(props) => <AccountMenuButton name={name} {...props} />}>
      {(open) => <AccountMenuPopup name={name} defaultOpen={open} />}
    </DeferredPopup>
  );
}
