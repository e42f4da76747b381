"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

const ITEM = '[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]';
/** A press on one of these inside an open popover closes it (a link, a menu choice, a button that opens a dialog). */
const CLOSES = `a[href], ${ITEM}, [data-opens], [data-closes-popover]`;

function openPopovers(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>("[popover]")].filter((el) => el.matches(":popover-open"));
}

function menuItems(menu: Element): HTMLElement[] {
  return [...menu.querySelectorAll<HTMLElement>(ITEM)].filter((item) => !item.matches(":disabled, [aria-disabled='true']"));
}

function invokersOf(popover: HTMLElement): HTMLElement[] {
  return popover.id ? [...document.querySelectorAll<HTMLElement>(`[popovertarget="${CSS.escape(popover.id)}"]`)] : [];
}

/**
 * What the page's popover menus and panels (popover.tsx) need beyond what the browser gives them,
 * installed once on the document so no menu carries script of its own. Opening needs none of it:
 * before it runs, a menu opens, closes with Escape or a press outside, and is reached with Tab.
 * - the button's aria-expanded follows the popover (browsers expose it natively too, but an
 *   explicit attribute reaches every screen reader);
 * - on opening from the keyboard, focus moves to the first menu item or the panel's first control;
 *   from a pointer, to the popover itself, so the arrow keys and Escape still work;
 * - in a menu, ↑ ↓ Home End move between the items (the ARIA menu pattern);
 * - a choice, a link or a button that opens a dialog closes the popover (unless `data-keep-open`);
 * - a press on a panel's dimmed backdrop closes it;
 * - focus leaving a menu (Tab past its end) closes it, and so does a client-side navigation.
 */
export function PopoverBehaviour() {
  const pathname = usePathname();
  const shownPath = useRef(pathname);
  useEffect(() => {
    // only a navigation closes them: a menu opened before the page's script ran (it needs none)
    // must stay open when this mounts
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    for (const popover of openPopovers()) popover.hidePopover();
  }, [pathname]);

  useEffect(() => {
    let lastInputWasKeyboard = false;
    const onKeyInput = (event: KeyboardEvent) => {
      lastInputWasKeyboard = !event.metaKey && !event.ctrlKey;
    };
    const onPointer = () => {
      lastInputWasKeyboard = false;
    };

    const onToggle = (event: Event) => {
      const popover = event.target;
      if (!(popover instanceof HTMLElement) || !popover.hasAttribute("popover")) return;
      const open = (event as ToggleEvent).newState === "open";
      for (const invoker of invokersOf(popover)) invoker.setAttribute("aria-expanded", String(open));
      if (!open || popover.contains(document.activeElement)) return;
      const first = popover.querySelector('[role="menu"]')
        ? (menuItems(popover).find((item) => item.getAttribute("aria-checked") === "true") ?? menuItems(popover)[0])
        : popover.querySelector<HTMLElement>("a[href], button:not([popovertargetaction='hide']), input, select");
      if (lastInputWasKeyboard && first) first.focus();
      else popover.focus({ preventScroll: true });
    };

    const onKeyDown = (event: KeyboardEvent) => {
      const menu = (event.target as Element | null)?.closest?.('[popover] [role="menu"], [popover][role="menu"]');
      if (!menu) return;
      const items = menuItems(menu);
      if (!items.length) return;
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next = {
        ArrowDown: items[(at + 1) % items.length],
        ArrowUp: items[(at - 1 + items.length) % items.length],
        Home: items[0],
        End: items.at(-1),
      }[event.key];
      if (!next) return;
      event.preventDefault();
      next.focus();
    };

    const onClick = (event: MouseEvent) => {
      const target = event.target as Element | null;
      // a press on a panel's dimmed backdrop reaches the popover itself, which the browser does
      // not count as outside: outside the popover's box, it closes it as a press outside would
      if (target instanceof HTMLElement && target.hasAttribute("popover") && target.matches(":popover-open")) {
        const box = target.getBoundingClientRect();
        const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
        if (outside) return target.hidePopover();
      }
      const popover = target?.closest?.<HTMLElement>("[popover]");
      const chosen = target?.closest?.(CLOSES);
      if (!popover || !chosen || !popover.contains(chosen) || chosen.closest("[data-keep-open]")) return;
      // a modified click opens a link elsewhere: the shopper stays here, with the menu
      if (chosen.matches("a[href]") && (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)) return;
      if (popover.matches(":popover-open")) popover.hidePopover();
    };

    const onFocusOut = (event: FocusEvent) => {
      const popover = (event.target as Element | null)?.closest?.<HTMLElement>("[popover]");
      const to = event.relatedTarget as Node | null;
      if (!popover || !to || !popover.querySelector('[role="menu"]') || !popover.matches(":popover-open")) return;
      if (popover.contains(to) || invokersOf(popover).some((invoker) => invoker.contains(to))) return;
      popover.hidePopover();
    };

    document.addEventListener("keydown", onKeyInput, true);
    document.addEventListener("pointerdown", onPointer, true);
    document.addEventListener("toggle", onToggle, true);
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("click", onClick);
    document.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("keydown", onKeyInput, true);
      document.removeEventListener("pointerdown", onPointer, true);
      document.removeEventListener("toggle", onToggle, true);
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("click", onClick);
      document.removeEventListener("focusout", onFocusOut);
    };
  }, []);
  return null;
}
