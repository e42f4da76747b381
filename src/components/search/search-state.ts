"use client";

import { createStore } from "../ui/create-store";

/**
 * What the shopper has typed in the header box but the listing has not searched yet: the listing
 * hides its grid while the two differ (§4.4: a pending or one-character search shows no stale grid).
 */
export const typedSearch = createStore<{ text: string; dirty: boolean }>({ text: "", dirty: false });

export type SearchDialogTab = "text" | "image";
export const searchDialog = createStore<{ open: boolean; tab: SearchDialogTab }>({ open: false, tab: "text" });

export function openSearchDialog(tab: SearchDialogTab): void {
  searchDialog.set({ open: true, tab });
}
