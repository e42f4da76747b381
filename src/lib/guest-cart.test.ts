import { describe, expect, it } from "vitest";
import { EMPTY_CART, addToGuestCart, parseGuestCart, serializeGuestCart, setGuestLine, shippingCost } from "./guest-cart";
import type { Product } from "./product";

const product = (over: Partial<Product> = {}): Product => ({
  id: 7,
  name: "ESP32 DevKit",
  slug: "esp32-devkit",
  description: "",
  image: "/media/products/x-640-abc.webp",
  category: "IoT",
  category_slug: "iot",
  brand: "Espressif",
  sku: "KE-IOT-0007",
  price: 25000,
  original_price: 25000,
  stock_quantity: 3,
  in_stock: true,
  free_delivery: false,
  same_day_delivery: false,
  rating: 4.5,
  reviews: 10,
  sales_count: 5,
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
  variant_config: null,
  product_variants: [],
  ...over,
});

describe("guest cart", () => {
  it("adds a product, raises the same line again, and keeps totals", () => {
    const once = addToGuestCart(EMPTY_CART, product(), null, 1);
    const twice = addToGuestCart(once.cart, product(), null, 1);
    expect(twice.status).toBe("added");
    expect(twice.cart.items).toHaveLength(1);
    expect(twice.cart.items[0]!.variants[0]).toMatchObject({ variantId: "default", quantity: 2, price: 25000 });
    expect(twice.cart.totals).toEqual({ subtotal: 50000, total_items: 2 });
  });

  it("never passes the stock: partial, then out of stock", () => {
    const partial = addToGuestCart(EMPTY_CART, product(), null, 5);
    expect(partial).toMatchObject({ status: "partial", quantity: 3, available: 3 });
    expect(addToGuestCart(partial.cart, product(), null, 1).status).toBe("out-of-stock");
    expect(addToGuestCart(EMPTY_CART, product({ stock_quantity: 0, in_stock: false }), null, 1).status).toBe("out-of-stock");
  });

  it("uses the lowest variant price when no variant is chosen", () => {
    const variants = [
      { id: "1", combinationId: "Pack:10", sku: "a", price: 3000, stock: 5, attributes: { Pack: "10" }, multiValues: {}, primaryValues: [] },
      { id: "2", combinationId: "Pack:5", sku: "b", price: 1500, stock: 5, attributes: { Pack: "5" }, multiValues: {}, primaryValues: [] },
    ];
    const result = addToGuestCart(EMPTY_CART, product({ product_variants: variants }), null, 1);
    expect(result.cart.items[0]!.variants[0]!.price).toBe(1500);
    const chosen = addToGuestCart(result.cart, product({ product_variants: variants }), variants[0]!, 2);
    expect(chosen.cart.items[0]!.variants.map((v) => v.variantId)).toEqual(["default", "Pack:10"]);
    expect(chosen.cart.totals.subtotal).toBe(1500 + 6000);
  });

  it("reads malformed storage as an empty cart", () => {
    expect(parseGuestCart("{not json")).toEqual(EMPTY_CART);
    expect(parseGuestCart(JSON.stringify({ items: "x" }))).toEqual(EMPTY_CART);
    expect(parseGuestCart(null)).toEqual(EMPTY_CART);
  });
});

describe("setGuestLine and shippingCost", () => {
  const item = (productId: number, stock: number, free: boolean, quantity: number) => ({
    id: `guest-${productId}`,
    productId,
    variants: [{ variantId: "default", attributes: {}, quantity, price: 1000, sku: "S", image: "" }],
    totalQuantity: quantity,
    totalPrice: quantity * 1000,
    currency: "TZS" as const,
    appliedDiscount: 0,
    createdAt: "",
    updatedAt: "",
    product: { id: productId, name: "P", image: "", price: 1000, original_price: 1000, in_stock: true, stock_quantity: stock, sku: "S", free_delivery: free },
  });
  const cart = { items: [item(1, 5, true, 2), item(2, 10, false, 1)], totals: { subtotal: 3000, total_items: 3 } };

  it("sets a line within the stock, and 0 removes it", () => {
    expect(setGuestLine(cart, 1, "default", 4).totals.total_items).toBe(5);
    expect(setGuestLine(cart, 1, "default", 40).items[0]!.variants[0]!.quantity).toBe(5);
    const removed = setGuestLine(cart, 1, "default", 0);
    expect(removed.items.map((i) => i.productId)).toEqual([2]);
    expect(removed.totals.subtotal).toBe(1000);
  });

  it("charges shipping unless every product ships free", () => {
    expect(shippingCost(cart.items, 5000)).toBe(5000);
    expect(shippingCost([cart.items[0]!], 5000)).toBe(0);
    expect(shippingCost([], 5000)).toBe(0);
  });
});

describe("the stored guest cart", () => {
  it("is kept under guest_cart as {items, subtotal, totalItems} and read back as the one cart shape", () => {
    const cart = addToGuestCart(EMPTY_CART, product(), null, 2).cart;
    const stored = JSON.parse(serializeGuestCart(cart));
    expect(Object.keys(stored).sort()).toEqual(["items", "subtotal", "totalItems"]);
    expect(stored).toMatchObject({ subtotal: cart.totals.subtotal, totalItems: 2 });
    expect(parseGuestCart(serializeGuestCart(cart))).toEqual(cart);
  });

  it("prices a line by the ladder it was added with, at every quantity, and drops a damaged ladder", () => {
    const pricing = {
      source: "product" as const,
      steps: [
        { minQuantity: 1, price: 25000 },
        { minQuantity: 10, price: 23000 },
      ],
    };
    const stocked = product({ stock_quantity: 50 });
    const nine = addToGuestCart(EMPTY_CART, stocked, null, 9, undefined, pricing).cart;
    expect(nine.items[0]!.variants[0]).toMatchObject({ quantity: 9, price: 25000, pricing });
    const ten = setGuestLine(nine, 7, "default", 10);
    expect(ten.items[0]!.variants[0]).toMatchObject({ quantity: 10, price: 23000 });
    expect(ten.totals.subtotal).toBe(230000);
    // a later add without a ladder (from a list) keeps the one the line has
    expect(addToGuestCart(ten, stocked, null, 1).cart.items[0]!.variants[0]).toMatchObject({ quantity: 11, price: 23000 });
    const stored = JSON.parse(serializeGuestCart(ten));
    stored.items[0].variants[0].pricing = { source: "product", steps: [{ minQuantity: "x" }] };
    expect(parseGuestCart(JSON.stringify(stored)).items[0]!.variants[0]).toEqual(expect.not.objectContaining({ pricing: expect.anything() }));
  });
});
