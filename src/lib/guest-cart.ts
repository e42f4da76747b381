import { unitPriceAt, type PriceLadder } from "./price-breaks";
import type { Product } from "./product";
import { DEFAULT_VARIANT_ID, lowestVariantPrice, variantCombinationId, type ProductVariant } from "./variants";

/** The guest cart, kept in the browser under guest_cart until sign-in merges it. */
export const GUEST_CART_KEY = "guest_cart";

export interface CartVariantLine {
  variantId: string;
  attributes: Record<string, string>;
  quantity: number;
  /** each unit's price at the line's quantity (its step of `pricing`, where the line has one) */
  price: number;
  sku: string;
  image: string;
  /** the prices by quantity the line follows (the product's own breaks or the shop's tiers); absent: one price */
  pricing?: PriceLadder;
}

export interface CartProductSummary {
  id: number;
  name: string;
  image: string;
  price: number;
  original_price: number;
  in_stock: boolean;
  stock_quantity: number;
  sku: string;
  /** delivery is free for this product (decides the cart's shipping) */
  free_delivery?: boolean;
  /** this product may go out the same day (same-day delivery needs every line to allow it) */
  same_day_delivery?: boolean;
}

export interface CartItem {
  id: string;
  productId: number;
  variants: CartVariantLine[];
  totalQuantity: number;
  totalPrice: number;
  currency: "TZS";
  appliedDiscount: number;
  createdAt: string;
  updatedAt: string;
  product: CartProductSummary;
}

/**
 * A cart, one shape on both sides: the server's answer for a signed-in shopper (GET /api/cart) and
 * the guest cart the browser keeps, with the totals the server computes.
 */
export interface Cart {
  items: CartItem[];
  totals: { subtotal: number; total_items: number };
}

/** The guest cart as it is stored under guest_cart: items, subtotal and totalItems. */
interface StoredGuestCart {
  items: CartItem[];
  subtotal: number;
  totalItems: number;
}

export const EMPTY_CART: Cart = { items: [], totals: { subtotal: 0, total_items: 0 } };

export type AddResult =
  | { status: "added"; cart: Cart; quantity: number }
  | { status: "partial"; cart: Cart; quantity: number; available: number }
  | { status: "out-of-stock"; cart: Cart };

/** The text stored under guest_cart for a cart. */
export function serializeGuestCart(cart: Cart): string {
  const stored: StoredGuestCart = { items: cart.items, subtotal: cart.totals.subtotal, totalItems: cart.totals.total_items };
  return JSON.stringify(stored);
}

/** Reads a stored cart defensively: anything malformed counts as an empty cart, never a crash. */
export function parseGuestCart(text: string | null): Cart {
  if (!text) return EMPTY_CART;
  try {
    const value = JSON.parse(text) as StoredGuestCart;
    if (!value || !Array.isArray(value.items)) return EMPTY_CART;
    const items = value.items.filter(
      (item) =>
        item && Number.isInteger(item.productId) && Array.isArray(item.variants) && item.variants.every((v) => Number.isInteger(v.quantity) && v.quantity > 0),
    );
    return withTotals(items);
  } catch {
    return EMPTY_CART;
  }
}

/** A stored ladder as it must be to price by (a damaged one is dropped: the line keeps its one price). */
function soundLadder(pricing: unknown): PriceLadder | undefined {
  const ladder = pricing as PriceLadder | undefined;
  if (!ladder || typeof ladder !== "object" || !Array.isArray(ladder.steps) || ladder.steps.length === 0) return undefined;
  if (!ladder.steps.every((s) => Number.isInteger(s?.minQuantity) && Number.isInteger(s?.price))) return undefined;
  return ladder;
}

/** A line priced at its quantity: the step of its ladder it reaches. */
function pricedLine(line: CartVariantLine): CartVariantLine {
  const pricing = soundLadder(line.pricing);
  if (!pricing) {
    const plain = { ...line };
    delete plain.pricing;
    return plain;
  }
  return { ...line, pricing, price: unitPriceAt(pricing, line.quantity) };
}

function withTotals(items: CartItem[]): Cart {
  const fixed = items.map((item) => {
    item = { ...item, variants: item.variants.map(pricedLine) };
    const totalQuantity = item.variants.reduce((n, v) => n + v.quantity, 0);
    const totalPrice = item.variants.reduce((n, v) => n + v.quantity * v.price, 0);
    return { ...item, totalQuantity, totalPrice };
  });
  return {
    items: fixed,
    totals: { subtotal: fixed.reduce((n, i) => n + i.totalPrice, 0), total_items: fixed.reduce((n, i) => n + i.totalQuantity, 0) },
  };
}

/** The most of one line a cart holds (the server's cart has the same limit). */
export const MAX_LINE_QUANTITY = 999;

/** Stock a line may hold: the variant's when one is chosen, else the product's. */
function stockFor(product: Product, variant: ProductVariant | null): number {
  return Math.max(0, variant ? variant.stock : product.stock_quantity);
}

/**
 * Adds a product (and optional variant) the way the server cart will: no variant chosen means
 * the lowest variant price; the line never exceeds the stock the page knows of.
 */
export function addToGuestCart(
  cart: Cart,
  product: Product,
  variant: ProductVariant | null,
  quantity: number,
  now: string = new Date().toISOString(),
  /** the chosen option's prices by quantity, where the page knows them (the product page does) */
  pricing?: PriceLadder,
): AddResult {
  const variantId = variant ? variantCombinationId(variant.attributes, product.variant_config) : DEFAULT_VARIANT_ID;
  const price = variant ? variant.price : lowestVariantPrice(product.product_variants, product.price);
  const stock = stockFor(product, variant);
  const existing = cart.items.find((i) => i.productId === product.id);
  const line = existing?.variants.find((v) => v.variantId === variantId);
  const have = line?.quantity ?? 0;
  const room = stock - have;
  if (room <= 0) return { status: "out-of-stock", cart };
  const add = Math.min(quantity, room);

  const newLine: CartVariantLine = {
    variantId,
    attributes: variant?.attributes ?? {},
    quantity: have + add,
    price,
    sku: variant?.sku ?? product.sku,
    image: product.image,
    ...(pricing ? { pricing } : line?.pricing ? { pricing: line.pricing } : {}),
  };
  const summary: CartProductSummary = {
    id: product.id,
    name: product.name,
    image: product.image,
    price: product.price,
    original_price: product.original_price,
    in_stock: product.in_stock,
    stock_quantity: product.stock_quantity,
    sku: product.sku,
    free_delivery: product.free_delivery,
    same_day_delivery: product.same_day_delivery,
  };
  const item: CartItem = existing
    ? {
        ...existing,
        product: summary,
        updatedAt: now,
        variants: line ? existing.variants.map((v) => (v.variantId === variantId ? newLine : v)) : [...existing.variants, newLine],
      }
    : {
        id: `guest-${product.id}`,
        productId: product.id,
        variants: [newLine],
        totalQuantity: 0,
        totalPrice: 0,
        currency: "TZS",
        appliedDiscount: 0,
        createdAt: now,
        updatedAt: now,
        product: summary,
      };
  const items = existing ? cart.items.map((i) => (i === existing ? item : i)) : [...cart.items, item];
  const next = withTotals(items);
  return add < quantity ? { status: "partial", cart: next, quantity: add, available: room } : { status: "added", cart: next, quantity: add };
}

/** Sets one guest line (0 removes it), never above the stock the cart knows of or 999. */
export function setGuestLine(cart: Cart, productId: number, variantId: string, quantity: number, now: string = new Date().toISOString()): Cart {
  const items = cart.items
    .map((item) => {
      if (item.productId !== productId) return item;
      const cap = Math.min(MAX_LINE_QUANTITY, Math.max(0, item.product.stock_quantity));
      const q = Math.max(0, Math.min(Math.floor(quantity), cap));
      const variants =
        q === 0 ? item.variants.filter((v) => v.variantId !== variantId) : item.variants.map((v) => (v.variantId === variantId ? { ...v, quantity: q } : v));
      return { ...item, variants, updatedAt: now };
    })
    .filter((item) => item.variants.length > 0);
  return withTotals(items);
}

/** Shipping: the settings' cost, free when every product in the cart ships free; nothing for an empty cart. */
export function shippingCost(items: readonly CartItem[], cost: number): number {
  if (items.length === 0) return 0;
  return items.every((item) => item.product.free_delivery) ? 0 : cost;
}
