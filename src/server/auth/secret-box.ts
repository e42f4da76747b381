import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Seals short secrets (TOTP seeds) at rest with AES-256-GCM when a key is configured: a copy of the
 * database alone then does not let anyone compute an account's codes. Without a key the text is
 * stored as it is (the README says so). A sealed value starts with "enc:v1:" so both kinds can live
 * side by side, e.g. after a key is added to a running shop.
 */
const PREFIX = "enc:v1:";

/** The 32-byte key from TOTP_ENCRYPTION_KEY: 64 hex digits or base64 of 32 bytes. */
export function parseEncryptionKey(text: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
  if (key.length !== 32) throw new Error("TOTP_ENCRYPTION_KEY must be 32 bytes: 64 hex digits or base64 (openssl rand -hex 32)");
  return key;
}

export interface SecretBox {
  seal(plain: string): string;
  open(stored: string): string;
}

export function createSecretBox(key: Buffer | null): SecretBox {
  return {
    seal(plain) {
      if (!key) return plain;
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `${PREFIX}${iv.toString("base64url")}.${cipher.getAuthTag().toString("base64url")}.${sealed.toString("base64url")}`;
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      if (!key) throw new Error("a two-factor secret is encrypted but TOTP_ENCRYPTION_KEY is not set");
      const [iv, tag, sealed] = stored.slice(PREFIX.length).split(".");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv ?? "", "base64url"));
      decipher.setAuthTag(Buffer.from(tag ?? "", "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(sealed ?? "", "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
