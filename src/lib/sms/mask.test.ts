import { describe, expect, it } from "vitest";
import { maskPhone, maskPhonesIn } from "./mask";

describe("masked phone numbers", () => {
  it("keeps the country, the first digit and the last two", () => {
    expect(maskPhone("+255712345678")).toBe("+2557******78");
    expect(maskPhone("+25")).toBe("***");
  });

  it("masks every number quoted in a provider's error", () => {
    expect(maskPhonesIn("Invalid phone number: +255712345678 (255754000111)")).toBe("Invalid phone number: +2557******78 (+2557******11)");
  });
});
