import { describe, expect, it } from "vitest";
import { logSafeUrl, requestForLog } from "./log-redaction";

describe("logSafeUrl", () => {
  it("drops a token's value from an address, keeping the rest", () => {
    expect(logSafeUrl("/api/callbacks/africastalking/delivery?token=bBCRnJSRQZlCi5dj")).toBe("/api/callbacks/africastalking/delivery?token=[redacted]");
    expect(logSafeUrl("/api/newsletter/unsubscribe?lang=sw&token=abc.def&x=1")).toBe("/api/newsletter/unsubscribe?lang=sw&token=[redacted]&x=1");
    expect(logSafeUrl("/api/products?search=token=1")).toBe("/api/products?search=token=1");
    expect(logSafeUrl("/api/products?limit=3")).toBe("/api/products?limit=3");
  });

  it("describes a request without the token", () => {
    const line = requestForLog({ method: "POST", url: "/api/callbacks/africastalking/delivery?token=secret", ip: "196.201.214.1", host: "duka.test" });
    expect(line).toEqual({
      method: "POST",
      url: "/api/callbacks/africastalking/delivery?token=[redacted]",
      host: "duka.test",
      remoteAddress: "196.201.214.1",
      remotePort: undefined,
    });
    expect(JSON.stringify(line)).not.toContain("secret");
  });
});
