import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage, localisedPath, pathWithoutLocale, resolveLocale } from "./locale";

describe("localeFromAcceptLanguage", () => {
  it("picks the shop language the browser weighs highest", () => {
    expect(localeFromAcceptLanguage("sw-TZ,sw;q=0.9,en;q=0.8")).toBe("sw");
    expect(localeFromAcceptLanguage("en-GB,en;q=0.9,sw;q=0.8")).toBe("en");
    expect(localeFromAcceptLanguage("fr-FR, en;q=0.5, sw;q=0.7")).toBe("sw");
  });
  it("keeps the header's order among equal weights", () => {
    expect(localeFromAcceptLanguage("en, sw")).toBe("en");
    expect(localeFromAcceptLanguage("SW, EN")).toBe("sw");
  });
  it("answers null for no shop language, a refused one or garbage", () => {
    expect(localeFromAcceptLanguage("fr, de;q=0.5")).toBeNull();
    expect(localeFromAcceptLanguage("sw;q=0, fr")).toBeNull();
    expect(localeFromAcceptLanguage("sw;q=abc")).toBeNull();
    expect(localeFromAcceptLanguage("")).toBeNull();
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
    expect(localeFromAcceptLanguage("*")).toBeNull();
  });
});

describe("resolveLocale", () => {
  it("prefers an explicit link, then the cookie, then the account, then the browser, then the shop", () => {
    expect(resolveLocale({ query: "sw", cookie: "en", account: "en", acceptLanguage: "en", siteDefault: "en" })).toBe("sw");
    expect(resolveLocale({ query: "xx", cookie: "en", account: "sw", acceptLanguage: "sw" })).toBe("en");
    expect(resolveLocale({ cookie: "de", account: "sw", acceptLanguage: "en" })).toBe("sw");
    expect(resolveLocale({ acceptLanguage: "sw-TZ", siteDefault: "en" })).toBe("sw");
    expect(resolveLocale({ acceptLanguage: "fr", siteDefault: "sw" })).toBe("sw");
    expect(resolveLocale({})).toBe("en");
  });
});

describe("localised paths", () => {
  it("sets or removes ?lang= and keeps the other parameters", () => {
    expect(localisedPath("/products?category=leds", "sw")).toBe("/products?category=leds&lang=sw");
    expect(localisedPath("/cart?lang=en", "sw")).toBe("/cart?lang=sw");
    expect(pathWithoutLocale("/products?lang=sw&search=betri")).toBe("/products?search=betri");
    expect(pathWithoutLocale("/")).toBe("/");
  });
});
