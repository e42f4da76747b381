"use client";

import { api } from "@/lib/api-client";
import type { BomMatch } from "@/lib/api-contract";
import { addToGuestCart } from "@/lib/guest-cart";
import { announceCartChange, refreshServerCart, signedInStore } from "../cart/cart-store";
import { readGuestCart, saveGuestCart } from "../cart/use-guest-cart";

export interface BulkAddOutcome {
  added: number;
  skipped: number;
}

export interface BulkLine {
  match: BomMatch;
  units: number;
}

/**
 * Every chosen line into the cart in one step: a signed-in shopper's in one server call (the
 * cart's merge, which adds lines under a fresh id, capped by stock, and says which it dropped), a
 * guest's in the browser's cart, saved once.
 */
export async function addBomToCart(lines: readonly BulkLine[]): Promise<BulkAddOutcome> {
  if (signedInStore.get()) {
    const byProduct = new Map<number, { variantId: string; quantity: number }[]>();
    for (const { match, units } of lines) {
      const list = byProduct.get(match.id) ?? [];
      list.push({ variantId: match.variantId, quantity: units });
      byProduct.set(match.id, list);
    }
    try {
      const { dropped } = await api.cart.merge({
        mergeId: crypto.randomUUID(),
        guestCart: [...byProduct].map(([productId, variants]) => ({ productId, variants })),
      });
      const skipped = lines.filter(({ match }) => dropped.some((d) => d.productId === match.id && d.variantId === match.variantId)).length;
      return { added: lines.length - skipped, skipped };
    } finally {
      await refreshServerCart();
      announceCartChange();
    }
  }
  let cart = readGuestCart();
  let added = 0;
  for (const { match, units } of lines) {
    const result = addToGuestCart(cart, match.product, match.variant, units, undefined, match.pricing);
    if (result.status === "out-of-stock") continue;
    cart = result.cart;
    added++;
  }
  saveGuestCart(cart);
  return { added, skipped: lines.length - added };
}
