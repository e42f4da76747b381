"use client";

import { api, isApiError } from "@/lib/api-client";
import { addToGuestCart } from "@/lib/guest-cart";
import type { Product } from "@/lib/product";
import { DEFAULT_VARIANT_ID, defaultVariant, variantCombinationId, type ProductVariant } from "@/lib/variants";
import { TOAST_MS, toast } from "../ui/toaster";
import { announceCartChange, refreshServerCart, signedInStore } from "./cart-store";
import { readGuestCart, saveGuestCart } from "./use-guest-cart";

const PARTIAL_TEXT = (n: number) =>
  `Only ${n} more available, so we added ${n}. More stock is on the way: contact customer care if you need a larger quantity.`;

function outOfStock(name: string) {
  toast({ title: "Out of Stock", description: `${name} is out of stock.`, variant: "destructive", duration: TOAST_MS.error });
}

/** Adds to the shopper's cart (server when signed in, else the guest cart) and says what happened in a toast. */
export async function addProductToCart(product: Product, variant: ProductVariant | null, quantity: number): Promise<void> {
  let full = product;
  if (!variant && product.variant_config && !product.product_variants?.length) {
    // A product with options, from a list without them: fetch the detail for its options.
    try {
      full = { ...product, ...(await api.catalog.product(product.id)) };
    } catch {
      toast({ title: "Error", description: "Failed to add item to cart", variant: "destructive" });
      return;
    }
  }
  // No option chosen: the cheapest one in stock (the price the card shows), never the default line,
  // which the server refuses for a product with options.
  const chosen = variant ?? defaultVariant(full.product_variants);
  if (signedInStore.get()) return addToServerCart(full, chosen, quantity);
  const result = addToGuestCart(readGuestCart(), full, chosen, quantity);
  if (result.status === "out-of-stock") return outOfStock(product.name);
  saveGuestCart(result.cart);
  if (result.status === "partial") toast({ title: "Partial Stock Added", description: PARTIAL_TEXT(result.quantity), duration: TOAST_MS.partialStock });
  else toast({ title: "Added to cart", description: `${product.name} × ${result.quantity}`, duration: TOAST_MS.cart });
}

async function addToServerCart(product: Product, variant: ProductVariant | null, quantity: number): Promise<void> {
  const variantId = variant ? variantCombinationId(variant.attributes, product.variant_config) : DEFAULT_VARIANT_ID;
  try {
    const body = await api.cart.add({ productId: product.id, variantId, quantity });
    if (body.partialStock) toast({ title: "Partial Stock Added", description: PARTIAL_TEXT(body.added), duration: TOAST_MS.partialStock });
    else toast({ title: "Added to cart", description: `${product.name} × ${quantity}`, duration: TOAST_MS.cart });
  } catch (error) {
    if (isApiError(error, "out-of-stock")) outOfStock(product.name);
    else toast({ title: "Error", description: "Failed to add item to cart", variant: "destructive" });
  } finally {
    await refreshServerCart();
    announceCartChange();
  }
}
