import { describe, expect, it } from "vitest";
import { formatRecoveryCode, isRecoveryCode, isTotpCode, normaliseTwoFactorCode, RECOVERY_ALPHABET } from "./two-factor";

describe("two-factor codes", () => {
  it("reads typed codes without spaces, dashes or case", () => {
    expect(normaliseTwoFactorCode(" 123 456 ")).toBe("123456");
    expect(normaliseTwoFactorCode("ABCDE-fghjk")).toBe("abcdefghjk");
  });
  it("tells an authenticator code from a recovery code", () => {
    expect(isTotpCode("123456")).toBe(true);
    expect(isTotpCode("12345")).toBe(false);
    expect(isTotpCode("1234567")).toBe(false);
    expect(isTotpCode("12345a")).toBe(false);
    expect(isRecoveryCode("abcde23456")).toBe(true);
    expect(isRecoveryCode("abcde2345")).toBe(false);
    expect(isRecoveryCode("abcde0o1li")).toBe(false);
  });
  it("shows recovery codes in two groups of five, and reads them back the same", () => {
    expect(formatRecoveryCode("abcde23456")).toBe("abcde-23456");
    expect(normaliseTwoFactorCode(formatRecoveryCode("abcde23456").toUpperCase())).toBe("abcde23456");
  });
  it("keeps the recovery alphabet free of look-alike characters", () => {
    for (const c of "01ilo") expect(RECOVERY_ALPHABET).not.toContain(c);
  });
});
