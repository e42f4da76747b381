import Link from "next/link";
import { UserCircle } from "lucide-react";
import { iconButton } from "../ui/styles";
import { popoverMenu, popoverMenuItem, popoverMenuLabel, popoverMenuSeparator } from "../ui/popover";
import { serverTranslator } from "../i18n/request-intl";
import type { UserRole } from "@/lib/auth-rules";
import { ACCOUNT_LINKS } from "./account-links";
import { SignOutMenuItem } from "./menu-actions";

const MENU_ID = "account-menu";

/**
 * The signed-in account menu: a rider's deliveries, profile, orders, wish list, payment, settings, and Log out. Server
 * HTML opened by its button with no script (ui/popover.tsx); only Log out is a client island.
 */
export function AccountMenu({ name, role = "user" }: { name: string; role?: UserRole }) {
  const t = serverTranslator("common.account");
  const td = serverTranslator("delivery");
  return (
    <>
      <button
        type="button"
        popoverTarget={MENU_ID}
        aria-haspopup="menu"
        aria-label={t("menuFor", { name })}
        className={`${iconButton} [anchor-name:--account-menu]`}
      >
        <UserCircle className="h-5 w-5" aria-hidden />
      </button>
      <div id={MENU_ID} popover="auto" tabIndex={-1} className={`${popoverMenu} outline-none [position-anchor:--account-menu]`}>
        <p id={`${MENU_ID}-name`} className={popoverMenuLabel}>
          {name}
        </p>
        <div role="menu" aria-labelledby={`${MENU_ID}-name`}>
          {/* a rider's first stop: the deliveries assigned to them */}
          {role === "rider" && (
            <Link href="/rider" prefetch={false} role="menuitem" className={popoverMenuItem}>
              {td("menuLink")}
            </Link>
          )}
          {ACCOUNT_LINKS.map((link) => (
            // not prefetched: most are rarely opened
            <Link key={link.href} href={link.href} prefetch={false} role="menuitem" className={popoverMenuItem}>
              {t(link.label)}
            </Link>
          ))}
          <div role="separator" className={popoverMenuSeparator} />
          <SignOutMenuItem className={popoverMenuItem} label={t("logOut")} />
        </div>
      </div>
    </>
  );
}
