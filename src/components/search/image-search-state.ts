"use client";

import type { ImageKeywordDetail } from "@/lib/api-contract";
import type { Product } from "@/lib/product";
import { createStore } from "../stores/create-store";

export interface ImageResults {
  products: Product[];
  keywords: string[];
  /** by keyword: its Kiswahili words and the category it names (the server's) */
  keywordDetails?: Record<string, ImageKeywordDetail>;
  /** An object URL of the photo that was searched, owned by this store (revoked when replaced). */
  previewUrl?: string;
  /** The listing URL key the results belong to: plain /products (image results clear category and search). */
  key: string;
}

/**
 * The last search by image, shown by the listing instead of its grid. Any text search,
 * category or filter change clears it; so does the listing's 'Back to all products'.
 */
export const imageResults = createStore<ImageResults | null>(null);

/** The id of the listing's 'Results for your image' heading, where focus goes once results arrive. */
export const IMAGE_RESULTS_HEADING_ID = "image-results-heading";
let focusPending = false;

export function setImageResults(next: ImageResults): void {
  const previous = imageResults.get();
  imageResults.set(next);
  if (previous?.previewUrl && previous.previewUrl !== next.previewUrl) URL.revokeObjectURL(previous.previewUrl);
}

export function clearImageResults(): void {
  focusPending = false;
  const previous = imageResults.get();
  if (!previous) return;
  imageResults.set(null);
  if (previous.previewUrl) URL.revokeObjectURL(previous.previewUrl);
}

/**
 * Moves focus to the results heading (and so scrolls them into view, on a phone below the banners).
 * If the listing is not there yet (navigating to /products), the heading takes focus when it mounts.
 */
export function focusImageResults(): void {
  if (!imageResults.get()) return;
  const heading = document.getElementById(IMAGE_RESULTS_HEADING_ID);
  focusPending = !heading;
  heading?.focus();
}

/** Whether the results heading, just mounted, should take focus (once). */
export function takeImageResultsFocus(): boolean {
  const pending = focusPending;
  focusPending = false;
  return pending;
}
