"use client";

import { Suspense, lazy, useEffect, useState } from "react";
import { loadOnce, preloadOnIntent, preloadWhenIdle } from "../ui/prefetch";
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
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  useEffect(() => {
    const stopIdle = preloadWhenIdle(loadAuthDialog);
    const stopIntent = preloadOnIntent('[data-opens~="auth"]', loadAuthDialog);
    return () => {
      stopIdle();
      stopIntent();
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense>
      <AuthDialog companyName={companyName} />
    </Suspense>
  );
}
