"use client";

import { api } from "@/lib/api-client";
import { MERGE_ID_KEY } from "@/lib/browser-storage";
import { EMPTY_CART } from "@/lib/guest-cart";
import { readLocal, writeLocal } from "../stores/local-store";
import { TOAST_MS, toast, type ToastTranslator } from "../ui/toaster";
import { readGuestCart, saveGuestCart } from "./use-guest-cart";

/**
 * After sign-in: a non-empty guest cart is merged into the server cart, then deleted. The
 * merge id is kept until the merge succeeds, so a retry never adds the lines twice; a failed merge
 * keeps the guest cart for the next sign-in. Lines that could not be kept, or not in full, are told in a toast.
 */
export async function mergeGuestCartAfterSignIn(): Promise<void> {
  const guest = readGuestCart();
  if (guest.items.length === 0) return;
  let mergeId = readLocal(MERGE_ID_KEY);
  if (!mergeId) {
    mergeId = crypto.randomUUID();
    writeLocal(MERGE_ID_KEY, mergeId);
  }
  try {
    const { dropped, merged } = await api.cart.merge({
      mergeId,
      guestCart: guest.items.map((item) => ({
        productId: item.productId,
        variants: item.variants.map((v) => ({ variantId: v.variantId, quantity: v.quantity })),
      })),
    });
    saveGuestCart(EMPTY_CART);
    writeLocal(MERGE_ID_KEY, "");
    // lines the account's cart took fewer of than the guest cart held (the stock ran short) are told too
    const capped = merged.filter((m) => m.partialStock);
    if (dropped.length || capped.length) {
      const nameOf = (productId: number) => guest.items.find((i) => i.productId === productId)?.product.name ?? productId;
      const names = (keep: (reason: string) => boolean) => [...new Set(dropped.filter((d) => keep(d.reason)).map((d) => nameOf(d.productId)))];
      const unavailable = names((r) => r !== "invalid-variant" && r !== "too-many-lines");
      const chooseOption = names((r) => r === "invalid-variant");
      const tooManyLines = names((r) => r === "too-many-lines");
      const partial = [...new Set(capped.map((m) => nameOf(m.productId)))];
      // one sentence per reason, each translated whole when the toast shows
      const description = (t: ToastTranslator) => {
        const list = (items: (string | number)[]) => items.map((n) => (typeof n === "number" ? t("cart.toast.mergeProduct", { id: String(n) }) : n)).join(", ");
        return [
          unavailable.length ? t("cart.toast.mergeUnavailable", { names: list(unavailable) }) : "",
          chooseOption.length ? t("cart.toast.mergeChooseOption", { names: list(chooseOption) }) : "",
          tooManyLines.length ? t("cart.toast.mergeTooManyLines", { names: list(tooManyLines) }) : "",
          partial.length ? t("cart.toast.mergePartial", { names: list(partial) }) : "",
        ]
          .filter(Boolean)
          .join(" ");
      };
      toast({ title: (t) => t(dropped.length ? "cart.toast.mergeDropped" : "cart.toast.partial"), description, duration: TOAST_MS.partialStock });
    }
  } catch {
    toast({ title: (t) => t("cart.toast.error"), description: (t) => t("cart.toast.mergeFailed"), variant: "destructive" });
  }
}
