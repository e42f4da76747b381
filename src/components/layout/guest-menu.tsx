import Link from "next/link";
import { LogIn, User, UserPlus } from "lucide-react";
import { iconButton } from "../ui/styles";
import { popoverMenu, popoverMenuItem, popoverMenuSeparator } from "../ui/popover";
import { serverTranslator } from "../i18n/request-intl";
import { GUEST_ACCOUNT_LINKS } from "./account-links";
import { AuthMenuItem, ThemeCycleMenuItem } from "./menu-actions";

const MENU_ID = "guest-menu";

/**
 * The account menu of a visitor who is not signed in: sign in, register, help links, theme.
 * Server HTML opened by its button with no script (ui/popover.tsx); the items that act are client islands.
 */
export function GuestMenu() {
  const t = serverTranslator("common");
  return (
    <>
      <button type="button" popoverTarget={MENU_ID} aria-haspopup="menu" aria-label={t("account.menu")} className={`${iconButton} [anchor-name:--guest-menu]`}>
        <User className="h-5 w-5" aria-hidden />
      </button>
      <div id={MENU_ID} popover="auto" tabIndex={-1} className={`${popoverMenu} outline-none [position-anchor:--guest-menu]`}>
        <div role="menu" aria-label={t("account.menu")}>
          <AuthMenuItem tab="login" className={popoverMenuItem}>
            <LogIn className="h-4 w-4" aria-hidden /> {t("account.signIn")}
          </AuthMenuItem>
          <AuthMenuItem tab="register" className={popoverMenuItem}>
            <UserPlus className="h-4 w-4" aria-hidden /> {t("account.register")}
          </AuthMenuItem>
          <div role="separator" className={popoverMenuSeparator} />
          {GUEST_ACCOUNT_LINKS.map((link) => (
            // not prefetched: most are rarely opened
            <Link key={link.href} href={link.href} prefetch={false} role="menuitem" className={popoverMenuItem}>
              {t(`account.${link.label}`)}
            </Link>
          ))}
          <div role="separator" className={popoverMenuSeparator} />
          <ThemeCycleMenuItem className={popoverMenuItem} label={t("theme.change")} />
        </div>
      </div>
    </>
  );
}
