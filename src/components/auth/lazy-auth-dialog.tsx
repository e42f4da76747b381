"use client";

import { Suspense, lazy } from "react";
import { loadOnce } from "../hooks/prefetch";
import { useLoadOnFirstUse } from "../ui/use-load-on-first-use";
import { authDialog } from "./auth-dialog-state";

/** The dialog's script (forms, tabs, validation): not part of any page's first load. */
export const loadAuthDialog = loadOnce(() => import("./auth-dialog"));
const AuthDialog = lazy(() => loadAuthDialog().then((m) => ({ default: m.AuthDialog })));

/**
 * The sign-in / registration dialog, loaded on first use: its script is fetched while the browser
 * is idle after load (on a connection that allows prefetching), or as soon as a pointer or finger
 * reaches a button that opens it (`data-opens` naming "auth"), so opening it stays instant.
 */
export function LazyAuthDialog({ companyName }: { companyName: string }) {
  const { open } = authDialog.use();
  const wanted = useLoadOnFirstUse(open, loadAuthDialog, '[data-opens~="auth"]');
  if (!wanted) return null;
  return (
    <Suspense>
      <AuthDialog companyName={companyName} />
    </Suspense>
  );
}
