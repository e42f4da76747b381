import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY, maskEmail, maskEmailsIn, retryDelayMs } from "./rules";

describe("retryDelayMs", () => {
  const policy = { maxAttempts: 8, baseDelayMs: 1000, maxDelayMs: 10_000 };

  it("doubles with each failure, between half and all of the ceiling", () => {
    expect(retryDelayMs(1, policy, () => 0)).toBe(500);
    expect(retryDelayMs(1, policy, () => 1)).toBe(1000);
    expect(retryDelayMs(2, policy, () => 0)).toBe(1000);
    expect(retryDelayMs(3, policy, () => 1)).toBe(4000);
  });

  it("never waits longer than the cap", () => {
    expect(retryDelayMs(10, policy, () => 1)).toBe(10_000);
    expect(retryDelayMs(1000, policy, () => 1)).toBe(10_000);
  });

  it("spreads messages that failed together", () => {
    const delays = new Set(Array.from({ length: 50 }, () => retryDelayMs(4)));
    expect(delays.size).toBeGreaterThan(40);
    for (const d of delays) expect(d).toBeGreaterThanOrEqual(DEFAULT_RETRY.baseDelayMs * 4);
  });

  it("gives up after about an hour of attempts with the default policy", () => {
    let longest = 0;
    for (let attempt = 1; attempt < DEFAULT_RETRY.maxAttempts; attempt++) longest += retryDelayMs(attempt, DEFAULT_RETRY, () => 1);
    expect(longest).toBeGreaterThan(45 * 60_000);
    expect(longest).toBeLessThan(2 * 3_600_000);
  });
});

describe("maskEmail", () => {
  it("keeps the first letter and the domain", () => {
    expect(maskEmail("jane.doe@example.com")).toBe("j***@example.com");
    expect(maskEmail("a@b.co")).toBe("a***@b.co");
  });

  it("hides anything that is not an address", () => {
    expect(maskEmail("nobody")).toBe("***");
    expect(maskEmail("@example.com")).toBe("***");
  });

  it("masks the addresses inside a mail server's error", () => {
    expect(maskEmailsIn("550 5.1.1 <jane.doe@example.com>: Recipient address rejected")).toBe("550 5.1.1 <j***@example.com>: Recipient address rejected");
    expect(maskEmailsIn("connect ECONNREFUSED 127.0.0.1:25")).toBe("connect ECONNREFUSED 127.0.0.1:25");
  });
});
