import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, depositSplit } from "../../src/lib/back-orders";
import { shopDateOf } from "../../src/lib/shop-calendar";
import { fiscalReceipts, messageOutbox, orderLines, orders, payments, products, refunds } from "../../src/server/db/schema";
import { saveSiteSettings } from "../../src/server/settings/settings";
import { DAR_COURIER_ORDER } from "../fixtures/orders";
import { phoneMaker, productPicker, stockOf } from "./buyers";
import { clickPesaShop, payAtClickPesa } from "./clickpesa-shop";
import { startFakeClickPesa, type FakeClickPesa } from "./fake-clickpesa";
import { adminCookie, apiClient, setupApi, shopperCookie } from "./harness";

/**
 * Back-orders paid by deposit, through the shop with ClickPesa as its provider (the fake: real
 * money as far as the shop knows, so receipts are issued): the deposit asked at checkout, its own
 * receipt, the goods bought on deposit held when they arrive until the balance is paid, the
 * balance asked for by message and paid with its own receipt, and the two ways a deposit comes
 * back: the shopper cancelling the waiting goods, and a balance not paid in time.
 */
const api = setupApi();

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

let fake: FakeClickPesa;
beforeAll(async () => {
  fake = await startFakeClickPesa();
  await saveSiteSettings(api.handle.db, { backOrders: { payment: "deposit", depositPercent: 30, balanceDays: 7, maxWaitDays: 120 } });
});
afterAll(async () => {
  await fake?.close();
});

const freshPhone = phoneMaker("0716", 417);
const product = productPicker(api, { offset: 60, maxPrice: 30000 });
const today = () => shopDateOf(new Date(), "Africa/Dar_es_Salaam");
const MOBILE_MONEY = { method: "mobile_money", wallet: "M-Pesa", phone: "0754 123 456" };

async function orderRow(number: string) {
  const [row] = await api.handle.db.select().from(orders).where(eq(orders.number, number));
  return row!;
}

async function receiptsOf(orderId: number) {
  return api.handle.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.orderId, orderId)).orderBy(asc(fiscalReceipts.id));
}

/**
 * A back-orderable product (two in stock, ten arriving in two weeks) and one in stock; the shopper's
 * cart holds five of the first (three wait) and one of the second.
 */
async function backOrderCart(shop: { app: typeof api.app }, admin: string, cookie: string) {
  const { call: shopCall } = apiClient<Json>(shop);
  const a = await product(2);
  const b = await product(20);
  await api.handle.db
    .update(products)
    .set({ incomingQuantity: 10, incomingDate: addDays(today(), 14) })
    .where(eq(products.id, a.id));
  expect((await shopCall("PUT", `/api/admin/products/${a.id}/back-orders`, admin, { allowBackorder: true })).status).toBe(200);
  for (const line of [
    { id: a.id, quantity: 5 },
    { id: b.id, quantity: 1 },
  ])
    expect((await shopCall("POST", "/api/cart", cookie, { productId: line.id, variantId: "default", quantity: line.quantity })).status).toBe(200);
  return { a, b };
}

describe("a back-order paid by deposit", () => {
  it("asks the deposit, holds the arrived goods until the balance, asks for the balance, and takes it with its own receipt", async () => {
    const shop = await clickPesaShop(api, fake);
    try {
      const { call: shopCall } = apiClient<Json>(shop);
      const admin = await adminCookie(api, "deposits");
      const cookie = await shopperCookie(api, "deposits");
      const { a } = await backOrderCart(shop, admin, cookie);

      // the plan says deposits are taken, and at which share
      expect((await shopCall("POST", "/api/checkout/back-orders", cookie, {})).body).toMatchObject({ payment: "deposit", depositPercent: 30 });
      const contact = freshPhone();
      const order = (extra: Json) => ({ ...DAR_COURIER_ORDER, phone: contact.local, ...extra });
      // a deposit is paid by mobile money or card only
      const byBank = await shopCall("POST", "/api/orders", cookie, order({ backOrderPayment: "deposit" }), { "idempotency-key": randomUUID() });
      expect(byBank.status, byBank.text).toBe(400);
      expect(byBank.body).toMatchObject({ code: "validation", field: "backOrderPayment" });

      const placed = await shopCall("POST", "/api/orders", cookie, order({ payment: MOBILE_MONEY, backOrderPayment: "deposit" }), {
        "idempotency-key": randomUUID(),
      });
      expect(placed.status, placed.text).toBe(201);
      const number: string = placed.body.order.number;
      const row = await orderRow(number);
      const lines = await api.handle.db.select().from(orderLines).where(eq(orderLines.orderId, row.id)).orderBy(asc(orderLines.id));
      const split = depositSplit({
        total: row.total,
        lines: lines.map((l) => ({ gross: l.gross, quantity: l.quantity, waiting: l.backorderedQuantity })),
        deliveryFee: row.deliveryFee,
        percent: 30,
      })!;
      const lineA = lines.find((l) => l.productId === a.id)!;
      // three of five units wait: their value is 3/5 of the line's gross; 30 % of it now, the rest later
      expect(split.waitingGoodsValue).toBe(Math.round((lineA.gross * 3) / 5));
      expect(row).toMatchObject({ depositAmount: split.deposit, balanceDue: split.balance, depositGoodsValue: split.waitingGoodsValue, balancePaid: 0 });
      expect(split.deposit + split.balance).toBe(row.total);
      expect(lineA).toMatchObject({ backorderedQuantity: 3, depositUnits: 3 });
      // the provider is asked for the deposit only
      const [attempt] = await api.handle.db.select().from(payments).where(eq(payments.reference, placed.body.payment.reference));
      expect(attempt).toMatchObject({ amount: split.deposit, purpose: "order" });

      await payAtClickPesa(shop, fake, placed.body.payment.reference);
      expect((await orderRow(number)).status).toBe("paid");
      // the deposit's receipt is for the deposit, its VAT split over the order's rate
      const [depositReceipt] = await receiptsOf(row.id);
      expect(depositReceipt).toMatchObject({ kind: "deposit", totals: expect.objectContaining({ gross: split.deposit }) });
      expect(depositReceipt!.totals.net + depositReceipt!.totals.vat).toBe(split.deposit);
      const paidText = await api.handle.db
        .select({ text: messageOutbox.text })
        .from(messageOutbox)
        .where(and(eq(messageOutbox.orderId, row.id), eq(messageOutbox.event, "order-paid")));
      expect(paidText[0]?.text).toMatch(new RegExp(split.deposit.toLocaleString("en-US").replace(",", "[,. \u00a0]?")));

      // the goods in stock go out as usual; the goods bought on deposit wait
      let parts = (await shopCall("GET", `/api/orders/${number}/back-orders`, cookie)).body.parts;
      expect(parts).toMatchObject({
        deposit: { amount: split.deposit, balanceDue: split.balance, balancePaid: 0, balanceRequestedAt: null },
        canPayBalance: true,
      });
      const first = await shopCall("POST", `/api/admin/orders/${number}/shipments`, admin, { carrier: "Dar Express", trackingNumber: "DE-1" });
      expect(first.status, first.text).toBe(201);

      // the stock arrives: the waiting units are allocated, but held until the balance is paid
      await api.handle.db
        .update(products)
        .set({ stockQuantity: (await stockOf(api, a.id)) + 3 })
        .where(eq(products.id, a.id));
      parts = (await shopCall("GET", `/api/orders/${number}/back-orders`, cookie)).body.parts;
      expect(parts.lines.find((l: Json) => l.productId === a.id)).toMatchObject({ waiting: 0, ready: 0, heldForBalance: 3 });
      expect(parts.canShip).toBe(false);
      const held = await shopCall("POST", `/api/admin/orders/${number}/shipments`, admin, { carrier: "Dar Express", trackingNumber: "DE-2" });
      expect(held.status, held.text).toBe(409);

      // the job asks for the balance once, with the day to pay it by
      await shop.services.backOrders.refundSlipped();
      await shop.services.backOrders.refundSlipped();
      const asked = await api.handle.db
        .select({ text: messageOutbox.text })
        .from(messageOutbox)
        .where(and(eq(messageOutbox.orderId, row.id), eq(messageOutbox.event, "order-balance-due")));
      expect(asked).toHaveLength(1);
      expect(asked[0]!.text).toContain(number);
      parts = (await shopCall("GET", `/api/orders/${number}/back-orders`, cookie)).body.parts;
      expect(parts.deposit).toMatchObject({ balanceDue: split.balance, balanceDueBy: addDays(today(), 7) });

      // the balance is paid from another wallet: its own attempt, then its own receipt
      const pay = await shopCall("POST", `/api/orders/${number}/pay-balance`, cookie, { wallet: "Airtel Money", phone: "0784 000 111" });
      expect(pay.status, pay.text).toBe(200);
      const [balanceAttempt] = await api.handle.db.select().from(payments).where(eq(payments.reference, pay.body.payment.reference));
      expect(balanceAttempt).toMatchObject({ amount: split.balance, purpose: "balance", wallet: "Airtel Money" });
      await payAtClickPesa(shop, fake, pay.body.payment.reference);
      expect(await orderRow(number)).toMatchObject({ balanceDue: 0, balancePaid: split.balance, status: "partly_shipped" });
      const receipts = await receiptsOf(row.id);
      expect(receipts.map((r) => [r.kind, r.totals.gross])).toEqual([
        ["deposit", split.deposit],
        ["balance", split.balance],
      ]);
      // no balance left to pay
      expect((await shopCall("POST", `/api/orders/${number}/pay-balance`, cookie, {})).status).toBe(409);

      parts = (await shopCall("GET", `/api/orders/${number}/back-orders`, cookie)).body.parts;
      expect(parts.lines.find((l: Json) => l.productId === a.id)).toMatchObject({ ready: 3, heldForBalance: 0 });
      const second = await shopCall("POST", `/api/admin/orders/${number}/shipments`, admin, { carrier: "Dar Express", trackingNumber: "DE-2" });
      expect(second.status, second.text).toBe(201);
      expect((await orderRow(number)).status).toBe("shipped");
    } finally {
      await shop.close();
    }
  });

  it("gives the deposit for the waiting goods back when the shopper cancels them, and when the balance is not paid in time", async () => {
    const shop = await clickPesaShop(api, fake);
    try {
      const { call: shopCall } = apiClient<Json>(shop);
      const admin = await adminCookie(api, "deposits-back");
      const place = async (label: string) => {
        const cookie = await shopperCookie(api, label);
        const { a } = await backOrderCart(shop, admin, cookie);
        const placed = await shopCall(
          "POST",
          "/api/orders",
          cookie,
          { ...DAR_COURIER_ORDER, phone: freshPhone().local, payment: MOBILE_MONEY, backOrderPayment: "deposit" },
          { "idempotency-key": randomUUID() },
        );
        expect(placed.status, placed.text).toBe(201);
        await payAtClickPesa(shop, fake, placed.body.payment.reference);
        return { cookie, a, number: placed.body.order.number as string };
      };
      const refundsOf = async (number: string) =>
        api.handle.db
          .select()
          .from(refunds)
          .where(eq(refunds.orderId, (await orderRow(number)).id));

      // cancelled by the shopper before the goods came: what the deposit paid for them goes back, the balance is let go
      const cancelled = await place("deposits-cancel");
      const before = await orderRow(cancelled.number);
      const done = await shopCall("POST", `/api/orders/${cancelled.number}/back-orders/cancel`, cancelled.cookie, {});
      expect(done.status, done.text).toBe(200);
      expect(done.body.refund).toMatchObject({ method: "mobile_money", amount: before.depositGoodsValue - before.balanceDue });
      expect(await orderRow(cancelled.number)).toMatchObject({ balanceDue: 0, depositGoodsValue: 0, waitingUnits: 0 });
      expect(done.body.parts).toMatchObject({ canPayBalance: false, canCancelWaiting: false });

      // the goods came, the balance was asked for and not paid within the days given: back on sale, deposit refunded
      const unpaid = await place("deposits-unpaid");
      await api.handle.db
        .update(products)
        .set({ stockQuantity: (await stockOf(api, unpaid.a.id)) + 3 })
        .where(eq(products.id, unpaid.a.id));
      await shop.services.backOrders.refundSlipped();
      const asked = await orderRow(unpaid.number);
      expect(asked.balanceRequestedAt).not.toBeNull();
      const stockHeld = await stockOf(api, unpaid.a.id);
      // still within its days: nothing happens
      await shop.services.backOrders.refundSlipped();
      expect((await orderRow(unpaid.number)).balanceDue).toBe(asked.balanceDue);
      await api.handle.db
        .update(orders)
        .set({ balanceRequestedAt: new Date(Date.now() - 8 * 86_400_000) })
        .where(eq(orders.id, asked.id));
      await shop.services.backOrders.refundSlipped();
      expect(await orderRow(unpaid.number)).toMatchObject({ balanceDue: 0, depositGoodsValue: 0 });
      expect(await stockOf(api, unpaid.a.id)).toBe(stockHeld + 3);
      expect((await refundsOf(unpaid.number)).map((r) => r.amount)).toEqual([asked.depositGoodsValue - asked.balanceDue]);
      const told = await api.handle.db
        .select({ text: messageOutbox.text })
        .from(messageOutbox)
        .where(and(eq(messageOutbox.orderId, asked.id), eq(messageOutbox.event, "order-cancelled")));
      expect(told.map((t) => t.text).join(" ")).toMatch(/balance|salio/);
    } finally {
      await shop.close();
    }
  });
});
