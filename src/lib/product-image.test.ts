import { describe, expect, it } from "vitest";
import { adImageSrcSet, imageAtSize, productImageSrcSet } from "./product-image";

describe("product image sizes", () => {
  const image = "/media/products/ke-mcu-0001-640-0a1b2c3d4e.webp";
  it("names the twin at another size", () => {
    expect(imageAtSize(image, 320)).toBe("/media/products/ke-mcu-0001-320-0a1b2c3d4e.webp");
    expect(imageAtSize(imageAtSize(image, 320), 640)).toBe(image);
  });
  it("builds a srcset only for our own images", () => {
    expect(productImageSrcSet(image)).toBe("/media/products/ke-mcu-0001-320-0a1b2c3d4e.webp 320w, /media/products/ke-mcu-0001-640-0a1b2c3d4e.webp 640w");
    expect(productImageSrcSet("https://example.com/x.jpg")).toBeUndefined();
  });
});

describe("ad banner sizes", () => {
  it("offers the 600 and 800 px twins of a 1200 px banner, and nothing for other names", () => {
    expect(adImageSrcSet("/media/ads/solar-1200-abc123def0.webp")).toBe(
      "/media/ads/solar-600-abc123def0.webp 600w, /media/ads/solar-800-abc123def0.webp 800w, /media/ads/solar-1200-abc123def0.webp 1200w",
    );
    expect(adImageSrcSet("/media/ads/solar-abc123def0.webp")).toBeUndefined();
    expect(adImageSrcSet("/media/products/ke-mcu-0001-640-0a1b2c3d4e.webp")).toBeUndefined();
  });
});

describe("the placeholder picture", () => {
  it("is one of our renditions at each size, and recognised at each", async () => {
    const { PLACEHOLDER_IMAGE, isPlaceholderImage } = await import("./product-image");
    expect(productImageSrcSet(PLACEHOLDER_IMAGE)).toBe("/media/products/no-picture-320-1.webp 320w, /media/products/no-picture-640-1.webp 640w");
    expect(isPlaceholderImage(PLACEHOLDER_IMAGE)).toBe(true);
    expect(isPlaceholderImage(imageAtSize(PLACEHOLDER_IMAGE, 320))).toBe(true);
    expect(isPlaceholderImage("/media/products/ke-mcu-0001-640-0a1b2c3d4e.webp")).toBe(false);
  });
});
