import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_REVIEW_SETTINGS } from "../../src/lib/reviews";
import { openSession } from "../../src/server/auth/sessions";
import { productQuestions, products, securityEvents, userTwoFactor, users } from "../../src/server/db/schema";
import { saveSiteSettings } from "../../src/server/settings/settings";
import { DAR_COURIER_ORDER } from "../fixtures/orders";
import { phoneMaker } from "./buyers";
import { apiClient, mailsTo, setupApi, unique } from "./harness";

/**
 * Questions on product pages through the API and a real database: a guest may not ask; a question
 * waits (by the default moderation) until the shop answers it, then shows to everyone with the
 * shop's answer, is found by the shop's search by a word of the answer and by the product's own
 * question filter, and its asker is told; a shopper answers only as a verified buyer (a delivered
 * order holding the product) and only where the setting allows; hidden questions disappear from the
 * page and the search; reports count once per person; markup is stored and served as plain text.
 */
const api = setupApi();

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const { call } = apiClient<Json>(api);
const freshPhone = phoneMaker("0679", 317);
const SECRET = "JBSWY3DPEHPK3PXP";

/** A signed-in person of the given role: id, address and session cookie (an admin with two-step sign-in set up). */
async function person(label: string, role: "user" | "admin" = "user", fullName = "Neema Mushi Kato"): Promise<{ id: number; email: string; cookie: string }> {
  const email = unique(label);
  const [user] = await api.handle.db
    .insert(users)
    .values({ email, fullName, passwordHash: "scrypt$x", role, emailVerifiedAt: sql`now()` })
    .returning({ id: users.id });
  if (role === "admin") await api.handle.db.insert(userTwoFactor).values({ userId: user!.id, secret: SECRET, enabledAt: new Date() });
  const { token } = await openSession(api.handle.db, user!.id, false, 30, {});
  return { id: user!.id, email, cookie: `sid=${token}` };
}

let picked = 0;
/** A product on sale without options, a different one for each test. */
async function aProduct(): Promise<{ id: number; name: string }> {
  const [row] = await api.handle.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(sql`not exists (select 1 from product_variants v where v.product_id = ${products.id}) and price between 2000 and 40000 and archived_at is null`)
    .orderBy(asc(products.id))
    .offset(60 + picked++)
    .limit(1);
  await api.handle.db.update(products).set({ stockQuantity: 50 }).where(eq(products.id, row!.id));
  return row!;
}

/** A shopper whose order of the product was paid (bank transfer, confirmed by the admin) and delivered. */
async function deliveredBuyer(productId: number, adminCookie: string): Promise<{ id: number; cookie: string }> {
  const buyer = await person("questions-buyer", "user", "Baraka Juma");
  expect((await call("POST", "/api/cart", buyer.cookie, { productId, variantId: "default", quantity: 1 })).status).toBe(200);
  const placed = await call("POST", "/api/orders", buyer.cookie, { ...DAR_COURIER_ORDER, phone: freshPhone().local }, { "idempotency-key": randomUUID() });
  expect(placed.status, placed.text).toBe(201);
  const number: string = placed.body.order.number;
  for (const [action, body] of [
    ["mark-paid", {}],
    ["processing", {}],
    ["ship", { carrier: "Kilima Express", trackingNumber: "KX-9" }],
    ["deliver", {}],
  ] as const)
    expect((await call("POST", `/api/admin/orders/${number}/${action}`, adminCookie, body)).status, action).toBe(200);
  return buyer;
}

/** A word no product, question or answer of the demo shop has (letters only, as a shopper types one). */
function oddWord(): string {
  const letters = "bcdfghjklmnpqrstvwxz";
  return `kw${Array.from({ length: 8 }, () => letters[Math.floor(Math.random() * letters.length)]).join("")}`;
}

async function withReviewSettings(change: Partial<typeof DEFAULT_REVIEW_SETTINGS>, run: () => Promise<void>): Promise<void> {
  await saveSiteSettings(api.handle.db, { reviews: { ...DEFAULT_REVIEW_SETTINGS, ...change } });
  try {
    await run();
  } finally {
    await saveSiteSettings(api.handle.db, { reviews: DEFAULT_REVIEW_SETTINGS });
  }
}

describe("product questions", () => {
  it("a guest gets 401; a question waits for the shop's answer, then shows to all, is found by search, and its asker is told", async () => {
    const product = await aProduct();
    const word = oddWord();
    const guest = await call("POST", `/api/products/${product.id}/questions`, null, { body: "Does it work at 3.3 V?", locale: "en" });
    expect(guest.status).toBe(401);

    const asker = await person("questions-asker");
    const markup = `Does it work at 3.3 V? <script>alert("x")</script><img src=x onerror=alert(1)>`;
    const asked = await call("POST", `/api/products/${product.id}/questions`, asker.cookie, { body: markup, locale: "en" });
    expect(asked.status, asked.text).toBe(201);
    expect(asked.body.status).toBe("pending");
    expect(asked.body.question).toMatchObject({ body: markup, mine: true, authorName: "Neema K.", answers: [] });
    const questionId: number = asked.body.question.id;

    // waiting: its asker sees it as theirs, nobody else sees it, and the search does not find it
    const publicBefore = await call("GET", `/api/products/${product.id}/questions`, null);
    expect(publicBefore.status).toBe(200);
    expect(publicBefore.body.questions.map((q: Json) => q.id)).not.toContain(questionId);
    const own = await call("GET", `/api/products/${product.id}/questions`, asker.cookie);
    expect(own.body.questions[0]).toMatchObject({ id: questionId, mine: true });
    expect(own.body.canAnswer).toBe(false);

    const admin = await person("questions-admin", "admin");
    const answerText = `Yes: it runs from 3.3 V or 5 V, tested with an ESP32 (${word}). <b>bold</b>`;
    const answered = await call("POST", `/api/products/${product.id}/questions/${questionId}/answers`, admin.cookie, { body: answerText, locale: "en" });
    expect(answered.status, answered.text).toBe(201);
    expect(answered.body).toMatchObject({ status: "published", answer: { byShop: true, verifiedBuyer: false, body: answerText } });

    const listed = await call("GET", `/api/products/${product.id}/questions`, null);
    expect(listed.headers["content-type"]).toMatch(/application\/json/);
    const shown = listed.body.questions.find((q: Json) => q.id === questionId);
    // markup is kept as the text it was, and a page renders it as text (React escapes it)
    expect(shown).toMatchObject({ body: markup, mine: false, answers: [{ byShop: true, body: answerText }] });
    expect(listed.body.canAnswer).toBe(false);
    expect((await call("GET", `/api/products/${product.id}/questions`, admin.cookie)).body.canAnswer).toBe(true);

    // the product's own filter, and the shop's search by a word of the answer
    expect((await call("GET", `/api/products/${product.id}/questions?q=${word}`, null)).body.questions.map((q: Json) => q.id)).toEqual([questionId]);
    expect((await call("GET", `/api/products/${product.id}/questions?q=${oddWord()}`, null)).body.total).toBe(0);
    const found = await call("GET", `/api/products?search=${word}`, null);
    expect(found.status).toBe(200);
    expect(found.body.products.map((p: Json) => p.id)).toContain(product.id);

    // the asker is told by e-mail (their account's address), once
    const mails = await mailsTo(api.outboxDir, asker.email);
    expect(mails.filter((m) => m.includes("has an answer"))).toHaveLength(1);
    expect(mails.at(-1)).toContain(answerText);
    await call("POST", `/api/products/${product.id}/questions/${questionId}/answers`, admin.cookie, { body: "And from 5 V too.", locale: "en" });
    expect((await mailsTo(api.outboxDir, asker.email)).filter((m) => m.includes("has an answer"))).toHaveLength(1);
  });

  it("a shopper answers only as a verified buyer, only where the setting allows, and the shop approves it first", async () => {
    const product = await aProduct();
    const admin = await person("questions-admin", "admin");
    const asker = await person("questions-asker");
    const { body: asked } = await call("POST", `/api/products/${product.id}/questions`, asker.cookie, { body: "Is the pin spacing 2.54 mm?", locale: "en" });
    await call("POST", `/api/admin/questions/${asked.question.id}/moderate`, admin.cookie, { action: "publish" });
    const url = `/api/products/${product.id}/questions/${asked.question.id}/answers`;

    const stranger = await person("questions-stranger");
    const refused = await call("POST", url, stranger.cookie, { body: "I think so.", locale: "en" });
    expect(refused.status).toBe(403);
    expect((await call("POST", url, null, { body: "I think so.", locale: "en" })).status).toBe(401);

    const buyer = await deliveredBuyer(product.id, admin.cookie);
    expect((await call("GET", `/api/products/${product.id}/questions`, buyer.cookie)).body.canAnswer).toBe(true);
    const byBuyer = await call("POST", url, buyer.cookie, { body: "Yes, 2.54 mm: it fits my breadboard.", locale: "en" });
    expect(byBuyer.status, byBuyer.text).toBe(201);
    expect(byBuyer.body).toMatchObject({ status: "pending", answer: { byShop: false, verifiedBuyer: true, authorName: "Baraka J." } });
    // waiting for the shop: the question is still unanswered in public
    expect((await call("GET", `/api/products/${product.id}/questions`, null)).body.questions.map((q: Json) => q.id)).not.toContain(asked.question.id);
    const approved = await call("POST", `/api/admin/answers/${byBuyer.body.answer.id}/moderate`, admin.cookie, { action: "publish" });
    expect(approved.status, approved.text).toBe(200);
    const listed = await call("GET", `/api/products/${product.id}/questions`, null);
    expect(listed.body.questions.find((q: Json) => q.id === asked.question.id).answers).toMatchObject([{ verifiedBuyer: true, byShop: false }]);

    await withReviewSettings({ buyersAnswer: false }, async () => {
      const off = await call("POST", url, buyer.cookie, { body: "Also fits a 2.54 mm header.", locale: "en" });
      expect(off.status).toBe(403);
      expect((await call("GET", `/api/products/${product.id}/questions`, buyer.cookie)).body.canAnswer).toBe(false);
    });
  });

  it("hidden questions leave the page and the search, with the reason logged; reports count once per person; asking is limited per hour", async () => {
    const product = await aProduct();
    const word = oddWord();
    const admin = await person("questions-admin", "admin");
    const asker = await person("questions-asker");
    const { body: asked } = await call("POST", `/api/products/${product.id}/questions`, asker.cookie, {
      body: `Call me on 0754 000 000 about ${word}`,
      locale: "sw",
    });
    const questionId: number = asked.question.id;
    await call("POST", `/api/products/${product.id}/questions/${questionId}/answers`, admin.cookie, { body: "Tafadhali uliza hapa.", locale: "sw" });
    expect((await call("GET", `/api/products?search=${word}`, null)).body.products.map((p: Json) => p.id)).toContain(product.id);

    const reporter = await person("questions-reporter");
    for (let i = 0; i < 2; i++)
      expect((await call("POST", `/api/products/${product.id}/questions/${questionId}/report`, reporter.cookie, { reason: "phone number" })).status).toBe(200);
    const [row] = await api.handle.db.select({ reports: productQuestions.reportCount }).from(productQuestions).where(eq(productQuestions.id, questionId));
    expect(row!.reports).toBe(1);
    const queue = await call("GET", "/api/admin/questions", admin.cookie);
    expect(queue.status).toBe(200);
    expect(queue.body.questions[0].reportCount).toBeGreaterThan(0);

    // hiding needs one of the allowed reasons
    expect((await call("POST", `/api/admin/questions/${questionId}/moderate`, admin.cookie, { action: "hide", reason: "bad-review" })).status).toBe(400);
    const hidden = await call("POST", `/api/admin/questions/${questionId}/moderate`, admin.cookie, {
      action: "hide",
      reason: "personal_data",
      note: "a phone number",
    });
    expect(hidden.status, hidden.text).toBe(200);
    expect(hidden.body.question).toMatchObject({ status: "hidden", hiddenReason: "personal_data" });
    expect((await call("GET", `/api/products/${product.id}/questions`, null)).body.questions.map((q: Json) => q.id)).not.toContain(questionId);
    expect((await call("GET", `/api/products/${product.id}/questions`, asker.cookie)).body.questions.map((q: Json) => q.id)).not.toContain(questionId);
    expect((await call("GET", `/api/products?search=${word}`, null)).body.products.map((p: Json) => p.id)).not.toContain(product.id);
    const logged = await api.handle.db
      .select({ detail: securityEvents.detail })
      .from(securityEvents)
      .where(and(eq(securityEvents.type, "admin-question-moderated"), sql`${securityEvents.detail}->>'questionId' = ${String(questionId)}`));
    expect(logged.at(-1)?.detail).toMatchObject({ action: "hide", reason: "personal_data", note: "a phone number" });

    // a shopper's sixth question within the hour waits
    const busy = await person("questions-busy");
    for (let i = 0; i < 5; i++)
      expect((await call("POST", `/api/products/${product.id}/questions`, busy.cookie, { body: `Question number ${i + 1}?`, locale: "en" })).status).toBe(201);
    expect((await call("POST", `/api/products/${product.id}/questions`, busy.cookie, { body: "Question number 6?", locale: "en" })).status).toBe(429);
  });
});
