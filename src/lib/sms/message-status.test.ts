import { describe, expect, it } from "vitest";
import { messageStatus, STOPPED_BY_CHOICE, type MessageStatusInput } from "./message-status";

const queuedAt = new Date("2026-03-02T19:30:00Z");
const morning = new Date("2026-03-03T04:00:00Z");
const base: MessageStatusInput = { state: "pending", attempts: 0, deliveryState: null, lastError: null, createdAt: queuedAt, nextAttemptAt: queuedAt };

describe("a text message's status", () => {
  it("is queued when due at once, and waits for the morning when quiet hours put it off, until that time has come", () => {
    expect(messageStatus(base, queuedAt)).toBe("queued");
    const deferred = { ...base, nextAttemptAt: morning };
    expect(messageStatus(deferred, queuedAt)).toBe("waiting");
    expect(messageStatus(deferred, new Date(morning.getTime() + 60_000))).toBe("queued");
    expect(messageStatus({ ...deferred, state: "sending", attempts: 1 }, queuedAt)).toBe("queued");
  });

  it("is retrying after a failed send, failed once given up, and stopped when the number opted out after it was queued", () => {
    expect(messageStatus({ ...base, state: "failed", attempts: 1, lastError: "timeout" }, queuedAt)).toBe("retrying");
    expect(messageStatus({ ...base, state: "dead", attempts: 5, lastError: "timeout" }, queuedAt)).toBe("failed");
    expect(messageStatus({ ...base, state: "dead", attempts: 1, lastError: STOPPED_BY_CHOICE }, queuedAt)).toBe("stopped");
  });

  it("follows the provider's delivery report once sent", () => {
    const sent = { ...base, state: "sent" as const, attempts: 1 };
    expect(messageStatus(sent, queuedAt)).toBe("sent");
    expect(messageStatus({ ...sent, deliveryState: "sent" }, queuedAt)).toBe("sent");
    expect(messageStatus({ ...sent, deliveryState: "delivered" }, queuedAt)).toBe("delivered");
    expect(messageStatus({ ...sent, deliveryState: "read" }, queuedAt)).toBe("read");
    expect(messageStatus({ ...sent, deliveryState: "failed" }, queuedAt)).toBe("undelivered");
  });
});
