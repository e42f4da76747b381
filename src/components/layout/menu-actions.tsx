"use client";

import { LogOut, Palette } from "lucide-react";
import type { ReactNode } from "react";
import { nextTheme } from "@/lib/theme";
import { openAuthDialog, type AuthTab } from "../auth/auth-dialog-state";
import { useTheme } from "../hooks/use-theme";
import { useSignOut } from "./use-sign-out";

/*
 * The few header menu items that act rather than link: small client islands inside the
 * server-rendered menus (account-menu.tsx, guest-menu.tsx). Their texts come translated from the server.
 */

/** Log out (the menu closes on the press: PopoverBehaviour). */
export function SignOutMenuItem({ className, label }: { className: string; label: string }) {
  const signOut = useSignOut();
  return (
    <button type="button" role="menuitem" className={className} onClick={() => void signOut()}>
      <LogOut className="h-4 w-4" aria-hidden /> {label}
    </button>
  );
}

/** Opens the sign-in dialog on a tab; `data-opens` lets the dialog's script load as a pointer nears. */
export function AuthMenuItem({ tab, className, children }: { tab: AuthTab; className: string; children: ReactNode }) {
  return (
    <button type="button" role="menuitem" className={className} data-opens="auth" onClick={() => openAuthDialog(tab)}>
      {children}
    </button>
  );
}

/** Moves to the next theme; the menu stays open so the visitor can keep cycling and see each one. */
export function ThemeCycleMenuItem({ className, label }: { className: string; label: string }) {
  const [theme, setTheme] = useTheme();
  return (
    <button type="button" role="menuitem" data-keep-open className={className} onClick={() => setTheme(nextTheme(theme))}>
      <Palette className="h-4 w-4" aria-hidden /> {label}
    </button>
  );
}
