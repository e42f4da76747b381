import { describe, expect, it } from "vitest";
import { badAddressPage, pageAddressProblem } from "./page-address";

describe("pageAddressProblem", () => {
  it("lets ordinary addresses through, with any script and encoded spaces", () => {
    for (const url of [
      "/",
      "/products",
      "/products?search=led%20strip&page=2",
      "/products?search=betri+ya+simu",
      "/products/12-arduino-uno?returnTo=%2Fproducts%3Fpage%3D2",
      "/products?search=%E2%82%AC",
      "/help#faq",
    ]) {
      expect(pageAddressProblem(url), url).toBeNull();
    }
  });

  it("refuses a control character in a query value or name, encoded or not", () => {
    for (const url of [
      "/products?category=%00",
      "/products?brand=x%00y",
      "/products?search=a%0Ab",
      "/products?%01=1",
      "/products?search=%7F",
      "/products?search=%C2%85",
    ]) {
      expect(pageAddressProblem(url), url).toBe("forbidden-character");
    }
  });

  it("refuses a lone surrogate or a noncharacter", () => {
    expect(pageAddressProblem("/products?search=%EF%BF%BE")).toBe("forbidden-character");
    expect(pageAddressProblem(`/products?search=${encodeURIComponent("\uFDD0")}`)).toBe("forbidden-character");
  });

  it("refuses a control character in the path, and tells an undecodable path apart", () => {
    expect(pageAddressProblem("/products/1-%00")).toBe("forbidden-character");
    expect(pageAddressProblem("/products/%ff")).toBe("undecodable");
    expect(pageAddressProblem("/%c0%af")).toBe("undecodable");
  });

  it("ignores what follows a fragment mark", () => {
    expect(pageAddressProblem("/help#%00")).toBeNull();
  });
});

describe("badAddressPage", () => {
  it("keeps the language the address asked for, and nothing else", () => {
    expect(badAddressPage("/products?category=%00&lang=sw", "/bad-address")).toBe("/bad-address?lang=sw");
    expect(badAddressPage("/products?lang=en&brand=%00", "/bad-address")).toBe("/bad-address?lang=en");
    expect(badAddressPage("/products?category=%00", "/bad-address")).toBe("/bad-address");
    expect(badAddressPage("/products?lang=sw%00", "/bad-address")).toBe("/bad-address");
    expect(badAddressPage("/products?lang=fr", "/bad-address")).toBe("/bad-address");
  });
});
