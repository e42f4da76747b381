import { describe, expect, it } from "vitest";
import { PREFERENCE_COOKIES, preferenceCookie, readPreferences } from "./preferences";

const jar = (values: Record<string, string>) => (name: string) => values[name];

describe("preferences mirrored in cookies", () => {
  it("reads a chosen theme, currency and guest cart count", () => {
    expect(readPreferences(jar({ theme: "dark", currency: "USD", guest_cart_count: "3" }))).toEqual({ theme: "dark", currency: "USD", guestCartCount: 3 });
  });

  it("treats anything malformed as not chosen", () => {
    expect(readPreferences(jar({ theme: "purple", currency: "EUR<", guest_cart_count: "-2" }))).toEqual({ theme: null, currency: null, guestCartCount: 0 });
    expect(readPreferences(jar({ guest_cart_count: "1.5" })).guestCartCount).toBe(0);
    expect(readPreferences(jar({ guest_cart_count: "123456789" })).guestCartCount).toBe(9999);
  });

  it("writes a site-wide, long-lived, same-site cookie", () => {
    expect(preferenceCookie(PREFERENCE_COOKIES.currency, "USD")).toBe("currency=USD; Path=/; Max-Age=31536000; SameSite=Lax");
  });
});
