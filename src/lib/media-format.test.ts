import { describe, expect, it } from "vitest";
import { acceptsAvif, avifTwinPath, twinnableMediaPath } from "./media-format";

describe("acceptsAvif", () => {
  it("is true for Chromium's and Firefox's image Accept headers", () => {
    expect(acceptsAvif("image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8")).toBe(true);
    expect(acceptsAvif("image/avif,image/webp,*/*")).toBe(true);
  });

  it("is false when AVIF is not named (older Safari, curl), or refused with q=0", () => {
    expect(acceptsAvif("image/webp,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5")).toBe(false);
    expect(acceptsAvif("*/*")).toBe(false);
    expect(acceptsAvif(undefined)).toBe(false);
    expect(acceptsAvif("")).toBe(false);
    expect(acceptsAvif("image/avif;q=0, image/webp")).toBe(false);
  });

  it("takes a weighted AVIF", () => {
    expect(acceptsAvif("image/webp, image/avif; q=0.9")).toBe(true);
  });
});

describe("twinnableMediaPath", () => {
  it("answers the media path of product and ad renditions", () => {
    expect(twinnableMediaPath("/media/products/ke-3dp-0001-640-5816604285.webp")).toBe("products/ke-3dp-0001-640-5816604285.webp");
    expect(twinnableMediaPath("/media/ads/solar-800-abc.webp")).toBe("ads/solar-800-abc.webp");
  });

  it("refuses other folders, types, queries and paths that climb out", () => {
    expect(twinnableMediaPath("/media/uploads/x.webp")).toBeNull();
    expect(twinnableMediaPath("/media/products/x.png")).toBeNull();
    expect(twinnableMediaPath("/media/products/x.webp?v=1")).toBeNull();
    expect(twinnableMediaPath("/media/products/../secret.webp")).toBeNull();
    expect(twinnableMediaPath("/media/products/a/b.webp")).toBeNull();
    expect(twinnableMediaPath("/api/products/x.webp")).toBeNull();
  });
});

describe("avifTwinPath", () => {
  it("swaps the extension", () => {
    expect(avifTwinPath("products/x-320-ab.webp")).toBe("products/x-320-ab.avif");
  });
});
