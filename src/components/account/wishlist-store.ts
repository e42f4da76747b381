"use client";

import { useEffect } from "react";
import { WISHLIST_MAX } from "@/lib/wishlist";
import { api, isApiError } from "@/lib/api-client";
import { openAuthDialog } from "../auth/auth-dialog-state";
import { signedInStore } from "../cart/cart-store";
import { createStore } from "../stores/create-store";
import { TOAST_MS, toast } from "../ui/toaster";

/**
 * The signed-in shopper's wishlist, as product ids, shared by every heart of the page: loaded with
 * one small call the first time a heart shows for a signed-in shopper (never one call per card),
 * then kept in step with each change. null: not loaded (a guest, or not yet).
 */
export const wishlistIds = createStore<ReadonlySet<number> | null>(null);

/** A guest's heart press waits here (this tab only) until the sign-in it asked for succeeds. */
const PENDING_KEY = "wishlist_pending";
let loading: Promise<void> | null = null;

function readPending(): { id: number; name: string } | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? "null") as { id?: unknown; name?: unknown } | null;
    return value && typeof value.id === "number" && typeof value.name === "string" ? { id: value.id, name: value.name } : null;
  } catch {
    return null;
  }
}

function writePending(value: { id: number; name: string } | null): void {
  try {
    if (value) sessionStorage.setItem(PENDING_KEY, JSON.stringify(value));
    else sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // storage blocked: the guest presses the heart again after signing in
  }
}

const failed = (full = false) =>
  toast({
    title: (t) => t("wishlist.heart.failedTitle"),
    description: (t) => (full ? t("wishlist.heart.full") : t("wishlist.heart.failed")),
    variant: "destructive",
    duration: TOAST_MS.error,
  });

function changeIds(change: (ids: Set<number>) => void): void {
  wishlistIds.set((previous) => {
    const next = new Set(previous ?? []);
    change(next);
    return next;
  });
}

async function add(id: number, name: string): Promise<void> {
  changeIds((ids) => ids.add(id));
  try {
    await api.wishlist.add(id);
    toast({ title: (t) => t("wishlist.heart.added"), description: (t) => t("wishlist.heart.addedText", { name }) });
  } catch (error) {
    changeIds((ids) => ids.delete(id));
    failed(isApiError(error, "validation"));
  }
}

/** Loads the ids once for a signed-in shopper, then adds what a guest press left waiting. */
function ensureLoaded(): Promise<void> {
  loading ??= (async () => {
    try {
      const { productIds } = await api.wishlist.ids();
      wishlistIds.set(new Set(productIds));
    } catch {
      // offline or signed out meanwhile: hearts stay empty; the next page tries again
      loading = null;
      return;
    }
    const pending = readPending();
    writePending(null);
    if (pending && !wishlistIds.get()?.has(pending.id)) await add(pending.id, pending.name);
  })();
  return loading;
}

/** Whether a product is on the wishlist (false for a guest, and until the list has loaded). */
export function useWishlisted(productId: number): boolean {
  const signedIn = signedInStore.use();
  const ids = wishlistIds.use();
  useEffect(() => {
    if (signedIn) void ensureLoaded();
    else {
      loading = null;
      wishlistIds.set(null);
    }
  }, [signedIn]);
  return signedIn && Boolean(ids?.has(productId));
}

/**
 * The heart's press: adds or removes for a signed-in shopper (the heart changes at once and goes
 * back if the server refuses); a guest is asked to sign in, and the product is added once the
 * sign-in succeeds.
 */
export async function toggleWishlist(product: { id: number; name: string }): Promise<void> {
  if (!signedInStore.get()) {
    writePending({ id: product.id, name: product.name });
    openAuthDialog("login");
    return;
  }
  await ensureLoaded();
  if (!wishlistIds.get()?.has(product.id)) {
    if ((wishlistIds.get()?.size ?? 0) >= WISHLIST_MAX) return failed(true);
    return add(product.id, product.name);
  }
  changeIds((ids) => ids.delete(product.id));
  try {
    await api.wishlist.remove(product.id);
    toast({ title: (t) => t("wishlist.heart.removed"), description: (t) => t("wishlist.heart.removedText", { name: product.name }) });
  } catch {
    changeIds((ids) => ids.add(product.id));
    failed();
  }
}

/** Keeps the shared ids right after a removal made elsewhere (the wishlist page's own button). */
export function forgetWishlisted(productId: number): void {
  if (wishlistIds.get()) changeIds((ids) => ids.delete(productId));
}
