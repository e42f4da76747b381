"use client";

import { useEffect } from "react";

const DELAY_MS = 10_000;

/**
 * The listing scrolls the page by itself 10 s after load (350 px on phones, 390 px wider) to hint that
 * there is more below. Moving the page under someone who is reading or scrolling is hostile, so it
 * happens only if the visitor has not touched, scrolled, clicked or typed yet, and never for
 * visitors who asked for reduced motion.
 */
export function GentleScrollHint() {
  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let interacted = false;
    const mark = () => (interacted = true);
    const events = ["scroll", "wheel", "touchstart", "pointerdown", "keydown"] as const;
    events.forEach((e) => window.addEventListener(e, mark, { passive: true, once: true }));
    const timer = setTimeout(() => {
      if (interacted || window.scrollY > 0 || document.visibilityState !== "visible") return;
      window.scrollBy({ top: window.innerWidth < 768 ? 350 : 390, behavior: "smooth" });
    }, DELAY_MS);
    return () => {
      clearTimeout(timer);
      events.forEach((e) => window.removeEventListener(e, mark));
    };
  }, []);
  return null;
}
