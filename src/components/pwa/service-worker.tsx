"use client";

import { useEffect } from "react";
import { serviceWorkerUrl } from "@/lib/web-app";

/**
 * Registers the offline-page worker (public/sw.js) in production builds only: in development
 * it would keep pages the dev server is still rebuilding. Registered after the page has loaded,
 * so it never competes with the page's own first requests.
 */
export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    const register = () => {
      navigator.serviceWorker.register(serviceWorkerUrl(document.documentElement.lang), { scope: "/" }).catch((error: unknown) => {
        console.warn("service worker not registered:", error);
      });
    };
    if (document.readyState === "complete") register();
    else {
      window.addEventListener("load", register, { once: true });
      return () => window.removeEventListener("load", register);
    }
  }, []);
  return null;
}
