import { eq, sql } from "drizzle-orm";
import { withTransaction, type Database } from "../db";
import { users } from "../db/schema";
import type { PhoneCodes } from "../auth/phone-codes";
import type { OrdersService } from "./orders";

/**
 * An account confirming its mobile number by a one-time code: the number becomes the account's
 * (confirmed: pay on delivery counts on it), and the orders placed as a guest with it (each confirmed by its own code or payment) move into
 * the account. A number typed without a code claims nothing.
 */
export function createPhoneClaim(deps: { db: Database; phoneCodes: Pick<PhoneCodes, "check" | "spend">; orders: Pick<OrdersService, "claimGuestOrders"> }) {
  return {
    async confirm(userId: number, rawPhone: string, code: string): Promise<{ phone: string; claimedOrders: number }> {
      const { phone, codeId } = await deps.phoneCodes.check(rawPhone, "claim", code);
      await withTransaction(deps.db, async (tx) => {
        await deps.phoneCodes.spend(tx, codeId);
        await tx
          .update(users)
          .set({ phone, phoneConfirmedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(users.id, userId));
      });
      return { phone, claimedOrders: await deps.orders.claimGuestOrders(userId, phone) };
    },
  };
}

export type PhoneClaim = ReturnType<typeof createPhoneClaim>;
