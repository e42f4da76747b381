import { randomUUID } from "node:crypto";
import { and, asc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "../../src/lib/back-orders";
import { shopDateOf } from "../../src/lib/shop-calendar";
import { mailOutbox, messageOutbox, orderEvents, orders, products, stockAlerts } from "../../src/server/db/schema";
import { DAR_COURIER_ORDER } from "../fixtures/orders";
import { phoneMaker } from "./buyers";
import { productPicker, stockOf } from "./buyers";
import { adminCookie, apiClient, setupApi, shopperCookie } from "./harness";

const api = setupApi();
const freshPhone = phoneMaker("0718", 263);

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const { call } = apiClient<Json>(api);

const product = productPicker(api, { offset: 140, maxPrice: 30000 });
const today = () => shopDateOf(new Date(), "Africa/Dar_es_Salaam");

async function incoming(id: number, values: { incomingQuantity?: number | null; incomingDate?: string | null; onDemandWeeks?: number | null }) {
  await api.handle.db.update(products).set(values).where(eq(products.id, id));
}

async function allow(admin: string, id: number, allowBackorder = true) {
  const answer = await call("PUT", `/api/admin/products/${id}/back-orders`, admin, { allowBackorder });
  expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 200, body: { productId: id, allowBackorder } });
}

/** A signed-in shopper's cart of these lines, placed by bank transfer (real money: not a test order). */
async function place(cookie: string, lines: { id: number; quantity: number }[], extra: Json = {}) {
  for (const line of lines) {
    const added = await call("POST", "/api/cart", cookie, { productId: line.id, variantId: "default", quantity: line.quantity });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }
  // a number of its own: the fixture's number shares its SMS quota with every other test file
  return call("POST", "/api/orders", cookie, { ...DAR_COURIER_ORDER, phone: freshPhone().local, ...extra }, { "idempotency-key": randomUUID() });
}

async function orderOf(number: string) {
  const [row] = await api.handle.db.select().from(orders).where(eq(orders.number, number));
  return row!;
}

/** The SMS texts queued for an order's shipments, oldest first. */
async function shipmentTexts(orderId: number) {
  const rows = await api.handle.db
    .select({ text: messageOutbox.text, key: messageOutbox.dedupeKey })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.orderId, orderId), eq(messageOutbox.channel, "sms"), like(messageOutbox.dedupeKey, "shipment:%")))
    .orderBy(asc(messageOutbox.id));
  return rows.map((r) => r.text);
}

describe("back-orders", () => {
  it("takes an order beyond stock where allowed, serves the waiting line first when stock arrives, and ships it in two parts", async () => {
    const admin = await adminCookie(api, "back-orders");
    const shopper = await shopperCookie(api, "back-orders");
    const a = await product(2);
    const b = await product(5);
    const arriving = addDays(today(), 14);
    await incoming(a.id, { incomingQuantity: 10, incomingDate: arriving });

    // not offered until the admin allows it, then dated from the incoming stock
    expect((await call("GET", `/api/back-orders/offer?productId=${a.id}`, null)).body).toEqual({
      productId: a.id,
      variantId: "default",
      stock: 2,
      expectedOn: null,
    });
    await allow(admin, a.id);
    expect((await call("GET", `/api/back-orders/offer?productId=${a.id}`, null)).body).toMatchObject({ stock: 2, expectedOn: arriving });

    for (const line of [
      { id: a.id, quantity: 5 },
      { id: b.id, quantity: 1 },
    ])
      expect((await call("POST", "/api/cart", shopper, { productId: line.id, variantId: "default", quantity: line.quantity })).body).toMatchObject({
        quantity: line.quantity,
      });
    // the checkout says which lines wait and until about when
    const plan = await call("POST", "/api/checkout/back-orders", shopper, {});
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const planned = (id: number) => plan.body.lines.find((l: Json) => l.productId === id);
    expect(planned(a.id)).toMatchObject({ quantity: 5, inStock: 2, waiting: 3, expectedOn: arriving, sellable: true });
    expect(planned(b.id)).toMatchObject({ quantity: 1, inStock: 1, waiting: 0, expectedOn: null, sellable: true });
    expect(plan.body.refundBy.earliest).toBe(arriving);
    // a refund-by date before the goods are expected is refused
    const early = await call(
      "POST",
      "/api/orders",
      shopper,
      { ...DAR_COURIER_ORDER, phone: freshPhone().local, backOrderRefundBy: addDays(arriving, -1) },
      { "idempotency-key": randomUUID() },
    );
    expect(early).toMatchObject({ status: 400, body: { code: "validation", field: "backOrderRefundBy" } });

    const placed = await call(
      "POST",
      "/api/orders",
      shopper,
      { ...DAR_COURIER_ORDER, phone: freshPhone().local, backOrderRefundBy: addDays(arriving, 7) },
      { "idempotency-key": randomUUID() },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const number: string = placed.body.order.number;
    // the in-stock part is reserved, the rest waits on the line
    expect(await stockOf(api, a.id)).toBe(0);
    expect(await stockOf(api, b.id)).toBe(4);
    const parts = async () => (await call("GET", `/api/orders/${number}/back-orders`, shopper)).body.parts;
    const line = async (id: number) => (await parts()).lines.find((l: Json) => l.productId === id);
    expect(await line(a.id)).toMatchObject({ quantity: 5, waiting: 3, ready: 2, shipped: 0, expectedOn: arriving, status: "awaiting_stock" });
    expect(await line(b.id)).toMatchObject({ quantity: 1, waiting: 0, ready: 1, status: "ready" });
    expect((await parts()).refundBy).toBe(addDays(arriving, 7));

    expect((await call("POST", `/api/admin/orders/${number}/mark-paid`, admin, {})).status).toBe(200);
    // the whole order cannot be shipped while part of it waits
    const view = await call("GET", `/api/admin/orders/${number}`, admin);
    expect(view.body.order.actions).toEqual(["processing", "cancel"]);
    expect((await call("POST", `/api/admin/orders/${number}/ship`, admin, { carrier: "G4S", trackingNumber: "X" })).status).toBe(409);

    // first part: what is ready
    const first = await call("POST", `/api/admin/orders/${number}/shipments`, admin, { carrier: "G4S", trackingNumber: "G4S-001" });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.parts.shipments).toEqual([expect.objectContaining({ number: 1, carrier: "G4S", trackingNumber: "G4S-001" })]);
    expect(await line(a.id)).toMatchObject({ shipped: 2, waiting: 3, ready: 0, status: "awaiting_stock" });
    expect(await line(b.id)).toMatchObject({ shipped: 1, waiting: 0, ready: 0, status: "shipped" });
    expect((await orderOf(number)).status).toBe("partly_shipped");
    const nothing = await call("POST", `/api/admin/orders/${number}/shipments`, admin, { carrier: "G4S", trackingNumber: "G4S-002" });
    expect(nothing).toMatchObject({ status: 400, body: { code: "validation", field: "lines" } });

    // two shoppers wait for the product with "notify me": the back-order is served before they are told
    const alerts = await api.handle.db
      .insert(stockAlerts)
      .values(
        ["+255716000101", "+255716000102"].map((contact) => ({
          productId: a.id,
          channel: "sms" as const,
          contact,
          status: "waiting" as const,
          token: randomUUID(),
        })),
      )
      .returning({ id: stockAlerts.id });
    // stock arrives through the admin's stock change: the waiting line takes it first
    const arrived = await call("PATCH", `/api/admin/products/${a.id}`, admin, { stockQuantity: 4, reason: "Delivery from Shenzhen" });
    expect(arrived.status, JSON.stringify(arrived.body)).toBe(200);
    expect(await stockOf(api, a.id)).toBe(1);
    expect(await line(a.id)).toMatchObject({ waiting: 0, ready: 3, status: "ready" });
    expect((await orderOf(number)).waitingUnits).toBe(0);
    // one unit is left for the waiting list: the first alert is told, the second keeps waiting
    await api.services.stockAlerts.drain();
    const told = await api.handle.db
      .select({ id: stockAlerts.id, status: stockAlerts.status })
      .from(stockAlerts)
      .where(eq(stockAlerts.productId, a.id))
      .orderBy(asc(stockAlerts.id));
    expect(told.map((x) => x.status === "waiting")).toEqual([false, true]);
    expect(told.map((x) => x.id)).toEqual(alerts.map((x) => x.id));

    const second = await call("POST", `/api/admin/orders/${number}/shipments`, admin, { carrier: "Dar Express", trackingNumber: "DX-77" });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.parts.shipments.map((s: Json) => [s.number, s.trackingNumber, s.lines.map((l: Json) => l.quantity).sort()])).toEqual([
      [1, "G4S-001", [1, 2]],
      [2, "DX-77", [3]],
    ]);
    const order = await orderOf(number);
    expect(order).toMatchObject({ status: "shipped", carrier: "Dar Express", trackingNumber: "DX-77" });
    const statuses = await api.handle.db
      .select({ status: orderEvents.status, note: orderEvents.note })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.id));
    expect(statuses.filter((e) => e.note?.startsWith("shipment-"))).toEqual([
      { status: "partly_shipped", note: "shipment-1" },
      { status: "shipped", note: "shipment-2" },
    ]);
    // a message per shipment, each with its own tracking number (the account's texts are in the order's language)
    const texts = await shipmentTexts(order.id);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain("G4S-001");
    expect(texts[1]).toContain("DX-77");
    // and an e-mail per shipment to the account's address
    const mails = await api.handle.db
      .select({ subject: mailOutbox.subject, body: mailOutbox.body })
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, "shipment:%"))
      .orderBy(asc(mailOutbox.id));
    const ours = mails.filter((m) => m.subject.includes(number));
    expect(ours).toHaveLength(2);
    expect(ours[1]!.body).toContain("DX-77");
    // the admin reads the same parts
    expect((await call("GET", `/api/admin/orders/${number}/shipments`, admin)).body.parts).toEqual(await parts());
    // shipped in full: delivered as ever
    expect((await call("GET", `/api/admin/orders/${number}`, admin)).body.order.actions).toEqual(["deliver"]);
  });

  it("refuses an order beyond stock where back-orders are not allowed, and where the shop does not know when more comes", async () => {
    const admin = await adminCookie(api, "back-orders-refused");
    const shopper = await shopperCookie(api, "back-orders-refused");
    const c = await product(2);
    // the cart holds no more than the stock of a product that cannot be back-ordered
    expect((await call("POST", "/api/cart", shopper, { productId: c.id, variantId: "default", quantity: 3 })).body).toMatchObject({ quantity: 2 });
    // the stock sold out meanwhile
    await api.handle.db.update(products).set({ stockQuantity: 1 }).where(eq(products.id, c.id));
    const refused = await call("POST", "/api/orders", shopper, DAR_COURIER_ORDER, { "idempotency-key": randomUUID() });
    expect(refused).toMatchObject({ status: 409, body: { code: "out-of-stock", lines: [{ productId: c.id, available: 1 }] } });
    // allowed, but nothing is known of more stock: still refused (no made-up date)
    await allow(admin, c.id);
    await incoming(c.id, { incomingQuantity: null, incomingDate: null, onDemandWeeks: null });
    expect((await call("POST", "/api/orders", shopper, DAR_COURIER_ORDER, { "idempotency-key": randomUUID() })).status).toBe(409);
    // imported on demand in 3 weeks: taken, one unit waiting
    await incoming(c.id, { onDemandWeeks: 3 });
    const placed = await call("POST", "/api/orders", shopper, DAR_COURIER_ORDER, { "idempotency-key": randomUUID() });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const parts = (await call("GET", `/api/orders/${placed.body.order.number}/back-orders`, shopper)).body.parts;
    expect(parts.lines).toEqual([expect.objectContaining({ quantity: 2, waiting: 1, ready: 1, expectedOn: addDays(today(), 21) })]);
    // an unpaid order's waiting part is not cancelled apart: the order is cancelled whole, its stock back and nothing allocated to itself
    expect((await call("POST", `/api/orders/${placed.body.order.number}/back-orders/cancel`, shopper, {})).status).toBe(409);
    expect((await call("POST", `/api/orders/${placed.body.order.number}/cancel`, shopper)).status).toBe(200);
    expect(await stockOf(api, c.id)).toBe(1);
  });

  it("cancels the waiting part at the shopper's request with its money returned, and on its own once the refund-by date is missed", async () => {
    const admin = await adminCookie(api, "back-orders-cancel");
    const shopper = await shopperCookie(api, "back-orders-cancel");
    const d = await product(1);
    await allow(admin, d.id);
    await incoming(d.id, { onDemandWeeks: 4 });
    const placed = await place(shopper, [{ id: d.id, quantity: 3 }]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const number: string = placed.body.order.number;
    expect((await call("POST", `/api/admin/orders/${number}/mark-paid`, admin, {})).status).toBe(200);

    const cancelled = await call("POST", `/api/orders/${number}/back-orders/cancel`, shopper, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.parts.lines).toEqual([expect.objectContaining({ quantity: 3, waiting: 0, cancelled: 2, ready: 1 })]);
    // paid by bank transfer: the two units' money goes back the same way, requested until the admin makes the transfer
    expect(cancelled.body.refundPending).toBe(false);
    expect(cancelled.body.refund).toMatchObject({ method: "bank_transfer", status: "requested", amount: 2 * placed.body.order.lines[0].unitPrice });
    expect((await call("POST", `/api/orders/${number}/back-orders/cancel`, shopper, {})).status).toBe(409);
    // the rest goes out whole now
    expect((await call("GET", `/api/admin/orders/${number}`, admin)).body.order.actions).toContain("ship");

    // the admin cancels another order's waiting part (all of it: nothing was in stock), its money, delivery too, to the account's store credit
    const other = await place(shopper, [{ id: d.id, quantity: 2 }]);
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    expect((await call("POST", `/api/admin/orders/${other.body.order.number}/mark-paid`, admin, {})).status).toBe(200);
    const byAdmin = await call("POST", `/api/admin/orders/${other.body.order.number}/back-orders/cancel`, admin, { method: "store_credit" });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
    expect(byAdmin.body).toMatchObject({ refundPending: false, refund: { method: "store_credit", amount: other.body.order.total } });
    expect((await orderOf(other.body.order.number)).status).toBe("refunded");

    // a refund-by date the expected date slips past: the job cancels the waiting part and refunds it
    const e = await product(0);
    await allow(admin, e.id);
    const due = addDays(today(), 10);
    await incoming(e.id, { incomingQuantity: 5, incomingDate: due, onDemandWeeks: null });
    const late = await place(shopper, [{ id: e.id, quantity: 2 }], { backOrderRefundBy: due });
    expect(late.status, JSON.stringify(late.body)).toBe(201);
    const lateNumber: string = late.body.order.number;
    expect((await call("POST", `/api/admin/orders/${lateNumber}/mark-paid`, admin, {})).status).toBe(200);
    expect(await api.services.backOrders.refundSlipped()).toBe(0);
    await incoming(e.id, { incomingDate: addDays(due, 5) });
    expect(await api.services.backOrders.refundSlipped()).toBe(1);
    const lateOrder = await orderOf(lateNumber);
    // nothing was ever in stock or shipped: the order is cancelled and all its money (delivery too) refunded
    expect(lateOrder).toMatchObject({ status: "refunded", waitingUnits: 0 });
    const events = await api.handle.db.select({ note: orderEvents.note }).from(orderEvents).where(eq(orderEvents.orderId, lateOrder.id));
    expect(events.map((x) => x.note)).toContain("back-order-refund-date-passed");
    expect(events.map((x) => x.note)).not.toContain("back-order-refund-pending");
  });
});
