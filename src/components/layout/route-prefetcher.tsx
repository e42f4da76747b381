"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { refreshServerCart, signedInStore } from "../cart/cart-store";

const LISTING_AFTER_MS = 2_000;
const PROFILE_AFTER_MS = 5_000;
const INFO_PAGES = ["/help", "/about", "/contact"] as const;
const INFO_AFTER_SCROLL_MS = 500;
const HOVER_MS = 100;

/**
 * Background prefetching, so the next tap on a slow network opens at once: /products after
 * 2 s, /profile after 5 s for a signed-in shopper, the info pages once the visitor has read half the page, /products and /cart (and the
 * signed-in cart) when the connection comes back, any same-site link hovered for 100 ms; again when the tab is shown.
 * Skipped when the visitor's browser asks to save data.
 */
export function RoutePrefetcher() {
  const router = useRouter();
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
    if (connection?.saveData) return;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (fn: () => void, ms: number) => {
      const t = setTimeout(() => {
        timers.delete(t);
        fn();
      }, ms);
      timers.add(t);
      return t;
    };
    const prefetch = (href: string) => router.prefetch(href);

    let infoDone = false;
    const onScroll = () => {
      if (infoDone) return;
      const scrollable = document.documentElement.scrollHeight - window.innerHeight;
      if (scrollable > 0 && window.scrollY / scrollable >= 0.5) {
        infoDone = true;
        later(() => INFO_PAGES.forEach(prefetch), INFO_AFTER_SCROLL_MS);
      }
    };
    // back online: the listing and the cart are fetched again, and reloaded if on screen
    const onOnline = () => {
      ["/products", "/cart"].forEach(prefetch);
      if (signedInStore.get()) void refreshServerCart();
      if (window.location.pathname === "/products" || window.location.pathname === "/cart") router.refresh();
    };
    const onVisible = () => document.visibilityState === "visible" && later(() => prefetch("/products"), LISTING_AFTER_MS);

    let hoverTimer: ReturnType<typeof setTimeout> | undefined;
    const onOver = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin || !isPage(link)) return;
      clearTimeout(hoverTimer);
      hoverTimer = setTimeout(() => prefetch(link.pathname + link.search), HOVER_MS);
    };
    const onOut = () => clearTimeout(hoverTimer);

    later(() => prefetch("/products"), LISTING_AFTER_MS);
    later(() => signedInStore.get() && prefetch("/profile"), PROFILE_AFTER_MS);
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("online", onOnline);
    document.addEventListener("visibilitychange", onVisible);
    document.addEventListener("mouseover", onOver);
    document.addEventListener("mouseout", onOut);
    return () => {
      timers.forEach(clearTimeout);
      clearTimeout(hoverTimer);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("online", onOnline);
      document.removeEventListener("visibilitychange", onVisible);
      document.removeEventListener("mouseover", onOver);
      document.removeEventListener("mouseout", onOut);
    };
  }, [router]);
  return null;
}

/** Only links to pages are worth a prefetch: not the API, media, downloads or new tabs. */
function isPage(link: HTMLAnchorElement): boolean {
  return !/^\/(api|media|_next)\//.test(link.pathname) && !link.hasAttribute("download") && link.target !== "_blank";
}
