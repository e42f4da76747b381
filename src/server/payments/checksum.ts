import { createHmac, timingSafeEqual } from "node:crypto";

/** Object keys sorted at every level (arrays keep their order): the form ClickPesa signs. */
export function canonicalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalize);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) out[key] = canonicalize((value as Record<string, unknown>)[key]);
  return out;
}

/**
 * ClickPesa's payload checksum: the payload without `checksum` and `checksumMethod`, keys sorted
 * recursively, compact JSON, HMAC-SHA256 with the checksum key, lowercase hex. The same recipe
 * signs our requests and ClickPesa's webhooks.
 */
export function payloadChecksum(checksumKey: string, payload: Record<string, unknown>): string {
  const rest: Record<string, unknown> = { ...payload };
  delete rest.checksum;
  delete rest.checksumMethod;
  return createHmac("sha256", checksumKey)
    .update(JSON.stringify(canonicalize(rest)))
    .digest("hex");
}

/** Two hex signatures compared in constant time (a different length is simply unequal). */
export function sameSignature(expected: string, received: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(received.toLowerCase(), "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether a received payload carries a valid checksum under this key. */
export function verifyPayloadChecksum(checksumKey: string, payload: Record<string, unknown>): boolean {
  const received = payload.checksum;
  if (typeof received !== "string" || !/^[0-9a-fA-F]{64}$/.test(received)) return false;
  return sameSignature(payloadChecksum(checksumKey, payload), received);
}
