import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  creditNotes,
  mailOutbox,
  messageOutbox,
  messagePreferences,
  orderEvents,
  orderLines,
  orders,
  products,
  refunds,
  securityEvents,
  userTwoFactor,
  users,
} from "../../src/server/db/schema";
import { openSession } from "../../src/server/auth/sessions";
import { saveSiteSettings } from "../../src/server/settings/settings";
import { DEFAULT_RETURNS_SETTINGS } from "../../src/lib/returns";
import { DAR_COURIER_ORDER } from "../fixtures/orders";
import { phoneMaker } from "./buyers";
import { clickPesaShop, payAtClickPesa } from "./clickpesa-shop";
import { startFakeClickPesa, type FakeClickPesa } from "./fake-clickpesa";
import { apiClient, multipartForm, setupApi, shopperCookie, unique, type FormPart } from "./harness";
import { totpCode } from "./two-factor-helpers";

/**
 * Returns and warranty claims through the API: the window after delivery and a product's longer
 * warranty, quantities (never more than bought less what other returns took), photos accepted and
 * refused by the shop's picture rules, a guest by the order's signed link, the admin's steps with
 * the shopper told at each, stock back on sale or counted faulty, and a decision that refunds part
 * to the route that took the money and part to store credit through the refund service.
 */
const api = setupApi();

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const { call } = apiClient<Json>(api);

// each order its own number: a number's SMS quota is not shared across the file's orders
const freshPhone = phoneMaker("0678", 251);
const SECRET = "JBSWY3DPEHPK3PXP";
const DAY = 24 * 60 * 60 * 1000;
const ALL_CONDITIONS = { unused: true, notSoldered: true, notCut: true };

/** A fresh admin with two-step sign-in, and a code its authenticator shows now (each code is taken once). */
async function admin(): Promise<{ cookie: string; code: string }> {
  const [user] = await api.handle.db
    .insert(users)
    .values({ email: unique("returns-admin"), fullName: "Returns Admin", passwordHash: "scrypt$x", role: "admin", emailVerifiedAt: sql`now()` })
    .returning({ id: users.id });
  await api.handle.db.insert(userTwoFactor).values({ userId: user!.id, secret: SECRET, enabledAt: new Date() });
  const { token } = await openSession(api.handle.db, user!.id, false, 30, {});
  return { cookie: `sid=${token}`, code: totpCode(SECRET) };
}

let picked = 0;
/** Two products without options with stock, into the shopper's cart: 3 of the first, 2 of the second. */
async function fillCart(cookie: string): Promise<number[]> {
  const rows = await api.handle.db
    .select({ id: products.id })
    .from(products)
    .where(sql`not exists (select 1 from product_variants v where v.product_id = ${products.id}) and price between 2000 and 40000 and archived_at is null`)
    .orderBy(asc(products.id))
    .offset(120 + (picked += 2))
    .limit(2);
  for (const [i, row] of rows.entries()) {
    await api.handle.db.update(products).set({ stockQuantity: 50, faultyQuantity: 0, warrantyDays: null }).where(eq(products.id, row.id));
    const added = await call("POST", "/api/cart", cookie, { productId: row.id, variantId: "default", quantity: i === 0 ? 3 : 2 });
    expect(added.status, added.text).toBe(200);
  }
  return rows.map((r) => r.id);
}

/**
 * A signed-in shopper's order, paid by bank transfer and delivered by the admin's actions ("deliveredDaysAgo" moves the hand-over back);
 * with `clickPesa`, placed through that shop and paid by mobile money (the given wallet number) at the fake instead.
 */
async function deliveredOrder(
  deliveredDaysAgo = 1,
  clickPesa?: { shop: Awaited<ReturnType<typeof clickPesaShop>>; fake: FakeClickPesa; wallet: string },
): Promise<{ cookie: string; number: string; lines: Json[]; productIds: number[]; phone: string }> {
  const cookie = await shopperCookie(api, "returns");
  const productIds = await fillCart(cookie);
  const phone = freshPhone();
  const payment = clickPesa ? { payment: { method: "mobile_money", wallet: "M-Pesa", phone: clickPesa.wallet } } : {};
  const placed = await call(
    "POST",
    "/api/orders",
    cookie,
    { ...DAR_COURIER_ORDER, phone: phone.local, ...payment },
    { "idempotency-key": randomUUID() },
    { app: clickPesa?.shop.app },
  );
  expect(placed.status, placed.text).toBe(201);
  const number: string = placed.body.order.number;
  if (clickPesa) await payAtClickPesa(clickPesa.shop, clickPesa.fake, placed.body.payment.reference);
  const { cookie: adminCookie } = await admin();
  for (const [action, body] of [
    ...(clickPesa ? [] : ([["mark-paid", {}]] as const)),
    ["processing", {}],
    ["ship", { carrier: "Kilima Express", trackingNumber: "KX-1" }],
    ["deliver", {}],
  ] as const)
    expect((await call("POST", `/api/admin/orders/${number}/${action}`, adminCookie, body)).status, action).toBe(200);
  const [order] = await api.handle.db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
  await api.handle.db
    .update(orderEvents)
    .set({ at: new Date(Date.now() - deliveredDaysAgo * DAY) })
    .where(and(eq(orderEvents.orderId, order!.id), eq(orderEvents.status, "delivered")));
  // the order's own texts (placed, paid, shipped, delivered) went out back then, not within the number's hourly quota of now
  await api.handle.db.execute(sql`update message_outbox set created_at = created_at - interval '2 hours' where recipient = ${phone.e164}`);
  // the order's lines by id, as the return form offers them
  const lines = ((await call("GET", `/api/orders/${number}/returns`, cookie)).body.lines as Json[]).map((l) => ({ ...l, id: l.orderLineId }));
  return { cookie, number, lines, productIds, phone: phone.e164 };
}

const photo = (colour = "#c03030") =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** Requests sent so far: each from its own client address, so the per-address limit is met only where a test means it. */
let sent = 0;
/** A return request as the order page's form sends it (multipart). */
async function requestReturn(
  number: string,
  cookie: string | null,
  fields: { lines: Json[]; reason?: string; returnMethod?: string; checklist?: Json; orderLink?: string },
  photos: FormPart[] = [],
  ip = `10.44.${Math.floor(++sent / 250)}.${sent % 250}`,
) {
  const parts: FormPart[] = [
    { name: "lines", data: JSON.stringify(fields.lines) },
    { name: "reason", data: fields.reason ?? "The module does not power on" },
    { name: "returnMethod", data: fields.returnMethod ?? "drop_off" },
    { name: "checklist", data: JSON.stringify(fields.checklist ?? ALL_CONDITIONS) },
    ...(fields.orderLink ? [{ name: "orderLink", data: fields.orderLink }] : []),
    ...photos,
  ];
  const form = multipartForm(parts);
  const res = await api.app.inject({
    method: "POST",
    url: `/api/orders/${encodeURIComponent(number)}/returns`,
    remoteAddress: ip,
    headers: { ...form.headers, ...(cookie ? { cookie } : {}) },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json() as Json, text: res.body };
}

const stock = async (id: number) => {
  const [row] = await api.handle.db.select({ stock: products.stockQuantity, faulty: products.faultyQuantity }).from(products).where(eq(products.id, id));
  return row!;
};

describe("a shopper's return request", () => {
  it("opens a return with a photo within the window, and tells the shopper by SMS and e-mail", async () => {
    const { cookie, number, lines } = await deliveredOrder(2);
    const options = await call("GET", `/api/orders/${number}/returns`, cookie);
    expect(options.status, options.text).toBe(200);
    expect(options.body).toMatchObject({ open: true, kind: "return", methods: ["drop_off", "parcel", "pickup"] });
    expect(options.body.lines.map((l: Json) => l.returnable)).toEqual([3, 2]);

    const made = await requestReturn(number, cookie, { lines: [{ orderLineId: lines[0]!.id, quantity: 2 }] }, [
      { name: "photos", data: await photo(), filename: "pins.jpg", type: "image/jpeg" },
    ]);
    expect(made.status, made.text).toBe(201);
    expect(made.body.return).toMatchObject({ orderNumber: number, status: "requested", kind: "return", returnMethod: "drop_off" });
    expect(made.body.return.number).toMatch(/^R-\d{4}-\d{6}$/);
    expect(made.body.return.photos).toHaveLength(1);
    expect(made.body.return.photos[0]).toMatch(/^\/media\/returns\/[0-9a-f]{24}\.webp$/);
    // the stored photo is the shop's re-encoding (WebP, no camera metadata), served from the media store
    const served = await api.app.inject({ method: "GET", url: made.body.return.photos[0] });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe("webp");

    const sms = await api.handle.db
      .select()
      .from(messageOutbox)
      .where(sql`${messageOutbox.event} = 'return-update' and ${messageOutbox.orderId} = (select id from orders where number = ${number})`);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain(made.body.return.number);
    const mails = await api.handle.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `return:${made.body.return.number}:requested`));
    expect(mails).toHaveLength(1);

    // the units asked for are taken: 1 of the first line is left
    const after = await call("GET", `/api/orders/${number}/returns`, cookie);
    expect(after.body.lines.map((l: Json) => l.returnable)).toEqual([1, 2]);
    expect(after.body.returns.map((r: Json) => r.number)).toEqual([made.body.return.number]);
    const logged = await api.handle.db
      .select()
      .from(securityEvents)
      .where(sql`${securityEvents.type} = 'return-requested' and ${securityEvents.detail}->>'order' = ${number}`);
    expect(logged).toHaveLength(1);
  });

  it("refuses more units than bought less those already in returns, unknown lines, a method the shop does not offer and missing conditions", async () => {
    const { cookie, number, lines } = await deliveredOrder(1);
    const tooMany = await requestReturn(number, cookie, { lines: [{ orderLineId: lines[1]!.id, quantity: 3 }] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: "validation", field: "lines", reason: "quantity", max: 2 });
    expect((await requestReturn(number, cookie, { lines: [{ orderLineId: lines[1]!.id, quantity: 2 }] })).status).toBe(201);
    const again = await requestReturn(number, cookie, { lines: [{ orderLineId: lines[1]!.id, quantity: 1 }] });
    expect(again.body).toMatchObject({ code: "validation", field: "lines", reason: "quantity", max: 0 });
    expect((await requestReturn(number, cookie, { lines: [{ orderLineId: 2_000_000_000, quantity: 1 }] })).body).toMatchObject({ reason: "unknown-line" });
    const conditions = await requestReturn(number, cookie, {
      lines: [{ orderLineId: lines[0]!.id, quantity: 1 }],
      checklist: { ...ALL_CONDITIONS, notSoldered: false },
    });
    expect(conditions.status).toBe(400);
    expect(conditions.body).toMatchObject({ code: "validation", field: "checklist", reason: "conditions", problems: ["notSoldered"] });
    const badLines = await requestReturn(number, cookie, { lines: [] });
    expect(badLines.body).toMatchObject({ code: "validation", field: "lines" });

    await saveSiteSettings(api.handle.db, { returns: { ...DEFAULT_RETURNS_SETTINGS, methods: ["drop_off"] } });
    try {
      const parcel = await requestReturn(number, cookie, { lines: [{ orderLineId: lines[0]!.id, quantity: 1 }], returnMethod: "parcel" });
      expect(parcel.body).toMatchObject({ code: "validation", field: "returnMethod", reason: "not-offered" });
    } finally {
      await saveSiteSettings(api.handle.db, { returns: DEFAULT_RETURNS_SETTINGS });
    }
  });

  it("closes with the window (409 return-not-allowed), and past it takes a warranty claim for a product with a longer warranty", async () => {
    const { cookie, number, lines, productIds } = await deliveredOrder(10);
    const closed = await requestReturn(number, cookie, { lines: [{ orderLineId: lines[0]!.id, quantity: 1 }] });
    expect(closed.status, closed.text).toBe(409);
    expect(closed.body).toMatchObject({ code: "return-not-allowed", reason: "window-closed" });
    expect((await call("GET", `/api/orders/${number}/returns`, cookie)).body).toMatchObject({ open: false, kind: null });

    await api.handle.db.update(products).set({ warrantyDays: 90 }).where(eq(products.id, productIds[0]!));
    const options = await call("GET", `/api/orders/${number}/returns`, cookie);
    expect(options.body).toMatchObject({ open: true, kind: "warranty" });
    expect(options.body.lines.map((l: Json) => l.claimable)).toEqual([true, false]);
    // a fault: the claim records the checklist without requiring it (a soldered module can be faulty)
    const claim = await requestReturn(number, cookie, {
      lines: [{ orderLineId: lines[0]!.id, quantity: 1 }],
      checklist: { unused: false, notSoldered: false, notCut: true },
    });
    expect(claim.status, claim.text).toBe(201);
    expect(claim.body.return).toMatchObject({ kind: "warranty", checklist: { unused: false, notSoldered: false, notCut: true } });
    // the other product has no warranty: not claimable
    const other = await requestReturn(number, cookie, { lines: [{ orderLineId: lines[1]!.id, quantity: 1 }] });
    expect(other.body).toMatchObject({ code: "return-not-allowed", reason: "window-closed" });
  });

  it("refuses an order not delivered yet, someone else's order reads as none, and one address is limited", async () => {
    const cookie = await shopperCookie(api, "returns-undelivered");
    await fillCart(cookie);
    const placed = await call("POST", "/api/orders", cookie, { ...DAR_COURIER_ORDER, phone: freshPhone().local }, { "idempotency-key": randomUUID() });
    const number: string = placed.body.order.number;
    const { cookie: adminCookie } = await admin();
    expect((await call("POST", `/api/admin/orders/${number}/mark-paid`, adminCookie, {})).status).toBe(200);
    const [line] = await api.handle.db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(sql`order_id = (select id from orders where number = ${number})`);
    const early = await requestReturn(number, cookie, { lines: [{ orderLineId: line!.id, quantity: 1 }] });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: "return-not-allowed", reason: "not-delivered" });
    const stranger = await shopperCookie(api, "returns-stranger");
    expect((await requestReturn(number, stranger, { lines: [{ orderLineId: line!.id, quantity: 1 }] })).status).toBe(404);
    expect((await requestReturn(number, null, { lines: [{ orderLineId: line!.id, quantity: 1 }] })).status).toBe(401);
    // ten requests an hour from one address (each stores photos and sends an SMS and an e-mail)
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await requestReturn(number, cookie, { lines: [{ orderLineId: line!.id, quantity: 1 }] }, [], "10.45.0.1")).status);
    expect(statuses).toEqual([...Array<number>(10).fill(409), 429]);
  });

  it("takes photos by the shop's picture rules: refuses a file that is not a picture, and more than five", async () => {
    const { cookie, number, lines } = await deliveredOrder(1);
    const wanted = [{ orderLineId: lines[0]!.id, quantity: 1 }];
    const text = await requestReturn(number, cookie, { lines: wanted }, [
      { name: "photos", data: "not a picture at all", filename: "note.jpg", type: "image/jpeg" },
    ]);
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ code: "not-an-image", field: "photos" });
    const six: FormPart[] = [];
    for (let i = 0; i < 6; i++) six.push({ name: "photos", data: await photo(), filename: `p${i}.jpg`, type: "image/jpeg" });
    const many = await requestReturn(number, cookie, { lines: wanted }, six);
    expect(many.status).toBe(400);
    expect(many.body).toMatchObject({ code: "validation", field: "photos", reason: "too-many" });
    const notMultipart = await call("POST", `/api/orders/${number}/returns`, cookie, { lines: wanted });
    expect(notMultipart.status).toBe(400);
    // nothing was opened by the refused requests
    expect((await call("GET", `/api/orders/${number}/returns`, cookie)).body.returns).toEqual([]);
  });

  it("lets a guest return through the order's signed link, and not without it", async () => {
    const { number, lines } = await deliveredOrder(1);
    const [order] = await api.handle.db.select().from(orders).where(eq(orders.number, number));
    // the order as a guest's: no account, the number it was placed with
    await api.handle.db.update(orders).set({ userId: null, guestPhone: "+255754123456" }).where(eq(orders.id, order!.id));
    const token = (await api.services.links.orderPath(order!.id)).split("/").pop()!;
    expect((await requestReturn(number, null, { lines: [{ orderLineId: lines[0]!.id, quantity: 1 }] })).status).toBe(401);
    expect((await requestReturn(number, null, { lines: [{ orderLineId: lines[0]!.id, quantity: 1 }], orderLink: `${token.slice(0, -2)}xx` })).status).toBe(404);
    const made = await requestReturn(number, null, { lines: [{ orderLineId: lines[0]!.id, quantity: 1 }], orderLink: token, returnMethod: "parcel" });
    expect(made.status, made.text).toBe(201);
    const seen = await call("GET", `/api/orders/${number}/returns?orderLink=${token}`, null);
    expect(seen.body.returns.map((r: Json) => r.number)).toEqual([made.body.return.number]);
  });
});

describe("the admin's workflow", () => {
  it("approves, receives, inspects and decides: stock back on sale or faulty, money partly refunded and partly store credit through refunds, every step messaged", async () => {
    const { cookie, number, lines, productIds, phone } = await deliveredOrder(1);
    // this number chose WhatsApp for order updates: each step goes there too, as the approved template
    await api.handle.db
      .insert(messagePreferences)
      .values({ phone, whatsappOptInAt: new Date() })
      .onConflictDoUpdate({ target: messagePreferences.phone, set: { whatsappOptInAt: new Date() } });
    const made = await requestReturn(
      number,
      cookie,
      {
        lines: [
          { orderLineId: lines[0]!.id, quantity: 2 },
          { orderLineId: lines[1]!.id, quantity: 1 },
        ],
        returnMethod: "parcel",
      },
      [{ name: "photos", data: await photo("#3050c0"), filename: "board.png", type: "image/png" }],
    );
    expect(made.status, made.text).toBe(201);
    const rn: string = made.body.return.number;
    const { cookie: adminCookie } = await admin();

    const list = await call("GET", "/api/admin/returns", adminCookie);
    expect(list.status, list.text).toBe(200);
    expect(list.body.returns[0].status).toBe("requested");
    expect(list.body.returns.some((r: Json) => r.number === rn)).toBe(true);
    expect((await call("GET", "/api/admin/returns", cookie)).status).toBe(403);

    // out of order: a requested return cannot be received
    expect((await call("POST", `/api/admin/returns/${rn}/receive`, adminCookie, {})).body).toMatchObject({ code: "invalid-state" });
    const approved = await call("POST", `/api/admin/returns/${rn}/approve`, adminCookie, { note: "send by Shabiby" });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.return).toMatchObject({ status: "approved", actions: ["receive", "refuse"] });
    expect((await call("POST", `/api/admin/returns/${rn}/receive`, adminCookie, {})).body.return.status).toBe("received");
    const inspected = await call("POST", `/api/admin/returns/${rn}/inspect`, adminCookie, { note: "one burnt, one fine" });
    expect(inspected.body.return).toMatchObject({ status: "inspected", actions: ["decide"] });

    const [first, second] = inspected.body.return.lines as Json[];
    const before = [await stock(productIds[0]!), await stock(productIds[1]!)];
    const decision = {
      lines: [
        { returnLineId: first!.id, decision: "refund", stock: "faulty" },
        { returnLineId: second!.id, decision: "store_credit", stock: "sellable" },
      ],
      refundMethod: "bank_transfer",
      bankReference: "CRDB-RET-1",
      returnFare: 5000,
    };
    // money goes back only with the admin's second factor
    expect((await call("POST", `/api/admin/returns/${rn}/decide`, adminCookie, decision)).body).toMatchObject({ code: "second-factor-failed" });
    const who = await admin();
    const decided = await call("POST", `/api/admin/returns/${rn}/decide`, who.cookie, { ...decision, twoFactorCode: who.code });
    expect(decided.status, decided.text).toBe(200);
    expect(decided.body.return.status).toBe("closed");
    expect(decided.body.return.lines.map((l: Json) => [l.decision, l.outcomeStock])).toEqual([
      ["refund", "faulty"],
      ["store_credit", "sellable"],
    ]);

    // stock: the faulty units counted apart, the good one back on sale
    expect(await stock(productIds[0]!)).toEqual({ stock: before[0]!.stock, faulty: before[0]!.faulty + 2 });
    expect(await stock(productIds[1]!)).toEqual({ stock: before[1]!.stock + 1, faulty: before[1]!.faulty });

    // two refunds through the refund service, tied to the return: the bank transfer with the fare, the store credit
    const [ret] = await api.handle.db
      .select({ id: sql<number>`id` })
      .from(sql`returns`)
      .where(sql`number = ${rn}`);
    const made2 = await api.handle.db.select().from(refunds).where(eq(refunds.returnId, ret!.id));
    expect(made2.map((r) => r.method).sort()).toEqual(["bank_transfer", "store_credit"]);
    const bank = made2.find((r) => r.method === "bank_transfer")!;
    expect(bank.returnFare).toBe(5000);
    expect(bank.amount).toBe(first!.unitPrice * 2 + 5000);
    expect(made2.find((r) => r.method === "store_credit")!.amount).toBe(second!.unitPrice);
    const refundIds = new Set(decided.body.return.lines.map((l: Json) => l.refundId));
    expect(refundIds).toEqual(new Set(made2.map((r) => r.id)));

    // the shopper sees the return closed and its refunds with their credit notes on the order
    const order = (await call("GET", `/api/orders/${number}`, cookie)).body.order;
    expect(order.status).toBe("partly_refunded");
    const options = await call("GET", `/api/orders/${number}/returns`, cookie);
    expect(options.body.returns[0]).toMatchObject({ number: rn, status: "closed" });

    // every step told: requested, approved, received, inspected, closed
    const texts = await api.handle.db
      .select({ key: messageOutbox.dedupeKey })
      .from(messageOutbox)
      .where(sql`${messageOutbox.dedupeKey} like ${`return:${rn}:%`}`);
    expect(texts.map((t) => t.key).sort()).toEqual(
      ["approved", "closed", "inspected", "received", "requested"].flatMap((s) => [`return:${rn}:${s}:sms`, `return:${rn}:${s}:whatsapp`]).sort(),
    );
    const logged = await api.handle.db
      .select()
      .from(securityEvents)
      .where(sql`${securityEvents.type} = 'admin-return-action' and ${securityEvents.detail}->>'return' = ${rn}`);
    expect(logged.map((e) => (e.detail as Json).action)).toEqual(["approve", "receive", "inspect", "decide"]);
    // decided once: a second decision is refused
    const twice = await call("POST", `/api/admin/returns/${rn}/decide`, who.cookie, decision);
    expect(twice.body).toMatchObject({ code: "invalid-state" });
  });

  it("refunds part to mobile money by the provider's payout (fake ClickPesa), completed only when its signed callback and status query agree, and part to store credit, each with a credit note whose VAT adds up", async () => {
    const fake = await startFakeClickPesa();
    const shop = await clickPesaShop(api, fake);
    try {
      const { cookie, number, lines, productIds } = await deliveredOrder(1, { shop, fake, wallet: "0754 123 470" });
      const order = (await call("GET", `/api/orders/${number}`, cookie)).body.order;
      expect(order).toMatchObject({ paymentMethod: "mobile_money", test: false, receipt: { number: expect.any(String) } });
      const made = await requestReturn(number, cookie, {
        lines: [
          { orderLineId: lines[0]!.id, quantity: 2 },
          { orderLineId: lines[1]!.id, quantity: 1 },
        ],
      });
      expect(made.status, made.text).toBe(201);
      const rn: string = made.body.return.number;
      const { cookie: adminCookie } = await admin();
      for (const step of ["approve", "receive", "inspect"])
        expect((await call("POST", `/api/admin/returns/${rn}/${step}`, adminCookie, {})).status, step).toBe(200);
      const view = (await call("GET", `/api/admin/returns/${rn}`, adminCookie)).body.return;
      const [first, second] = view.lines as Json[];
      const before = [await stock(productIds[0]!), await stock(productIds[1]!)];

      // decided in the shop that pays through ClickPesa: the refunded line's money goes back as a payout to the wallet that paid
      const who = await admin();
      const decided = await call(
        "POST",
        `/api/admin/returns/${rn}/decide`,
        who.cookie,
        {
          lines: [
            { returnLineId: first!.id, decision: "refund", stock: "sellable" },
            { returnLineId: second!.id, decision: "store_credit", stock: "faulty" },
          ],
          refundMethod: "mobile_money",
          twoFactorCode: who.code,
        },
        {},
        { app: shop.app },
      );
      expect(decided.status, decided.text).toBe(200);
      expect(decided.body.return.status).toBe("closed");
      // stock as decided: the two good units back on sale, the other counted faulty
      expect(await stock(productIds[0]!)).toEqual({ stock: before[0]!.stock + 2, faulty: before[0]!.faulty });
      expect(await stock(productIds[1]!)).toEqual({ stock: before[1]!.stock, faulty: before[1]!.faulty + 1 });

      const refundsOf = async () => {
        const listed = await call("GET", `/api/admin/orders/${number}/refunds`, who.cookie, undefined, {}, { app: shop.app });
        expect(listed.status, listed.text).toBe(200);
        const all = listed.body.refunds as Json[];
        expect(all.map((r) => r.method).sort()).toEqual(["mobile_money", "store_credit"]);
        return { mobile: all.find((r) => r.method === "mobile_money")!, credit: all.find((r) => r.method === "store_credit")! };
      };
      const pending = await refundsOf();
      expect(pending.mobile).toMatchObject({ status: "pending", creditNote: null, returnId: view.id });
      expect(pending.credit).toMatchObject({ status: "completed", returnId: view.id });
      expect(new Set(decided.body.return.lines.map((l: Json) => l.refundId))).toEqual(new Set([pending.mobile.id, pending.credit.id]));
      const reference: string = pending.mobile.providerReference;
      expect(fake.payout(reference)).toMatchObject({ amount: pending.mobile.amount, phoneNumber: "255754123470", status: "AUTHORIZED" });

      // the provider's side says sent, but no signed callback came: the status query alone is not believed
      fake.setPayoutStatus(reference, "SUCCESS");
      await api.handle.db
        .update(refunds)
        .set({ nextCheckAt: new Date(Date.now() - 1000) })
        .where(eq(refunds.providerReference, reference));
      await shop.services.refunds.pollDue();
      const [polled] = await api.handle.db.select().from(refunds).where(eq(refunds.providerReference, reference));
      expect(polled).toMatchObject({ status: "pending", callbackStatus: null });
      expect(polled!.checks).toBeGreaterThan(0);
      // the signed callback agrees with the query: completed, with its credit note
      const hook = await call("POST", "/api/payments/clickpesa/payout-webhook", null, fake.payoutWebhook(reference), {}, { app: shop.app });
      expect(hook.status, hook.text).toBe(200);
      expect(hook.body).toEqual({ received: true, outcome: "completed" });
      const { mobile, credit } = await refundsOf();
      expect(mobile).toMatchObject({ status: "completed", creditNote: expect.any(Object) });

      // each credit note names the original receipt; its lines' VAT adds up to its VAT, and net + VAT = gross
      const bought = await api.handle.db
        .select()
        .from(orderLines)
        .where(sql`${orderLines.id} in (${first!.orderLineId}, ${second!.orderLineId})`);
      const share = (orderLineId: number, units: number) => {
        const line = bought.find((l) => l.id === orderLineId)!;
        return Math.round((line.gross * units) / line.quantity);
      };
      for (const [refund, orderLineId, units] of [
        [mobile, first!.orderLineId, 2],
        [credit, second!.orderLineId, 1],
      ] as const) {
        const note = refund.creditNote;
        expect(note).toMatchObject({ number: expect.stringMatching(/^CN-\d{6}$/), receiptNumber: order.receipt.number, test: false });
        expect(refund.lines).toEqual([expect.objectContaining({ kind: "line", orderLineId, quantity: units })]);
        expect(refund.lines.reduce((s: number, l: Json) => s + l.vat, 0)).toBe(note.vat);
        expect(refund.lines.reduce((s: number, l: Json) => s + l.gross, 0)).toBe(note.gross);
        expect(note.rates.reduce((s: number, x: Json) => s + x.vat, 0)).toBe(note.vat);
        expect(note.vat).toBeGreaterThan(0);
        expect(note.net + note.vat).toBe(note.gross);
        for (const l of refund.lines) expect(l.net + l.vat).toBe(l.gross);
        expect(note.gross).toBe(share(orderLineId, units));
        expect(refund.amount).toBe(note.gross);
      }
      expect(mobile.creditNote.number).not.toBe(credit.creditNote.number);
      // together they give back exactly the returned lines' gross
      expect(mobile.creditNote.gross + credit.creditNote.gross).toBe(share(first!.orderLineId, 2) + share(second!.orderLineId, 1));
      expect(mobile.creditNote.gross + credit.creditNote.gross).toBe(first!.unitPrice * 2 + second!.unitPrice);
      // stored as issued, and the shopper's documents list both
      const stored = await api.handle.db
        .select()
        .from(creditNotes)
        .where(sql`${creditNotes.refundId} in (${mobile.id}, ${credit.id})`);
      expect(stored.map((n) => [n.receiptNumber, n.totals.gross]).sort()).toEqual(
        [
          [order.receipt.number, mobile.creditNote.gross],
          [order.receipt.number, credit.creditNote.gross],
        ].sort(),
      );
      const docs = await call("GET", `/api/orders/${number}/credit-notes`, cookie);
      expect(docs.body.creditNotes.map((n: Json) => n.number).sort()).toEqual([mobile.creditNote.number, credit.creditNote.number].sort());
      expect((await call("GET", "/api/account/store-credit", cookie)).body.balance).toBe(credit.amount);
    } finally {
      await shop.close();
      await fake.close();
    }
  });

  it("refuses a return with a reason, which frees its units for another request", async () => {
    const { cookie, number, lines } = await deliveredOrder(1);
    const made = await requestReturn(number, cookie, { lines: [{ orderLineId: lines[1]!.id, quantity: 2 }] });
    const rn: string = made.body.return.number;
    const { cookie: adminCookie } = await admin();
    expect((await call("POST", `/api/admin/returns/${rn}/refuse`, adminCookie, { reason: "" })).status).toBe(400);
    const refused = await call("POST", `/api/admin/returns/${rn}/refuse`, adminCookie, { reason: "The photos show cut leads" });
    expect(refused.body.return).toMatchObject({ status: "refused", refusalReason: "The photos show cut leads", actions: [] });
    const [sms] = await api.handle.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.dedupeKey, `return:${rn}:refused:sms`));
    expect(sms?.text).toContain(rn);
    expect((await call("GET", `/api/orders/${number}/returns`, cookie)).body.lines[1].returnable).toBe(2);
    // replacement and repair move no money: no second factor needed
    const next = await requestReturn(number, cookie, { lines: [{ orderLineId: lines[1]!.id, quantity: 1 }] });
    const rn2: string = next.body.return.number;
    for (const step of ["approve", "receive", "inspect"]) expect((await call("POST", `/api/admin/returns/${rn2}/${step}`, adminCookie, {})).status).toBe(200);
    const view = (await call("GET", `/api/admin/returns/${rn2}`, adminCookie)).body.return;
    const decided = await call("POST", `/api/admin/returns/${rn2}/decide`, adminCookie, {
      lines: [{ returnLineId: view.lines[0]!.id, decision: "replacement", stock: "faulty" }],
    });
    expect(decided.status, decided.text).toBe(200);
    expect(decided.body.return.status).toBe("closed");
  });
});
