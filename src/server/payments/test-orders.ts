import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { rowsOf, type Database } from "../db";

/** The provider name of the built-in sandbox, which takes no money. */
export const SANDBOX_PROVIDER = "sandbox";

/**
 * Whether an order is a test order, as an SQL boolean for the order id given: its payment went to
 * the sandbox, so no money moved. An order is one when it has a sandbox payment attempt and no
 * payment by a real provider was taken for it (a shop that went live while the order was open, and
 * the shopper paid it for real, has a real order). A bank transfer an admin confirmed has no
 * provider payment at all: real money. One indexed look-up per order (payments_order_idx).
 * `orderId` is a number or an expression qualified by its table (`o.id`): a bare column may render
 * unqualified, and inside these subqueries "id" would then be the payment's own.
 */
export function testOrderSql(orderId: SQLWrapper | number): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from payments tp where tp.order_id = ${orderId} and tp.provider = ${SANDBOX_PROVIDER})
    and not exists (select 1 from payments rp where rp.order_id = ${orderId} and rp.provider <> ${SANDBOX_PROVIDER} and rp.status = 'paid'))`;
}

/** Whether an order is a test order (see testOrderSql), through the caller's connection or transaction. */
export async function isTestOrder(db: Database, orderId: number): Promise<boolean> {
  const [row] = rowsOf<{ test: boolean }>(await db.execute(sql`select ${testOrderSql(orderId)} as test`));
  return row?.test === true;
}
