"use client";

import { api, isApiError } from "@/lib/api-client";
import { addToGuestCart } from "@/lib/guest-cart";
import type { PriceLadder } from "@/lib/price-breaks";
import type { Product } from "@/lib/product";
import type { Locale } from "@/lib/locale";
import { DEFAULT_VARIANT_ID, defaultVariant, optionText, optionWords, variantCombinationId, type ProductVariant } from "@/lib/variants";
import { TOAST_MS, toast, type ToastTranslator } from "../ui/toaster";
import { announceCartChange, refreshServerCart, signedInStore } from "./cart-store";
import { readGuestCart, saveGuestCart } from "./use-guest-cart";

// The toasts' texts are translated when they show (this code runs outside components): see ToastText.
const partialStock = (count: number) =>
  toast({ title: (t) => t("cart.toast.partial"), description: (t) => t("cart.toast.partialText", { count }), duration: TOAST_MS.partialStock });

/** The product as the cart names its line: with the chosen option, when it has one. */
const lineName = (t: ToastTranslator, locale: Locale, product: Product, variant: ProductVariant | null) => {
  const option = optionText(variant?.attributes, optionWords(product.variant_config, locale));
  return option ? t("cart.lineLabel", { name: product.name, attributes: option }) : product.name;
};

const added = (product: Product, variant: ProductVariant | null, quantity: number) =>
  toast({
    title: (t) => t("cart.toast.added"),
    description: (t, locale) => t("cart.toast.addedText", { name: lineName(t, locale, product, variant), quantity }),
    duration: TOAST_MS.cart,
  });

const addFailed = () => toast({ title: (t) => t("cart.toast.error"), description: (t) => t("cart.toast.addFailed"), variant: "destructive" });

function outOfStock(name: string) {
  toast({
    title: (t) => t("cart.toast.outOfStock"),
    description: (t) => t("cart.toast.outOfStockText", { name }),
    variant: "destructive",
    duration: TOAST_MS.error,
  });
}

/**
 * Adds to the shopper's cart (server when signed in, else the guest cart) and says what happened in
 * a toast. `pricing`: the option's prices by quantity where the page knows them (the product page),
 * which a guest cart line keeps to price itself by (the server prices a signed-in cart).
 */
export async function addProductToCart(product: Product, variant: ProductVariant | null, quantity: number, pricing?: PriceLadder): Promise<void> {
  let full = product;
  if (!variant && product.variant_config && !product.product_variants?.length) {
    // A product with options, from a list without them: fetch the detail for its options.
    try {
      full = { ...product, ...(await api.catalog.product(product.id)) };
    } catch {
      addFailed();
      return;
    }
  }
  // No option chosen: the cheapest one in stock (the price the card shows), never the default line,
  // which the server refuses for a product with options.
  const chosen = variant ?? defaultVariant(full.product_variants);
  if (signedInStore.get()) return addToServerCart(full, chosen, quantity);
  const result = addToGuestCart(readGuestCart(), full, chosen, quantity, undefined, chosen === variant ? pricing : undefined);
  if (result.status === "out-of-stock") return outOfStock(product.name);
  saveGuestCart(result.cart);
  if (result.status === "partial") partialStock(result.quantity);
  else added(full, chosen, result.quantity);
}

async function addToServerCart(product: Product, variant: ProductVariant | null, quantity: number): Promise<void> {
  const variantId = variant ? variantCombinationId(variant.attributes, product.variant_config) : DEFAULT_VARIANT_ID;
  try {
    const body = await api.cart.add({ productId: product.id, variantId, quantity });
    if (body.partialStock) partialStock(body.added);
    else added(product, variant, body.added);
  } catch (error) {
    if (isApiError(error, "out-of-stock")) outOfStock(product.name);
    else addFailed();
  } finally {
    await refreshServerCart();
    announceCartChange();
  }
}
