import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { normaliseTanzanianMobile } from "@/lib/phone";
import type { Database } from "../db";
import { shopSecrets } from "../db/schema";

/**
 * Short signed links for text messages: `/o/<token>` opens an order (a guest has no account to sign
 * in to), `/stop/<token>` a number's opt-out. A token is the id in base 36 and 11 characters of an
 * HMAC-SHA256 (66 bits: far past online guessing, short enough for a 160-character SMS). The key is
 * made at first use and kept in the database (`shop_secrets`), so every app server and restart
 * signs and checks alike; nothing else is stored per link.
 */

export type LinkPurpose = "order" | "stop";

const KEY_NAME = "signed-links";
const SIGNATURE_LENGTH = 11;
const TOKEN_PATTERN = /^([0-9a-z]{1,14})-([A-Za-z0-9_-]{11})$/;
const PATHS: Record<LinkPurpose, string> = { order: "/o/", stop: "/stop/" };

/** The key, and whether this call made it (in a caller's transaction that may yet roll back). */
async function loadKey(db: Database): Promise<{ key: Buffer; made: boolean }> {
  const made = await db
    .insert(shopSecrets)
    .values({ name: KEY_NAME, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing()
    .returning({ name: shopSecrets.name });
  const [row] = await db.select({ value: shopSecrets.value }).from(shopSecrets).where(eq(shopSecrets.name, KEY_NAME));
  if (!row) throw new Error("The link signing key could not be made");
  return { key: Buffer.from(row.value, "base64url"), made: made.length > 0 };
}

export function createSignedLinks(deps: { db: Database; siteUrl: URL }) {
  let key: Promise<Buffer> | null = null;
  /**
   * The key, loaded once. Inside a transaction the caller passes it (`tx`): the embedded database
   * has one connection, which the transaction holds, so a query outside it would wait forever. A
   * key this call made inside the caller's transaction is not kept until it is seen committed (a
   * rollback would leave this process signing with a key nobody else has).
   */
  const keyOnce = async (tx?: Database): Promise<Buffer> => {
    if (key) return key;
    if (tx) {
      const loaded = await loadKey(tx);
      if (!loaded.made) key ??= Promise.resolve(loaded.key);
      return loaded.key;
    }
    key = loadKey(deps.db)
      .then((loaded) => loaded.key)
      .catch((error: unknown) => {
        key = null;
        throw error;
      });
    return key;
  };
  const signature = (k: Buffer, purpose: LinkPurpose, id: string) =>
    createHmac("sha256", k).update(`${purpose}:${id}`).digest("base64url").slice(0, SIGNATURE_LENGTH);

  async function token(purpose: LinkPurpose, id: bigint | number, tx?: Database): Promise<string> {
    const idText = BigInt(id).toString(36);
    return `${idText}-${signature(await keyOnce(tx), purpose, idText)}`;
  }

  /** The id a token carries, or null when it is malformed or its signature is not the shop's. */
  async function verify(purpose: LinkPurpose, candidate: string): Promise<bigint | null> {
    const [, idText, given] = TOKEN_PATTERN.exec(candidate) ?? [];
    if (!idText || !given) return null;
    const expected = Buffer.from(signature(await keyOnce(), purpose, idText));
    const actual = Buffer.from(given);
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
    let id = 0n;
    for (const digit of idText) id = id * 36n + BigInt(parseInt(digit, 36));
    return id;
  }

  const url = async (purpose: LinkPurpose, id: bigint | number, tx?: Database) =>
    new URL(`${PATHS[purpose]}${await token(purpose, id, tx)}`, deps.siteUrl).href;

  return {
    /**
     * Loads (or makes) the key now. The composition root awaits it before anything runs: a link
     * is often made inside a transaction (an SMS queued with its order), and on the embedded
     * database, whose one connection that transaction holds, a first load there would wait forever.
     */
    ready: async () => {
      await keyOnce();
    },
    /** the order's page for whoever holds the link (the SMS's recipient): an absolute URL; `tx` when called inside a transaction */
    orderLink: (orderId: number, tx?: Database) => url("order", orderId, tx),
    /** the same page as a path on this site (where the checkout sends a guest's browser) */
    orderPath: async (orderId: number) => `${PATHS.order}${await token("order", orderId)}`,
    /** the order id an `/o/` token opens, or null */
    orderFromToken: async (candidate: string): Promise<number | null> => {
      const id = await verify("order", candidate);
      return id === null || id > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(id);
    },
    /** a number's opt-out page (every channel to that number): an absolute URL */
    optOutLink: (phone: string) => {
      const e164 = normaliseTanzanianMobile(phone);
      if (!e164) throw new Error("An opt-out link needs a Tanzanian mobile number");
      return url("stop", BigInt(e164.replace(/\D/g, "")));
    },
    /** the number (E.164) a `/stop/` token speaks for, or null */
    phoneFromOptOutToken: async (candidate: string): Promise<string | null> => {
      const id = await verify("stop", candidate);
      return id === null ? null : normaliseTanzanianMobile(`+${id.toString()}`);
    },
  };
}

export type SignedLinks = ReturnType<typeof createSignedLinks>;
