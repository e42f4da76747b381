"use client";

import { Suspense, lazy, useEffect, useState } from "react";
import { loadOnce, preloadWhenIdle } from "../hooks/prefetch";
import { useCurrentToast } from "./toast-store";

export { TOAST_MS, dismissToast, toast, useCurrentToast, type ToastMessage, type ToastText, type ToastTranslator } from "./toast-store";

/** The toast view (Radix Toast): its own chunk, fetched while idle after load or with the first toast. */
const loadToasterView = loadOnce(() => import("./toaster-view"));
const ToasterView = lazy(() => loadToasterView().then((m) => ({ default: m.ToasterView })));

export function Toaster() {
  const message = useCurrentToast();
  const [wanted, setWanted] = useState(false);
  if (message && !wanted) setWanted(true);
  useEffect(() => preloadWhenIdle(loadToasterView), []);
  if (!wanted) return null;
  return (
    <Suspense>
      <ToasterView />
    </Suspense>
  );
}
