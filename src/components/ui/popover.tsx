import { X } from "lucide-react";
import type { ReactNode, ToggleEvent } from "react";

/*
 * Menus and side panels built on the HTML `popover` attribute: the server renders them whole, and
 * a `popovertarget` button opens one with no script at all (before hydration too). The browser
 * gives each one the top layer, Escape, closing on a press outside, focus returning to its button,
 * and Tab moving from the button into it. `PopoverBehaviour` (popover-behaviour.tsx) adds, once
 * per page, what a menu needs beyond that: arrow keys, closing on a choice and on navigation.
 *
 * The popover's own styles (the browser centres it with `inset: 0; margin: auto`) are replaced
 * here. A dropdown sits under its button by CSS anchor positioning; a browser without it places
 * the dropdown under the header's right end instead.
 */

/** A dropdown menu's frame; add its `[position-anchor:--name]` (the button carries `[anchor-name:--name]`). */
export const popoverMenu =
  "m-0 mt-1.5 min-w-44 inset-auto rounded-lg border border-[var(--border)] bg-[var(--page-bg)] p-1 text-sm text-[var(--page-fg)] shadow-lg [position-area:bottom_span-left] [position-try-fallbacks:flip-inline] not-supports-[anchor-name:--a]:top-14 not-supports-[anchor-name:--a]:right-2";

/** One item of a dropdown menu: a link or a button. */
export const popoverMenuItem =
  "flex w-full cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-left outline-none select-none hover:bg-[var(--surface)] hover:text-brand focus-visible:bg-[var(--surface)] focus-visible:text-brand focus-visible:ring-2 focus-visible:ring-brand/40";

export const popoverMenuLabel = "px-2 py-1 text-xs font-semibold text-[var(--muted-fg)]";

export const popoverMenuSeparator = "my-1 h-px bg-[var(--border)]";

/** A full-height panel over the page's left edge (like the Radix side sheet it replaces), the page dimmed behind it. */
export const popoverPanel =
  "fixed inset-y-0 left-0 right-auto m-0 h-dvh max-h-none w-[min(20rem,85vw)] flex-col overflow-y-auto overscroll-contain border-0 bg-[var(--page-bg)] p-4 text-[var(--page-fg)] shadow-xl open:flex backdrop:bg-black/40";

/** A centred dialog-like panel (the price filter). */
export const popoverDialog =
  "m-auto w-[min(26rem,calc(100vw-2rem))] rounded-xl border-0 bg-[var(--page-bg)] p-5 text-[var(--page-fg)] shadow-xl backdrop:bg-black/40";

/**
 * A panel opened by a `popovertarget` button: a dialog named by its heading, with an optional
 * description and an X button that closes it with no script. `side` is the full-height panel over
 * the page's left edge, `centred` the dialog-like one (the price filter).
 */
export function PopoverPanel({
  id,
  kind = "side",
  title,
  description,
  hideDescription = false,
  closeLabel,
  onToggle,
  children,
}: {
  id: string;
  kind?: "side" | "centred";
  title: ReactNode;
  description?: ReactNode;
  hideDescription?: boolean;
  closeLabel: string;
  onToggle?: (event: ToggleEvent<HTMLDivElement>) => void;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <div
      id={id}
      popover="auto"
      role="dialog"
      tabIndex={-1}
      aria-labelledby={titleId}
      aria-describedby={description !== undefined ? `${titleId}-description` : undefined}
      className={`${kind === "side" ? popoverPanel : popoverDialog} outline-none`}
      onToggle={onToggle}
    >
      <PopoverPanelHeader panelId={id} titleId={titleId} title={title} description={description} hideDescription={hideDescription} closeLabel={closeLabel} />
      {children}
    </div>
  );
}

/**
 * A panel's heading, optional description and X button (PopoverPanel's, and a panel's that needs
 * its own frame, e.g. a ref on it). The panel names itself with `aria-labelledby={titleId}`; the X
 * closes it with no script.
 */
export function PopoverPanelHeader({
  panelId,
  titleId,
  title,
  description,
  hideDescription = false,
  closeLabel,
}: {
  panelId: string;
  titleId: string;
  title: ReactNode;
  description?: ReactNode;
  hideDescription?: boolean;
  closeLabel: string;
}) {
  return (
    <>
      <h2 id={titleId} className="pr-8 text-lg font-semibold">
        {title}
      </h2>
      {description !== undefined && (
        <p id={`${titleId}-description`} className={hideDescription ? "sr-only" : "text-sm text-[var(--muted-fg)]"}>
          {description}
        </p>
      )}
      <button
        type="button"
        popoverTarget={panelId}
        popoverTargetAction="hide"
        aria-label={closeLabel}
        className="absolute top-3 right-3 rounded p-1 hover:bg-[var(--surface)]"
      >
        <X className="h-5 w-5" aria-hidden />
      </button>
    </>
  );
}
