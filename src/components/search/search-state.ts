"use client";

import { createStore } from "../stores/create-store";

/**
 * What the shopper has typed in the header box but the listing has not searched yet: the listing
 * hides its grid while the two differ (a pending or one-character search shows no stale grid).
 */
export const typedSearch = createStore<{ text: string; dirty: boolean }>({ text: "", dirty: false });

/**
 * The last text the box itself put in the URL by live search. When the URL then changes to it, the
 * shopper may already have typed on (or cleared the box): that newer text must not be overwritten.
 */
export const liveSearchSent = { text: null as string | null };

export type SearchDialogTab = "text" | "image";
export const searchDialog = createStore<{ open: boolean; tab: SearchDialogTab }>({ open: false, tab: "text" });

export function openSearchDialog(tab: SearchDialogTab): void {
  searchDialog.set({ open: true, tab });
}
