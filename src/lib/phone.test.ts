import { describe, expect, it } from "vitest";
import { formatTanzanianPhone, msisdn, normaliseTanzanianMobile } from "./phone";

describe("normaliseTanzanianMobile", () => {
  it("reads a mobile number however people type it, in E.164", () => {
    for (const typed of ["0754 123 456", "0754123456", "255754123456", "+255 754 123 456", "+255-754-123-456", " 0754123456 "])
      expect(normaliseTanzanianMobile(typed)).toBe("+255754123456");
  });

  it("accepts every operator's ranges from the metadata (Vodacom, Airtel, Yas, Halotel, TTCL)", () => {
    for (const n of ["0754123456", "0684123456", "0714123456", "0624123456", "0734123456", "0774123456"])
      expect(normaliseTanzanianMobile(n)).toMatch(/^\+255\d{9}$/);
  });

  it("refuses fixed lines, foreign numbers and junk", () => {
    for (const n of ["0222 123 456", "+254712345678", "12345", "", "07541234567890", "hello"]) expect(normaliseTanzanianMobile(n)).toBeNull();
  });

  it("formats for display and for mobile-money APIs", () => {
    expect(formatTanzanianPhone("+255754123456")).toBe("+255 754 123 456");
    expect(msisdn("+255754123456")).toBe("255754123456");
  });
});
