import { describe, expect, it } from "vitest";
import { returnPath, safeRedirect, withRedirect } from "./redirect";

describe("safeRedirect", () => {
  it.each([
    ["/account?tab=1", "/account?tab=1"],
    ["/products?sort=newest#top", "/products?sort=newest#top"],
    ["/products/12-arduino-uno?returnTo=%2Fproducts", "/products/12-arduino-uno?returnTo=%2Fproducts"],
    ["/a/../b", "/b"],
    ["/products?search=%E2%80%99s%20kit", "/products?search=%E2%80%99s%20kit"],
  ])("keeps the site's own path %s", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "https://evil.example",
    "http://shop.invalid/admin",
    "javascript:alert(1)",
    "evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "/%09/evil.example",
    "/%0A/evil.example",
    "/%0a/evil.example",
    "/%0D/evil.example",
    "/%00/evil.example",
    "/%5C/evil.example",
    "/%5cevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\u0000/evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "/x/..//evil.example",
    "",
  ])("refuses %j", (target) => {
    expect(safeRedirect(target, "/fallback")).toBe("/fallback");
  });

  it("refuses what is not a string", () => {
    expect(safeRedirect(undefined, "/products")).toBe("/products");
    expect(safeRedirect(["/a", "/b"], "/products")).toBe("/products");
    expect(safeRedirect(null)).toBe("/");
  });
});

describe("returnPath and withRedirect", () => {
  it("keep a path on the shop to come back to", () => {
    expect(returnPath("/checkout")).toBe("/checkout");
    expect(withRedirect("/auth/login", "/checkout")).toBe("/auth/login?redirect=%2Fcheckout");
    expect(withRedirect("/auth/login", "/products?category=sensors&page=2")).toBe("/auth/login?redirect=%2Fproducts%3Fcategory%3Dsensors%26page%3D2");
  });

  it.each([undefined, null, "", "/", "//evil.example", "https://evil.example/checkout", "/%09/evil.example", ["/checkout", "/admin"]])(
    "have nowhere to come back to for %j",
    (target) => {
      expect(returnPath(target)).toBeNull();
      expect(withRedirect("/auth/login", target)).toBe("/auth/login");
    },
  );
});
