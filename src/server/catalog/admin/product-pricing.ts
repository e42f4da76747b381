import { logSecurityEvent, type RequestMeta } from "../../auth/events";
import { invalidateTags } from "../../cache/tagged-cache";
import { withTransaction, type Database } from "../../db";
import { readProductPricing, replaceProductPricing, type ProductPricingInput } from "../price-breaks";

type Actor = { id: number; email: string };

/**
 * The admin's side of prices by quantity: a product's pack size and its ladders (its own, and an
 * option's where one differs), read for the product form and replaced from it, checked by the
 * shop's one rule (src/lib/price-breaks.ts) and logged with what they were before.
 */
export function createProductPricingEditor(db: Database) {
  return {
    get: (id: number) => readProductPricing(db, id),

    async set(actor: Actor, id: number, input: ProductPricingInput, meta: RequestMeta): Promise<ProductPricingInput> {
      const after = await withTransaction(db, async (tx) => {
        const change = await replaceProductPricing(tx, id, input);
        await logSecurityEvent(
          tx,
          {
            type: "admin-product-changed",
            userId: actor.id,
            email: actor.email,
            detail: { by: actor.email, action: "pricing", product: id, before: change.before, after: change.after },
          },
          meta,
        );
        return change.after;
      });
      invalidateTags("catalog");
      return after;
    },
  };
}

export type ProductPricingEditor = ReturnType<typeof createProductPricingEditor>;
