"use client";

import { Tabs as RadixTabs } from "radix-ui";
import type { ComponentProps } from "react";
import { cx } from "./cx";

/** Radix Tabs' Root, unchanged: value/onValueChange pick the panel. */
export const Tabs = RadixTabs.Root;

/** The segmented strip of tabs inside a dialog; give it an aria-label. */
export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List {...props} className={cx("flex gap-1 rounded-lg bg-[var(--surface)] p-1 text-sm", className)} />;
}

/** One tab: equal share of the strip, raised and bold while selected. */
export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      {...props}
      className={cx(
        "flex-1 rounded-md px-3 py-1.5 data-[state=active]:bg-[var(--page-bg)] data-[state=active]:font-semibold data-[state=active]:shadow",
        className,
      )}
    />
  );
}

/** A tab's panel, set a little below the strip. */
export function TabsContent({ className = "mt-4", ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content {...props} className={className} />;
}
