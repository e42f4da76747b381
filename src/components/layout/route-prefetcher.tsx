"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { refreshServerCart, signedInStore } from "../cart/cart-store";
import { mayPrefetch, prefetchPage } from "../hooks/prefetch";

const LISTING_AFTER_MS = 2_000;
const PROFILE_AFTER_MS = 5_000;
const INFO_PAGES = ["/help", "/about", "/contact"] as const;
const INFO_AFTER_SCROLL_MS = 500;
const HOVER_MS = 100;

/**
 * Background prefetching, so the next tap opens at once: /products after 2 s, /profile after 5 s for
 * a signed-in shopper, the info pages once the visitor has read half the page, /products and /cart
 * (and the signed-in cart) when the connection comes back; again when the tab is shown. A same-site
 * link (a product card's too) is prefetched on intent only: hovered for 100 ms, touched, or focused,
 * never because it scrolled near the screen. Nothing at all is fetched ahead when the browser asks
 * to save data or the connection is 2G/3G (src/lib/prefetch-budget.ts).
 */
export function RoutePrefetcher() {
  const router = useRouter();
  useEffect(() => {
    if (!mayPrefetch()) return;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (fn: () => void, ms: number) => {
      const t = setTimeout(() => {
        timers.delete(t);
        fn();
      }, ms);
      timers.add(t);
      return t;
    };
    // checked again on each: the connection may have turned slow since the page loaded
    const prefetch = (href: string) => mayPrefetch() && router.prefetch(href);

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
      const link = pageLink(event.target);
      if (!link) return;
      clearTimeout(hoverTimer);
      hoverTimer = setTimeout(() => prefetchPage(router, link.pathname + link.search, "hover"), HOVER_MS);
    };
    const onOut = () => clearTimeout(hoverTimer);
    // a finger on a link is a tap a moment away; focus from the keyboard likewise
    const onTouch = (event: TouchEvent) => {
      const link = pageLink(event.target);
      if (link) prefetchPage(router, link.pathname + link.search, "touch");
    };
    const onFocus = (event: FocusEvent) => {
      const link = pageLink(event.target);
      if (link) prefetchPage(router, link.pathname + link.search, "focus");
    };

    later(() => prefetch("/products"), LISTING_AFTER_MS);
    later(() => signedInStore.get() && prefetch("/profile"), PROFILE_AFTER_MS);
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("online", onOnline);
    document.addEventListener("visibilitychange", onVisible);
    document.addEventListener("mouseover", onOver);
    document.addEventListener("mouseout", onOut);
    document.addEventListener("touchstart", onTouch, { passive: true });
    document.addEventListener("focusin", onFocus);
    return () => {
      timers.forEach(clearTimeout);
      clearTimeout(hoverTimer);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("online", onOnline);
      document.removeEventListener("visibilitychange", onVisible);
      document.removeEventListener("mouseover", onOver);
      document.removeEventListener("mouseout", onOut);
      document.removeEventListener("touchstart", onTouch);
      document.removeEventListener("focusin", onFocus);
    };
  }, [router]);
  return null;
}

/** The same-site page link an event happened in, if any. */
function pageLink(target: EventTarget | null): HTMLAnchorElement | null {
  const link = (target as Element | null)?.closest?.("a[href]");
  return link instanceof HTMLAnchorElement && link.origin === window.location.origin && isPage(link) ? link : null;
}

/** Only links to pages are worth a prefetch: not the API, media, downloads or new tabs. */
function isPage(link: HTMLAnchorElement): boolean {
  return !/^\/(api|media|_next)\//.test(link.pathname) && !link.hasAttribute("download") && link.target !== "_blank";
}
