"use client";

import { Suspense, useState, type ReactNode } from "react";

/** What the plain button that stands in for a popup's real trigger needs. */
export interface DeferredTriggerProps {
  type: "button";
  "aria-haspopup": "menu" | "dialog";
  "aria-expanded": false;
  "aria-busy"?: true;
  onPointerEnter: () => void;
  onTouchStart: () => void;
  onFocus: () => void;
  onClick: () => void;
}

/**
 * A menu or side panel whose script (Radix with its positioning, focus and dismissal code) stays
 * out of the page's first load. Until the shopper first presses it, its button is a plain one drawn
 * by `shell`, looking exactly like the real trigger; a pointer over it, a finger on it or focus on
 * it fetches the script, and the press renders the real component, already open (`children(true)`).
 * From then on the real component stays. If the script cannot be fetched (a dropped connection),
 * the plain button stays and the next press tries again: nothing breaks the page.
 */
export function DeferredPopup({
  load,
  popup,
  shell,
  children,
}: {
  /** Fetches the real component's module: the same function its `lazy()` uses, so it loads once. */
  load: () => Promise<unknown>;
  popup: "menu" | "dialog";
  shell: (props: DeferredTriggerProps) => ReactNode;
  children: (openAtFirst: boolean) => ReactNode;
}) {
  const [state, setState] = useState<"shell" | "loading" | "real">("shell");
  const preload = () => void load().catch(() => undefined);
  const trigger: DeferredTriggerProps = {
    type: "button",
    "aria-haspopup": popup,
    "aria-expanded": false,
    ...(state === "loading" && { "aria-busy": true }),
    onPointerEnter: preload,
    onTouchStart: preload,
    onFocus: preload,
    onClick: () => {
      if (state !== "shell") return;
      setState("loading");
      load().then(
        () => setState("real"),
        () => setState("shell"),
      );
    },
  };
  if (state !== "real") return shell(trigger);
  return <Suspense fallback={shell(trigger)}>{children(true)}</Suspense>;
}
