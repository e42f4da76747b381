/**
 * Prefetching with a data budget: on prepaid mobile data every byte fetched ahead is money, so a page
 * is fetched ahead only when the shopper shows intent (a pointer resting on its link, a finger
 * touching it, keyboard focus), never because it scrolled near the screen, and not at all when the
 * browser asks to save data or the connection is 2G/3G-slow (Network Information API).
 */

/** What `navigator.connection` tells (Chromium and Android browsers; absent elsewhere). */
export interface ConnectionHints {
  saveData?: boolean;
  /** "slow-2g" | "2g" | "3g" | "4g" */
  effectiveType?: string;
}

/** Why a prefetch would happen. */
export type PrefetchReason = "hover" | "touch" | "focus" | "viewport" | "idle";

const SLOW_CONNECTIONS = new Set(["slow-2g", "2g", "3g"]);

/** Whether anything may be fetched ahead at all on this connection. */
export function prefetchAllowed(connection: ConnectionHints | null | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return !SLOW_CONNECTIONS.has((connection.effectiveType ?? "").toLowerCase());
}

/**
 * Whether a product page (or any page link) may be prefetched for this reason: only on intent,
 * and only where the connection allows prefetching.
 */
export function shouldPrefetchPage(reason: PrefetchReason, connection: ConnectionHints | null | undefined): boolean {
  if (!prefetchAllowed(connection)) return false;
  return reason === "hover" || reason === "touch" || reason === "focus";
}

/**
 * Whether code the shopper will likely need soon (a dialog's script) or a background page (the
 * listing) may be fetched while the browser is idle: on a good connection only.
 */
export function shouldPrefetchWhenIdle(connection: ConnectionHints | null | undefined): boolean {
  return prefetchAllowed(connection);
}
