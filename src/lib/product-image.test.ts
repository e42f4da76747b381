import { describe, expect, it } from "vitest";
import { imageAtSize, productImageSrcSet } from "./product-image";

describe("product image sizes", () => {
  const image = "/media/products/ke-mcu-0001-640-0a1b2c3d4e.webp";
  it("names the twin at another size", () => {
    expect(imageAtSize(image, 320)).toBe("/media/products/ke-mcu-0001-320-0a1b2c3d4e.webp");
    expect(imageAtSize(imageAtSize(image, 320), 640)).toBe(image);
  });
  it("builds a srcset only for our own images", () => {
    expect(productImageSrcSet(image)).toBe(
      "/media/products/ke-mcu-0001-320-0a1b2c3d4e.webp 320w, /media/products/ke-mcu-0001-640-0a1b2c3d4e.webp 640w",
    );
    expect(productImageSrcSet("https://example.com/x.jpg")).toBeUndefined();
  });
});
