import { and, desc, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { messageOutbox, products } from "../../src/server/db/schema";
import type { ApiHarness } from "./harness";

/**
 * What the buying tests (guest checkout, staff orders, pay on delivery) share: fresh phone numbers,
 * the code an SMS carried, and products without options with their stock set.
 */

export interface TestPhone {
  /** as a person types it: 0713 456 789 */
  local: string;
  /** as the shop stores it: +255713456789 */
  e164: string;
}

/**
 * Fresh Tanzanian mobile numbers for one test file: its own network prefix (e.g. "0716") and salt,
 * so no two files (or tests) share a number's SMS quota or pay-on-delivery limits.
 */
export function phoneMaker(prefix: string, salt: number): () => TestPhone {
  let made = 0;
  return () => {
    const tail = String((process.pid * salt + Date.now() + made++ * 7919) % 1_000_000).padStart(6, "0");
    return { local: `${prefix} ${tail.slice(0, 3)} ${tail.slice(3)}`, e164: `+255${prefix.slice(1)}${tail}` };
  };
}

/** The code in the newest one-time-code SMS queued to a number (read before the outbox sends and empties it). */
export async function codeSentTo(harness: ApiHarness, e164: string): Promise<string> {
  const [row] = await harness.handle.db
    .select({ text: messageOutbox.text })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.recipient, e164), eq(messageOutbox.event, "one-time-code")))
    .orderBy(desc(messageOutbox.id))
    .limit(1);
  const code = /#(\d{6})\s*$/.exec(row?.text ?? "")?.[1];
  expect(code, `a code sent to ${e164}`).toBeTruthy();
  return code!;
}

/**
 * Products without options priced 2,000 to `maxPrice` shillings, newest first from `offset` (each
 * file its own stretch of the catalogue), one more per call, with their stock set for the test.
 */
export function productPicker(harness: ApiHarness, options: { offset: number; maxPrice: number }) {
  let picked = 0;
  return async (stock: number): Promise<{ id: number; price: number; name: string }> => {
    const [p] = await harness.handle.db
      .select({ id: products.id, price: products.price, name: products.name })
      .from(products)
      .where(
        sql`not exists (select 1 from product_variants v where v.product_id = ${products.id}) and price between 2000 and ${options.maxPrice} and archived_at is null`,
      )
      .orderBy(desc(products.id))
      .offset(options.offset + picked++)
      .limit(1);
    await harness.handle.db.update(products).set({ stockQuantity: stock }).where(eq(products.id, p!.id));
    return p!;
  };
}

/** A product's stock now. */
export async function stockOf(harness: ApiHarness, productId: number): Promise<number> {
  const [row] = await harness.handle.db.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, productId));
  return row!.stock;
}
