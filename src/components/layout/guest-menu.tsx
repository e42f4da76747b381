"use client";

import { lazy, type ComponentProps } from "react";
import { User } from "lucide-react";
import { useTranslations } from "use-intl";
import { DeferredPopup } from "../ui/deferred-popup";
import { loadOnce } from "../ui/prefetch";
import { iconButton } from "../ui/styles";

const loadPopup = loadOnce(() => import("./guest-menu-popup"));
const GuestMenuPopup = lazy(() => loadPopup().then((m) => ({ default: m.GuestMenuPopup })));

/** The guest menu's button, the same before and after its menu's script has loaded. */
export function GuestMenuButton(props: ComponentProps<"button">) {
  const t = useTranslations("common");
  return (
    <button type="button" className={iconButton} aria-label={t("account.menu")} data-opens="auth" {...props}>
      <User className="h-5 w-5" aria-hidden />
    </button>
  );
}

/** The account menu of a visitor who is not signed in: sign in, register, help links, theme. */
export function GuestMenu() {
  return (
    <DeferredPopup load={loadPopup} popup="menu" shell={(props) => <GuestMenuButton {...props} />}>
      {(open) => <GuestMenuPopup defaultOpen={open} />}
    </DeferredPopup>
  );
}
