"use client";

import { openAuthDialog, type AuthTab } from "./auth-dialog-state";

/** A button that opens the auth dialog on a tab; the page is kept as the place to return to. */
export function OpenAuthButton({ tab, className, children }: { tab: AuthTab; className?: string; children: React.ReactNode }) {
  return (
    <button type="button" className={className} onClick={() => openAuthDialog(tab)} data-opens="auth">
      {children}
    </button>
  );
}
