import { randomUUID } from "node:crypto";
import type pg from "pg";
import { CACHE_TAGS, onLocalInvalidate, receiveInvalidation, type CacheTag } from "./tagged-cache";

/** The PostgreSQL channel app servers on one database tell each other of cache invalidations on. */
export const INVALIDATION_CHANNEL = "storefront_cache";
const RECONNECT_MS = 5_000;

/** One invalidation as sent: which process made it (a process ignores its own) and the tags. */
export function invalidationMessage(origin: string, tags: readonly CacheTag[]): string {
  return JSON.stringify({ origin, tags });
}

export function parseInvalidation(payload: string | undefined): { origin: string; tags: CacheTag[] } | null {
  try {
    const value = JSON.parse(payload ?? "") as { origin?: unknown; tags?: unknown };
    if (typeof value.origin !== "string" || !Array.isArray(value.tags)) return null;
    const tags = value.tags.filter((tag): tag is CacheTag => CACHE_TAGS.includes(tag as CacheTag));
    return { origin: value.origin, tags };
  } catch {
    return null;
  }
}

/**
 * Several app servers on one PostgreSQL database each cache pages and catalogue data; a write on
 * one must reach the others. Each invalidation this process makes is sent with NOTIFY (after the
 * write committed, as invalidations are made), and `listen()` applies the others' as they come.
 * While the listening connection is down the caches' time limits bound what is missed.
 */
export function createPostgresRelay(pool: pg.Pool, log: (message: string) => void = console.error) {
  const origin = randomUUID();
  const stopSending = onLocalInvalidate((tags) => {
    pool.query("select pg_notify($1, $2)", [INVALIDATION_CHANNEL, invalidationMessage(origin, tags)]).catch((error: unknown) => {
      log(`cache invalidation not sent to other servers: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  let client: pg.PoolClient | null = null;
  let retry: NodeJS.Timeout | null = null;
  let stopped = false;

  const drop = (failed: pg.PoolClient) => {
    if (client !== failed) return;
    client = null;
    failed.release(true);
    // what came in while nobody listened is unknown: everything may be stale
    receiveInvalidation(CACHE_TAGS);
    if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
    retry?.unref();
  };

  const connect = async (): Promise<void> => {
    retry = null;
    if (stopped || client) return;
    let connection: pg.PoolClient;
    try {
      connection = await pool.connect();
    } catch (error) {
      log(`cache invalidation listener: ${error instanceof Error ? error.message : String(error)}`);
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
      retry?.unref();
      return;
    }
    client = connection;
    connection.on("notification", (message) => {
      if (message.channel !== INVALIDATION_CHANNEL) return;
      const parsed = parseInvalidation(message.payload);
      if (parsed && parsed.origin !== origin && parsed.tags.length) receiveInvalidation(parsed.tags);
    });
    connection.on("error", () => drop(connection));
    try {
      await connection.query(`listen ${INVALIDATION_CHANNEL}`);
    } catch {
      drop(connection);
    }
  };

  return {
    /** starts applying the other servers' invalidations (one connection of the pool, kept) */
    listen: () => connect(),
    async close(): Promise<void> {
      stopped = true;
      stopSending();
      if (retry) clearTimeout(retry);
      const connection = client;
      client = null;
      if (connection) {
        await connection.query(`unlisten ${INVALIDATION_CHANNEL}`).catch(() => undefined);
        connection.release();
      }
    },
  };
}
