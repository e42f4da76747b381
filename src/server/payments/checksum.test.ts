import { describe, expect, it } from "vitest";
import { canonicalize, payloadChecksum, verifyPayloadChecksum } from "./checksum";

describe("ClickPesa's payload checksum", () => {
  it("gives the documented test vector", () => {
    expect(payloadChecksum("secret-key", { amount: 100, currency: "USD", reference: "TX123" })).toBe(
      "17c51f37dad20682e08cd556446c7f8e99840f4040b6719712f41f7549287f33",
    );
  });

  it("does not depend on key order, at any level, and leaves out checksum and checksumMethod", () => {
    const a = payloadChecksum("k", { data: { b: 1, a: [{ y: 2, x: 1 }] }, event: "PAYMENT RECEIVED" });
    const b = payloadChecksum("k", { event: "PAYMENT RECEIVED", data: { a: [{ x: 1, y: 2 }], b: 1 }, checksum: "x", checksumMethod: "canonical" });
    expect(a).toBe(b);
    expect(JSON.stringify(canonicalize({ b: { d: 1, c: 2 }, a: [3, { f: 1, e: 2 }] }))).toBe('{"a":[3,{"e":2,"f":1}],"b":{"c":2,"d":1}}');
  });

  it("verifies a signed payload and refuses a tampered, missing or malformed one", () => {
    const payload = { amount: "1000", currency: "TZS", orderReference: "KE2026000001AB12" };
    const signed = { ...payload, checksum: payloadChecksum("key", payload) };
    expect(verifyPayloadChecksum("key", signed)).toBe(true);
    expect(verifyPayloadChecksum("key", { ...signed, checksum: signed.checksum.toUpperCase() })).toBe(true);
    expect(verifyPayloadChecksum("key", { ...signed, amount: "1" })).toBe(false);
    expect(verifyPayloadChecksum("other", signed)).toBe(false);
    expect(verifyPayloadChecksum("key", payload)).toBe(false);
    expect(verifyPayloadChecksum("key", { ...payload, checksum: "abc" })).toBe(false);
  });
});
