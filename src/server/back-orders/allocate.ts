import { sql } from "drizzle-orm";
import { expectedArrival, type IncomingStock } from "@/lib/back-orders";
import { rowsOf, type Database } from "../db";

/**
 * Back-orders' stock steps, run inside other services' transactions: the plan of a new order's
 * lines (what waits, until about when) and the allocation of arrived stock to the waiting lines.
 */

/** Orders whose waiting lines still count: not cancelled, refused at the door or refunded whole. */
const LIVE_ORDER = sql`o.status not in ('cancelled', 'refused', 'refunded')`;

/** What the back-order plan needs to know of a line (src/server/orders/cart-lines.ts gives it). */
export interface PlannedLine {
  productId: number;
  variantId: string;
  quantity: number;
  stock: number;
  /** the product may be ordered beyond its stock (and is on sale) */
  allowBackorder: boolean;
  incoming: IncomingStock;
}

export interface LinePlan {
  /** units beyond the stock: they wait on the order line */
  waiting: number;
  /** when they are expected in stock (YYYY-MM-DD), null when none wait */
  expectedOn: string | null;
}

/** Units of each product already waiting on live orders: a new back-order queues behind them. */
export async function waitingUnitsByProduct(db: Database, productIds: readonly number[]): Promise<Map<number, number>> {
  if (!productIds.length) return new Map();
  const rows = rowsOf<{ product_id: number; units: number | string }>(
    await db.execute(sql`select l.product_id, sum(l.backordered_quantity) as units
      from order_lines l join orders o on o.id = l.order_id
      where l.backordered_quantity > 0 and ${LIVE_ORDER}
        and l.product_id in (select (jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb))::int)
      group by l.product_id`),
  );
  return new Map(rows.map((r) => [Number(r.product_id), Number(r.units)]));
}

/**
 * Each line's plan: within its stock nothing waits; beyond it, a product the admin allows to be
 * back-ordered waits for the date its incoming stock (or its on-demand weeks) gives, queued behind
 * the units already waiting. `short` are the lines that cannot be sold as asked: beyond stock with
 * back-orders not allowed, or with no date the shop can honestly give.
 */
export async function planBackOrders<L extends PlannedLine>(db: Database, lines: readonly L[], today: string): Promise<{ plans: LinePlan[]; short: L[] }> {
  const beyond = lines.filter((l) => l.quantity > Math.max(0, l.stock));
  const queued = await waitingUnitsByProduct(db, [...new Set(beyond.filter((l) => l.allowBackorder).map((l) => l.productId))]);
  const short: L[] = [];
  const plans = lines.map((line): LinePlan => {
    const waiting = line.quantity - Math.max(0, Math.min(line.quantity, line.stock));
    if (waiting === 0) return { waiting: 0, expectedOn: null };
    const ahead = queued.get(line.productId) ?? 0;
    const expectedOn = line.allowBackorder ? expectedArrival(line.incoming, waiting, ahead, today) : null;
    if (expectedOn === null) {
      short.push(line);
      return { waiting: 0, expectedOn: null };
    }
    queued.set(line.productId, ahead + waiting);
    return { waiting, expectedOn };
  });
  return { plans, short };
}

/**
 * Stock that arrived for a product goes first to the lines waiting for it, first come first served
 * (oldest order first), before anyone else can buy it or be told it is back. A trigger on the
 * product's stock does this in every transaction that raises it (migration 0045,
 * `back_order_allocate`); this runs the same function on demand. Returns the units allocated.
 */
export async function allocateArrivedStock(tx: Database, productId: number): Promise<number> {
  const [row] = rowsOf<{ units: number | string }>(await tx.execute(sql`select back_order_allocate(${productId}) as units`));
  return Number(row?.units ?? 0);
}
