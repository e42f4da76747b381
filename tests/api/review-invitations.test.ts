import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, messageOutbox, messagePreferences, orderEvents, orders, payments, products, userTwoFactor, users } from "../../src/server/db/schema";
import { openSession } from "../../src/server/auth/sessions";
import { INVITE_GRACE_DAYS } from "../../src/server/reviews/invitations";
import { DAR_COURIER_ORDER } from "../fixtures/orders";
import { phoneMaker } from "./buyers";
import { apiClient, setupApi, shopperCookie, unique } from "./harness";

/**
 * Review invitations (src/server/reviews/invitations.ts): `reviews.inviteAfterDays` days after
 * delivery the buyer is asked once, by SMS (not to a number that opted out) and e-mail, with the
 * order's signed link; never before the day, never twice, never for a test order (paid in the
 * payment sandbox), never for an order delivered long before.
 */
const api = setupApi();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const { call } = apiClient<Json>(api);

const freshPhone = phoneMaker("0677", 373);
const SECRET = "JBSWY3DPEHPK3PXP";
const DAY = 24 * 60 * 60 * 1000;

async function admin(): Promise<string> {
  const [user] = await api.handle.db
    .insert(users)
    .values({ email: unique("invites-admin"), fullName: "Invites Admin", passwordHash: "scrypt$x", role: "admin", emailVerifiedAt: sql`now()` })
    .returning({ id: users.id });
  await api.handle.db.insert(userTwoFactor).values({ userId: user!.id, secret: SECRET, enabledAt: new Date() });
  const { token } = await openSession(api.handle.db, user!.id, false, 30, {});
  return `sid=${token}`;
}

let picked = 0;
/**
 * A signed-in shopper's order (bank transfer: real money, no sandbox), delivered by the admin's
 * actions, its hand-over moved `deliveredDaysAgo` days back.
 */
async function deliveredOrder(deliveredDaysAgo: number): Promise<{ id: number; number: string; phone: string; email: string }> {
  const cookie = await shopperCookie(api, "invites");
  const [product] = await api.handle.db
    .select({ id: products.id })
    .from(products)
    .where(sql`not exists (select 1 from product_variants v where v.product_id = ${products.id}) and price between 2000 and 40000 and archived_at is null`)
    .orderBy(asc(products.id))
    .offset(40 + picked++)
    .limit(1);
  await api.handle.db.update(products).set({ stockQuantity: 50 }).where(eq(products.id, product!.id));
  expect((await call("POST", "/api/cart", cookie, { productId: product!.id, variantId: "default", quantity: 1 })).status).toBe(200);
  const phone = freshPhone();
  const placed = await call("POST", "/api/orders", cookie, { ...DAR_COURIER_ORDER, phone: phone.local }, { "idempotency-key": randomUUID() });
  expect(placed.status, placed.text).toBe(201);
  const number: string = placed.body.order.number;
  const adminCookie = await admin();
  for (const [action, body] of [
    ["mark-paid", {}],
    ["processing", {}],
    ["ship", { carrier: "Kilima Express", trackingNumber: "KX-1" }],
    ["deliver", {}],
  ] as const) {
    const done = await call("POST", `/api/admin/orders/${number}/${action}`, adminCookie, body);
    expect(done.status, `${action}: ${done.text}`).toBe(200);
  }
  const [order] = await api.handle.db.select({ id: orders.id, email: orders.email }).from(orders).where(eq(orders.number, number));
  await api.handle.db
    .update(orderEvents)
    .set({ at: new Date(Date.now() - deliveredDaysAgo * DAY) })
    .where(and(eq(orderEvents.orderId, order!.id), eq(orderEvents.status, "delivered")));
  // the order's own texts went out back then, not within the number's hourly quota of now
  await api.handle.db.execute(sql`update message_outbox set created_at = created_at - interval '2 hours' where recipient = ${phone.e164}`);
  return { id: order!.id, number, phone: phone.e164, email: order!.email! };
}

async function invitesOf(order: { id: number; number: string }) {
  const texts = await api.handle.db
    .select({ text: messageOutbox.text, to: messageOutbox.recipient })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.orderId, order.id), eq(messageOutbox.event, "review-invite")));
  const mails = await api.handle.db
    .select({ to: mailOutbox.recipient, subject: mailOutbox.subject, body: mailOutbox.body })
    .from(mailOutbox)
    .where(eq(mailOutbox.dedupeKey, `order:${order.number}:review-invite`));
  const [row] = await api.handle.db.select({ at: orders.reviewInvitedAt }).from(orders).where(eq(orders.id, order.id));
  return { texts, mails, invitedAt: row?.at ?? null };
}

describe("review invitations", () => {
  it("invites a buyer once, the set number of days after delivery, by SMS and e-mail with the order's link", async () => {
    const days = (await api.services.settings.get()).reviews.inviteAfterDays;
    expect(days).toBeGreaterThan(0);
    const due = await deliveredOrder(days + 0.5);
    const early = await deliveredOrder(days - 0.5);
    const longAgo = await deliveredOrder(days + INVITE_GRACE_DAYS + 3);

    await api.services.reviewInvitations.sendDue();
    const sent = await invitesOf(due);
    expect(sent.invitedAt).not.toBeNull();
    expect(sent.texts).toHaveLength(1);
    expect(sent.texts[0]!.to).toBe(due.phone);
    expect(sent.texts[0]!.text).toContain(due.number);
    expect(sent.texts[0]!.text).toMatch(/\/o\/\S+/);
    expect(sent.mails).toHaveLength(1);
    expect(sent.mails[0]!.to).toBe(due.email);
    expect(sent.mails[0]!.body).toMatch(/\/o\/\S+/);

    // not before its day, and not months later
    for (const order of [early, longAgo]) {
      const none = await invitesOf(order);
      expect(none.invitedAt).toBeNull();
      expect(none.texts).toHaveLength(0);
      expect(none.mails).toHaveLength(0);
    }

    // a second run sends nothing more
    await api.services.reviewInvitations.sendDue();
    const again = await invitesOf(due);
    expect(again.texts).toHaveLength(1);
    expect(again.mails).toHaveLength(1);
    expect(again.invitedAt?.getTime()).toBe(sent.invitedAt?.getTime());
  });

  it("never invites the buyer of a test order (paid in the payment sandbox)", async () => {
    const days = (await api.services.settings.get()).reviews.inviteAfterDays;
    const order = await deliveredOrder(days + 0.5);
    await api.handle.db.insert(payments).values({
      orderId: order.id,
      provider: "sandbox",
      reference: `TEST-${randomUUID()}`,
      method: "mobile_money",
      amount: 1000,
      currency: "TZS",
      status: "paid",
    });
    await api.services.reviewInvitations.sendDue();
    const none = await invitesOf(order);
    expect(none.invitedAt).toBeNull();
    expect(none.texts).toHaveLength(0);
    expect(none.mails).toHaveLength(0);
  });

  it("sends no SMS to a number that opted out of text messages (the e-mail still goes)", async () => {
    const days = (await api.services.settings.get()).reviews.inviteAfterDays;
    const order = await deliveredOrder(days + 1);
    await api.handle.db
      .insert(messagePreferences)
      .values({ phone: order.phone, smsOptOutAt: new Date() })
      .onConflictDoUpdate({ target: messagePreferences.phone, set: { smsOptOutAt: new Date() } });
    await api.services.reviewInvitations.sendDue();
    const sent = await invitesOf(order);
    expect(sent.invitedAt).not.toBeNull();
    expect(sent.texts).toHaveLength(0);
    expect(sent.mails).toHaveLength(1);
  });
});
