import { createHash, randomBytes } from "node:crypto";

/** A random URL-safe secret (256 bits) and the SHA-256 the database keeps instead of it. */
export function newSecret(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashSecret(token) };
}

export function hashSecret(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
