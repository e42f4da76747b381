import { describe, expect, it } from "vitest";
import { isAdLink, isAdMedia } from "./advertisement";

describe("ad links and media", () => {
  it("takes the shop's own paths and https addresses, nothing that leaves the shop in disguise", () => {
    expect(isAdLink("/products?category=sensors")).toBe(true);
    expect(isAdLink("https://partner.example/offer")).toBe(true);
    expect(isAdLink("//evil.example")).toBe(false);
    expect(isAdLink("/\\evil.example")).toBe(false);
    expect(isAdLink("http://partner.example")).toBe(false);
    expect(isAdLink("javascript:alert(1)")).toBe(false);
  });

  it("takes the shop's stored ad files only", () => {
    expect(isAdMedia("/media/ads/0f3a9c.webp")).toBe(true);
    expect(isAdMedia("/media/ads/0f3a9c.mp4")).toBe(true);
    expect(isAdMedia("https://cdn.example/ad.mp4")).toBe(false);
    expect(isAdMedia("/media/../secret")).toBe(false);
    expect(isAdMedia("/media/products/x.webp")).toBe(false);
    expect(isAdMedia("data:image/png;base64,AAAA")).toBe(false);
  });
});
