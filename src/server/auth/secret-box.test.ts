import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox, parseEncryptionKey } from "./secret-box";

describe("secret box (TOTP secrets at rest)", () => {
  const key = randomBytes(32);
  it("seals with a key and opens again; the stored text does not contain the secret", () => {
    const box = createSecretBox(key);
    const sealed = box.seal("JBSWY3DPEHPK3PXP");
    expect(sealed.startsWith("enc:v1:")).toBe(true);
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(box.seal("JBSWY3DPEHPK3PXP")).not.toBe(sealed);
    expect(box.open(sealed)).toBe("JBSWY3DPEHPK3PXP");
  });
  it("refuses a tampered value or the wrong key", () => {
    const sealed = createSecretBox(key).seal("JBSWY3DPEHPK3PXP");
    const tampered = sealed.slice(0, -2) + (sealed.endsWith("A") ? "BB" : "AA");
    expect(() => createSecretBox(key).open(tampered)).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
    expect(() => createSecretBox(null).open(sealed)).toThrow(/TOTP_ENCRYPTION_KEY/);
  });
  it("without a key stores plainly, and reads plain values with or without a key", () => {
    expect(createSecretBox(null).seal("ABC")).toBe("ABC");
    expect(createSecretBox(key).open("ABC")).toBe("ABC");
  });
  it("reads the key as hex or base64 and refuses other lengths", () => {
    expect(parseEncryptionKey(key.toString("hex")).equals(key)).toBe(true);
    expect(parseEncryptionKey(key.toString("base64")).equals(key)).toBe(true);
    expect(() => parseEncryptionKey("short")).toThrow(/32 bytes/);
  });
});
