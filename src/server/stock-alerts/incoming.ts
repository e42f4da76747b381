import { eq } from "drizzle-orm";
import { incomingStockProblem, type IncomingStock } from "@/lib/stock-alerts";
import { logSecurityEvent, type RequestMeta } from "../auth/events";
import { invalidateTags } from "../cache/tagged-cache";
import { withTransaction, type Database } from "../db";
import { productChanges, products } from "../db/schema";
import { DomainError } from "../errors";

/**
 * The incoming stock an admin keeps on a product (an expected quantity and its date, or "imported
 * on demand" in weeks), changed with a reason and logged like every other product change. The
 * audit trail holds whole numbers: a date as YYYYMMDD, none as 0.
 */

const dateNumber = (date: string | null) => (date === null ? 0 : Number(date.replaceAll("-", "")));

export async function readIncoming(db: Database, productId: number): Promise<IncomingStock | null> {
  const [row] = await db
    .select({ incomingQuantity: products.incomingQuantity, incomingDate: products.incomingDate, onDemandWeeks: products.onDemandWeeks })
    .from(products)
    .where(eq(products.id, productId));
  return row ?? null;
}

export async function setIncoming(
  db: Database,
  admin: { id: number; email: string },
  productId: number,
  input: IncomingStock & { reason: string },
  meta?: RequestMeta,
): Promise<{ incoming: IncomingStock; changed: boolean }> {
  const reason = input.reason.trim();
  if (!reason) throw new DomainError("invalid-input", "Say why the incoming stock changes");
  const next: IncomingStock = { incomingQuantity: input.incomingQuantity, incomingDate: input.incomingDate, onDemandWeeks: input.onDemandWeeks };
  const problem = incomingStockProblem(next);
  if (problem)
    throw new DomainError("validation", "Give the quantity on its way with its expected date (both or neither), and weeks on demand from 1 to 104", {
      field: problem,
      reason: problem,
    });
  const changed = await withTransaction(db, async (tx) => {
    const [before] = await tx
      .select({ incomingQuantity: products.incomingQuantity, incomingDate: products.incomingDate, onDemandWeeks: products.onDemandWeeks })
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (!before) throw new DomainError("not-found", `Product ${productId} not found`);
    const moved: Record<string, { before: number; after: number }> = {};
    if (before.incomingQuantity !== next.incomingQuantity) moved.incomingQuantity = { before: before.incomingQuantity ?? 0, after: next.incomingQuantity ?? 0 };
    if (before.incomingDate !== next.incomingDate) moved.incomingDate = { before: dateNumber(before.incomingDate), after: dateNumber(next.incomingDate) };
    if (before.onDemandWeeks !== next.onDemandWeeks) moved.onDemandWeeks = { before: before.onDemandWeeks ?? 0, after: next.onDemandWeeks ?? 0 };
    if (!Object.keys(moved).length) return false;
    await tx
      .update(products)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(products.id, productId));
    await tx.insert(productChanges).values({ productId, adminId: admin.id, adminEmail: admin.email, changes: moved, reason });
    await logSecurityEvent(
      tx,
      { type: "admin-product-changed", userId: admin.id, email: admin.email, detail: { product: productId, changes: moved, reason } },
      meta,
    );
    return true;
  });
  // the product page's "arriving about …" line
  if (changed) invalidateTags("catalog");
  return { incoming: next, changed };
}
