import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { DeliveryMethod, OrderStatus } from "@/lib/checkout";
import { availableFromOf, estimateDelivery, laterDate, type DeliveryEstimate } from "@/lib/delivery-estimate";
import { shopDateOf } from "@/lib/shop-calendar";
import type { SiteSettings } from "@/lib/site-settings";
import { findRegion } from "@/lib/tanzania-regions";
import { rowsOf, withTransaction, type Database } from "../db";
import { orderEvents, orderLines, orders, products } from "../db/schema";
import { DomainError } from "../errors";
import type { SettingsService } from "../settings/settings";
import { shopNow } from "./shop-clock";

/**
 * Delivery estimates on the server: the answer of GET /api/delivery-estimate, the promise an order
 * is sold with, and the job that tells shoppers when a promise slips. One rule for all three
 * (src/lib/delivery-estimate.ts), on the shop's clock (./shop-clock.ts).
 */

/** Orders sold and not yet sent: their promise can still slip in the shop's hands. */
export const UNDISPATCHED_STATUSES = ["confirmed", "paid", "processing", "partly_shipped"] as const satisfies readonly OrderStatus[];

/** The note on the timeline event of a slip: the new range. */
export function slipNote(from: string, to: string): string {
  return `promise-slipped ${from} ${to}`;
}

const invalid = (field: string, reason: string, message: string) => new DomainError("validation", message, { field, reason });

/**
 * Whether a method serves a region now, as the checkout's options decide it: the same reasons
 * (`outside-courier-area`, ...), so a page can word them the same way.
 */
function checkMethod(shop: SiteSettings, method: DeliveryMethod, region: string | null): string | null {
  if (method === "pickup") {
    if (!shop.delivery.pickup.enabled) throw invalid("method", "disabled", "The shop does not offer pick-up now");
    return null;
  }
  const known = findRegion(region);
  if (!known) throw invalid("region", "region-required", "Choose a known region (its code, e.g. dar-es-salaam)");
  const inCourierArea = shop.delivery.courierRegions.includes(known.code);
  if (method === "same_day" && !shop.delivery.sameDay.enabled) throw invalid("method", "disabled", "The shop does not offer same-day delivery now");
  if (method === "parcel" && !shop.delivery.parcel.enabled) throw invalid("method", "disabled", "The shop does not send bus parcels now");
  if ((method === "courier" || method === "same_day") && !inCourierArea)
    throw invalid("region", "outside-courier-area", "The shop's couriers do not go to this region: choose a bus parcel");
  if (method === "parcel" && inCourierArea) throw invalid("region", "inside-courier-area", "This region is served by the shop's couriers, not by bus parcel");
  return known.code;
}

/** The first day each of these products can be sent: null for those in stock; a product neither in stock nor coming is refused. */
async function availableFromOfProducts(dbx: Database, productIds: readonly number[], today: string): Promise<string | null> {
  if (!productIds.length) return null;
  const rows = await dbx
    .select({ id: products.id, stock: products.stockQuantity, incomingDate: products.incomingDate, onDemandWeeks: products.onDemandWeeks })
    .from(products)
    .where(and(inArray(products.id, [...productIds]), isNull(products.archivedAt)));
  const missing = productIds.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length) throw invalid("productId", "unknown-product", `No product on sale with id ${missing.join(", ")}`);
  let latest: string | null = null;
  for (const row of rows) {
    const available = availableFromOf({ inStock: row.stock > 0, incomingDate: row.incomingDate, onDemandWeeks: row.onDemandWeeks }, today);
    if ("unavailable" in available)
      throw new DomainError("out-of-stock", "This product is sold out and no stock is expected: there is no date to give", {
        lines: [{ productId: row.id, variantId: "default", name: "", available: 0 }],
      });
    latest = laterDate(latest, available.availableFrom);
  }
  return latest;
}

export interface EstimateQuery {
  method: DeliveryMethod;
  region?: string | null;
  /** products the estimate is for (the product page's, the cart's): the latest to be available sets the start */
  productIds?: readonly number[];
}

export interface EstimateAnswer extends DeliveryEstimate {
  method: DeliveryMethod;
  region: string | null;
  /** the first day the goods are at the shop, when one of the products is not in stock */
  availableFrom: string | null;
}

/** The lines of an order placed now, as the promise needs them: what waits for stock and until when. */
export interface PromiseLine {
  /** units not in stock, waiting for the product's coming stock */
  backorderedQuantity: number;
  /** the day those units are expected (shop time) */
  backorderExpectedOn: string | null;
}

/** The first day an order's waiting lines can be sent, from the days they were expected and (if later now) their products' incoming dates. */
async function awaitedFrom(tx: Database, orderId: number): Promise<string | null> {
  const rows = await tx
    .select({ expected: orderLines.backorderExpectedOn, incoming: products.incomingDate })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(and(eq(orderLines.orderId, orderId), sql`${orderLines.backorderedQuantity} > 0`));
  return rows.reduce<string | null>((latest, r) => laterDate(latest, laterDate(r.expected, r.incoming)), null);
}

/**
 * The promise an order is sold with, from the same rule at the moment it is placed (`at`; the
 * shop's test clock applies): the days its waiting lines expect stock start it later.
 */
export function orderPromise(
  shop: SiteSettings,
  at: Date,
  order: { method: DeliveryMethod; region: string | null; lines: readonly PromiseLine[] },
): DeliveryEstimate {
  const availableFrom = order.lines.filter((l) => l.backorderedQuantity > 0).reduce<string | null>((d, l) => laterDate(d, l.backorderExpectedOn), null);
  return estimateDelivery({ now: shopNow(shop, at), settings: shop, method: order.method, region: order.region, availableFrom });
}

/** The promised dates of an order being placed, as its row stores them: from the checkout's delivery and its lines' back-order plans. */
export function promisedDates(
  shop: SiteSettings,
  at: Date,
  delivery: { method: DeliveryMethod; region: string | null },
  plans: readonly { waiting: number; expectedOn: string | null }[],
): { promisedFrom: string; promisedTo: string } {
  const lines = plans.map((p) => ({ backorderedQuantity: p.waiting, backorderExpectedOn: p.expectedOn }));
  const promise = orderPromise(shop, at, { method: delivery.method, region: delivery.region, lines });
  return { promisedFrom: promise.from, promisedTo: promise.to };
}

export interface SlipResult {
  orderId: number;
  number: string;
  from: string;
  to: string;
}

export interface DeliveryEstimatesDeps {
  db: Database;
  settings: SettingsService;
  /** the machine's clock (tests may pass their own); the shop's test clock still goes over it */
  now?: () => Date;
  /** tells the shopper that the order's promise slipped, in the transaction that records it (SMS, WhatsApp, e-mail) */
  notifySlip(tx: Database, orderId: number, slip: { approximate: boolean }): Promise<void>;
}

export function createDeliveryEstimates(deps: DeliveryEstimatesDeps) {
  const { db } = deps;
  const realNow = deps.now ?? (() => new Date());

  return {
    /** The shop's "now" (the test clock on a test server). */
    async now(): Promise<Date> {
      return shopNow(await deps.settings.get(), realNow());
    },

    /** GET /api/delivery-estimate: when an order placed now would arrive, for a method, region and products. */
    async estimate(query: EstimateQuery): Promise<EstimateAnswer> {
      const shop = await deps.settings.get();
      const now = shopNow(shop, realNow());
      const region = checkMethod(shop, query.method, query.region ?? null);
      const availableFrom = await availableFromOfProducts(db, query.productIds ?? [], shopDateOf(now, shop.timezone));
      const estimate = estimateDelivery({ now, settings: shop, method: query.method, region, availableFrom });
      return { ...estimate, method: query.method, region, availableFrom };
    },

    promiseFor: orderPromise,

    /**
     * The slip job: every order sold and not yet sent whose promise can no longer be kept (the rule,
     * run from now for an order already placed, ends after the promised last day) gets the new
     * dates, a timeline event and one message to the shopper. A slip is recorded once: the row is
     * changed only where it still holds the promise read (another server's run changes nothing).
     */
    async recordSlips(): Promise<SlipResult[]> {
      const shop = await deps.settings.get();
      const now = shopNow(shop, realNow());
      const candidates = await db
        .select({
          id: orders.id,
          number: orders.number,
          method: orders.deliveryMethod,
          region: orders.region,
          promisedTo: orders.promisedTo,
          status: orders.status,
        })
        .from(orders)
        .where(and(isNotNull(orders.promisedTo), inArray(orders.status, [...UNDISPATCHED_STATUSES])));
      const slipped: SlipResult[] = [];
      for (const order of candidates) {
        const result = await withTransaction(db, async (tx) => {
          const availableFrom = await awaitedFrom(tx, order.id);
          const next = estimateDelivery({ now, settings: shop, method: order.method, region: order.region, availableFrom, placed: true });
          if (!order.promisedTo || next.to <= order.promisedTo) return null;
          const updated = rowsOf<{ id: number }>(
            await tx.execute(sql`update orders set promised_from = ${next.from}, promised_to = ${next.to}, promise_slipped_at = ${now.toISOString()}::timestamptz,
              promise_slips = promise_slips + 1, updated_at = now()
              where id = ${order.id} and promised_to = ${order.promisedTo} and status = ${order.status} returning id`),
          );
          if (!updated.length) return null;
          await tx.insert(orderEvents).values({ orderId: order.id, status: order.status, actor: "system", note: slipNote(next.from, next.to) });
          await deps.notifySlip(tx, order.id, { approximate: next.approximate });
          return { orderId: order.id, number: order.number, from: next.from, to: next.to };
        });
        if (result) slipped.push(result);
      }
      return slipped;
    },
  };
}

export type DeliveryEstimatesService = ReturnType<typeof createDeliveryEstimates>;
