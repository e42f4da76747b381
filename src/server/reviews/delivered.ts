import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * Whether an order was delivered, as an SQL boolean for the order id given: it has a "delivered"
 * event, so an order refunded or returned after delivery still was (its buyer held the product).
 * Reviews and questions both trust a buyer on this, with `testOrderSql` for the money. `orderId`
 * is qualified by its table (`o.id`), as in testOrderSql.
 */
export function deliveredOrderSql(orderId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from order_events de where de.order_id = ${orderId} and de.status = 'delivered')`;
}
