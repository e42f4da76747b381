"use client";

import { cx } from "./cx";
import { ModalShell, type ShellProps } from "./dialog";

/** A side sheet is a Radix Dialog too: the same Root, Trigger and Close. */
export { Dialog as Sheet, DialogTrigger as SheetTrigger, DialogClose as SheetClose } from "./dialog";

const SIDES = { left: "left-0", right: "right-0" } as const;

/**
 * A full-height panel that slides over the page from the left (default) or right edge, with the
 * shared title, description and X button. className adds classes (it cannot change the width).
 */
export function SheetContent({ side = "left", className, ...props }: ShellProps & { side?: keyof typeof SIDES }) {
  return (
    <ModalShell
      {...props}
      iconClassName="h-5 w-5"
      className={cx(
        "fixed inset-y-0 z-50 flex w-[min(20rem,85vw)] flex-col overflow-y-auto bg-[var(--page-bg)] p-4 text-[var(--page-fg)] shadow-xl",
        SIDES[side],
        className,
      )}
    />
  );
}
