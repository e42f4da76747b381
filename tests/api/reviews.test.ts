import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_REVIEW_SETTINGS, publicAuthorName, type ReviewSettings } from "../../src/lib/reviews";
import { orders, payments, productReviews, products, securityEvents } from "../../src/server/db/schema";
import { saveSiteSettings } from "../../src/server/settings/settings";
import { DAR_COURIER_ORDER } from "../fixtures/orders";
import { phoneMaker, productPicker } from "./buyers";
import { adminCookie, apiClient, multipartForm, setupApi, shopperCookie, type FormPart } from "./harness";

/**
 * Reviews by buyers through the API (the proof): only a shopper whose delivered, really
 * paid order holds the product may write one (a guest by their order's signed link), one per
 * product and person, edited through …/mine; the product's rating and count follow the published
 * reviews under concurrent writes; the shop's moderation (waiting reviews, hiding with a reason);
 * photos; helpful marks; reports and their limit; and text that looks like markup stays text.
 */
const api = setupApi();

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const { call } = apiClient<Json>(api);

const freshPhone = phoneMaker("0677", 347);
const product = productPicker(api, { offset: 100, maxPrice: 30000 });
let admin = "";

async function moderation(mode: ReviewSettings["moderation"]) {
  await saveSiteSettings(api.handle.db, { reviews: { ...DEFAULT_REVIEW_SETTINGS, moderation: mode } });
}

beforeAll(async () => {
  admin = await adminCookie(api, "reviews");
  // most tests are about writing and reading: reviews publish at once unless a test says otherwise
  await moderation("after");
});
afterAll(async () => {
  await moderation(DEFAULT_REVIEW_SETTINGS.moderation);
});

/** A signed-in shopper's order of one unit of the product, paid by bank transfer; delivered by the admin unless `delivered` is false. */
async function order(productId: number, options: { delivered?: boolean; cookie?: string } = {}) {
  const cookie = options.cookie ?? (await shopperCookie(api, "reviews"));
  const added = await call("POST", "/api/cart", cookie, { productId, variantId: "default", quantity: 1 });
  expect(added.status, added.text).toBe(200);
  const phone = freshPhone();
  const placed = await call("POST", "/api/orders", cookie, { ...DAR_COURIER_ORDER, phone: phone.local }, { "idempotency-key": randomUUID() });
  expect(placed.status, placed.text).toBe(201);
  const number: string = placed.body.order.number;
  const steps = options.delivered === false ? (["mark-paid"] as const) : (["mark-paid", "processing", "ship", "deliver"] as const);
  for (const step of steps) {
    const body = step === "ship" ? { carrier: "Kilima Express", trackingNumber: "KX-9" } : {};
    const done = await call("POST", `/api/admin/orders/${number}/${step}`, admin, body);
    expect(done.status, `${step}: ${done.text}`).toBe(200);
  }
  const [row] = await api.handle.db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
  return { cookie, number, orderId: row!.id, phone };
}

const photo = (colour = "#3070c0") =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** Requests sent so far: each from its own client address unless a test names one (the per-address limits are met only where meant). */
let sent = 0;
const nextAddress = () => `10.37.${Math.floor(++sent / 250)}.${sent % 250}`;

/** A review's form as the product page sends it (multipart), POSTed or PUT to …/mine. */
async function sendReview(
  method: "POST" | "PUT",
  productId: number,
  cookie: string | null,
  fields: { rating?: number | string; title?: string; body?: string; locale?: string; orderLink?: string; keepPhotos?: string[] },
  photos: FormPart[] = [],
) {
  const parts: FormPart[] = [
    { name: "rating", data: String(fields.rating ?? 5) },
    { name: "title", data: fields.title ?? "Works at 3.3 V" },
    { name: "body", data: fields.body ?? "Arrived well packed; powers on at 3.3 V and 5 V." },
    { name: "locale", data: fields.locale ?? "en" },
    ...(fields.orderLink ? [{ name: "orderLink", data: fields.orderLink }] : []),
    ...(fields.keepPhotos ?? []).map((data) => ({ name: "keepPhotos", data })),
    ...photos,
  ];
  const form = multipartForm(parts);
  const res = await api.app.inject({
    method,
    url: `/api/products/${productId}/reviews${method === "PUT" ? "/mine" : ""}`,
    remoteAddress: nextAddress(),
    headers: { ...form.headers, ...(cookie ? { cookie } : {}) },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json() as Json, text: res.body };
}

const list = (productId: number, cookie: string | null = null, query = "") => call("GET", `/api/products/${productId}/reviews${query}`, cookie);

/** The product row's numbers, and the same computed from its published review rows. */
async function ratingOf(productId: number) {
  const [row] = await api.handle.db
    .select({ rating: products.rating, reviews: products.reviews, counts: products.ratingCounts, realReviews: products.realReviews })
    .from(products)
    .where(eq(products.id, productId));
  const [rows] = await api.handle.db
    .select({ n: sql<number>`count(*)::int`, avg: sql<number | null>`avg(rating)::float8` })
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.status, "published")));
  return { ...row!, fromRows: { n: Number(rows!.n), avg: rows!.avg === null ? 0 : Number(rows!.avg) } };
}

describe("writing a review", () => {
  it("lets only a buyer whose order was delivered review, once, and edit it through …/mine", async () => {
    const p = await product(50);
    const pending = await order(p.id, { delivered: false });

    // a guest, a shopper who never bought it, a buyer before delivery
    expect((await sendReview("POST", p.id, null, {})).status).toBe(401);
    const stranger = await sendReview("POST", p.id, await shopperCookie(api, "reviews-stranger"), {});
    expect(stranger.status, stranger.text).toBe(403);
    expect(stranger.body).toMatchObject({ code: "review-not-allowed", reason: "not-bought" });
    const early = await sendReview("POST", p.id, pending.cookie, {});
    expect(early.status, early.text).toBe(403);
    expect(early.body).toMatchObject({ code: "review-not-allowed", reason: "not-delivered" });
    expect((await list(p.id, pending.cookie)).body.canReview).toBe(false);

    // the same shopper's next order of it is delivered: now they may
    const { cookie } = await order(p.id, { cookie: pending.cookie });
    expect((await list(p.id, cookie)).body.canReview).toBe(true);
    const made = await sendReview("POST", p.id, cookie, { rating: 4, title: "Good module", body: "Works with an Arduino Uno.", locale: "en" });
    expect(made.status, made.text).toBe(201);
    expect(made.body.review).toMatchObject({
      productId: p.id,
      rating: 4,
      title: "Good module",
      locale: "en",
      verifiedPurchase: true,
      demo: false,
      status: "published",
      mine: true,
      authorName: publicAuthorName("Test Shopper"),
      photos: [],
    });

    // one per product and person
    const again = await sendReview("POST", p.id, cookie, { rating: 1 });
    expect(again.status, again.text).toBe(409);
    expect(again.body.code).toBe("already-reviewed");

    const edited = await sendReview("PUT", p.id, cookie, { rating: 2, title: "Failed after a week", body: "Stopped working.", locale: "sw" });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.review).toMatchObject({ id: made.body.review.id, rating: 2, title: "Failed after a week", locale: "sw", status: "published" });

    const seen = await list(p.id, cookie);
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.canReview).toBe(false);
    expect(seen.body.mine).toMatchObject({ id: made.body.review.id, status: "published", rating: 2 });
    const listed = seen.body.reviews.find((r: Json) => r.id === made.body.review.id);
    expect(listed).toMatchObject({ mine: true, verifiedPurchase: true, demo: false, rating: 2 });
    // the product's numbers are its published reviews'
    const rating = await ratingOf(p.id);
    expect(rating.reviews).toBe(rating.fromRows.n);
    expect(rating.rating).toBeCloseTo(rating.fromRows.avg, 4);
    expect(seen.body.summary.count).toBe(rating.reviews);
    // a shopper who has written nothing can still not edit
    expect((await sendReview("PUT", p.id, await shopperCookie(api, "reviews-none"), {})).status).toBe(404);
  });

  it("never makes a verified purchase of an order paid in the payment sandbox", async () => {
    const p = await product(50);
    const { cookie, orderId, number } = await order(p.id);
    await api.handle.db.insert(payments).values({
      orderId,
      provider: "sandbox",
      reference: `sandbox-${number}`,
      method: "mobile_money",
      amount: 1000,
      currency: "TZS",
      status: "paid",
    });
    const refused = await sendReview("POST", p.id, cookie, {});
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body).toMatchObject({ code: "review-not-allowed", reason: "test-order" });
    expect((await list(p.id, cookie)).body.canReview).toBe(false);
  });

  it("lets a guest review by their order's signed link, as the number they ordered with", async () => {
    const p = await product(50);
    const { orderId, phone } = await order(p.id);
    await api.handle.db.update(orders).set({ userId: null, guestPhone: phone.e164 }).where(eq(orders.id, orderId));
    const token = (await api.services.links.orderPath(orderId)).split("/").pop()!;
    expect((await sendReview("POST", p.id, null, { orderLink: `${token.slice(0, -2)}xx` })).status).toBe(404);
    const made = await sendReview("POST", p.id, null, { orderLink: token, rating: 5, locale: "sw", title: "Nzuri sana" });
    expect(made.status, made.text).toBe(201);
    expect(made.body.review).toMatchObject({ verifiedPurchase: true, authorName: publicAuthorName(DAR_COURIER_ORDER.fullName), locale: "sw" });
    const [row] = await api.handle.db.select({ authorKey: productReviews.authorKey }).from(productReviews).where(eq(productReviews.id, made.body.review.id));
    expect(row!.authorKey).toBe(`phone:${phone.e164}`);
    expect((await sendReview("POST", p.id, null, { orderLink: token })).status).toBe(409);
    const edited = await sendReview("PUT", p.id, null, { orderLink: token, rating: 4, title: "Nzuri" });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.review).toMatchObject({ rating: 4, title: "Nzuri" });
  });

  it("keeps a product's average and count right when many buyers review it at once", async () => {
    const p = await product(50);
    const buyers = [];
    for (let i = 0; i < 6; i++) buyers.push(await order(p.id));
    const before = await ratingOf(p.id);
    const stars = [5, 4, 1, 5, 3, 2];
    const answers = await Promise.all(buyers.map((b, i) => sendReview("POST", p.id, b.cookie, { rating: stars[i]!, title: `Buyer ${i}` })));
    for (const answer of answers) expect(answer.status, answer.text).toBe(201);
    const after = await ratingOf(p.id);
    expect(after.reviews).toBe(before.reviews + stars.length);
    expect(after.reviews).toBe(after.fromRows.n);
    expect(after.rating).toBeCloseTo(after.fromRows.avg, 4);
    const added = [0, 0, 0, 0, 0];
    for (const s of stars) added[s - 1]! += 1;
    expect(after.counts).toEqual(before.counts.map((n, i) => n + added[i]!));
    expect(after.realReviews).toBe(before.realReviews + stars.length);

    // the same under concurrent edits of the stars
    const edits = await Promise.all(buyers.map((b) => sendReview("PUT", p.id, b.cookie, { rating: 3 })));
    for (const answer of edits) expect(answer.status, answer.text).toBe(200);
    const edited = await ratingOf(p.id);
    expect(edited.reviews).toBe(after.reviews);
    expect(edited.rating).toBeCloseTo(edited.fromRows.avg, 4);
    expect(edited.counts[2]).toBe(before.counts[2]! + stars.length);
  });
});

describe("moderation", () => {
  it("hides a review only for an allowed reason, logged, and a hidden review leaves the rating", async () => {
    const p = await product(50);
    const a = await order(p.id);
    const b = await order(p.id);
    const low = await sendReview("POST", p.id, a.cookie, { rating: 1, title: "Dead on arrival" });
    const high = await sendReview("POST", p.id, b.cookie, { rating: 5, title: "Call 0754 000 000 for cheaper ones" });
    expect([low.status, high.status]).toEqual([201, 201]);
    const before = await ratingOf(p.id);

    const bad = await call("POST", `/api/admin/reviews/${low.body.review.id}/moderate`, admin, { action: "hide", reason: "negative" });
    expect(bad.status, bad.text).toBe(400);
    const hidden = await call("POST", `/api/admin/reviews/${high.body.review.id}/moderate`, admin, {
      action: "hide",
      reason: "personal_data",
      note: "A phone number in the title",
    });
    expect(hidden.status, hidden.text).toBe(200);
    expect(hidden.body.review).toMatchObject({ status: "hidden", hiddenReason: "personal_data", moderationNote: "A phone number in the title" });

    const after = await ratingOf(p.id);
    expect(after.reviews).toBe(before.reviews - 1);
    expect(after.rating).toBeCloseTo(after.fromRows.avg, 4);
    expect(after.counts[4]).toBe(before.counts[4]! - 1);
    // gone from the public list; its author still sees it as theirs, hidden
    expect((await list(p.id)).body.reviews.map((r: Json) => r.id)).not.toContain(high.body.review.id);
    const own = await list(p.id, b.cookie);
    expect(own.body.mine).toMatchObject({ id: high.body.review.id, status: "hidden" });
    expect(own.body.reviews.map((r: Json) => r.id)).not.toContain(high.body.review.id);
    // nobody else can mark or report it
    expect((await call("POST", `/api/products/${p.id}/reviews/${high.body.review.id}/helpful`, a.cookie)).status).toBe(404);

    const logged = await api.handle.db
      .select()
      .from(securityEvents)
      .where(sql`${securityEvents.type} = 'admin-review-moderated' and (${securityEvents.detail}->>'review')::int = ${high.body.review.id}`);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.detail).toMatchObject({ action: "hide", reason: "personal_data", from: "published" });

    // the shop's public answer under the bad review, which stays
    const answered = await call("PUT", `/api/admin/reviews/${low.body.review.id}/answer`, admin, {
      body: "Sorry! Please bring it back: it is under warranty.",
    });
    expect(answered.status, answered.text).toBe(200);
    const shown = (await list(p.id)).body.reviews.find((r: Json) => r.id === low.body.review.id);
    expect(shown.shopAnswer.body).toBe("Sorry! Please bring it back: it is under warranty.");
  });

  it("keeps a new review out of the list until the shop approves it when moderation is before", async () => {
    const p = await product(50);
    const { cookie } = await order(p.id);
    await moderation("before");
    try {
      const before = await ratingOf(p.id);
      const made = await sendReview("POST", p.id, cookie, { rating: 5, title: "Waiting for the shop" });
      expect(made.status, made.text).toBe(201);
      expect(made.body.review.status).toBe("pending");
      expect((await list(p.id)).body.reviews.map((r: Json) => r.id)).not.toContain(made.body.review.id);
      expect((await list(p.id, cookie)).body.mine).toMatchObject({ id: made.body.review.id, status: "pending" });
      expect((await ratingOf(p.id)).reviews).toBe(before.reviews);

      const queue = await call("GET", "/api/admin/reviews?status=pending&limit=50", admin);
      expect(queue.status, queue.text).toBe(200);
      expect(queue.body.reviews.map((r: Json) => r.id)).toContain(made.body.review.id);

      const approved = await call("POST", `/api/admin/reviews/${made.body.review.id}/moderate`, admin, { action: "publish" });
      expect(approved.status, approved.text).toBe(200);
      expect((await list(p.id)).body.reviews.map((r: Json) => r.id)).toContain(made.body.review.id);
      expect((await ratingOf(p.id)).reviews).toBe(before.reviews + 1);

      // an edit of a published review waits again
      const edited = await sendReview("PUT", p.id, cookie, { rating: 4 });
      expect(edited.body.review.status).toBe("pending");
      expect((await list(p.id)).body.reviews.map((r: Json) => r.id)).not.toContain(made.body.review.id);
      expect((await ratingOf(p.id)).reviews).toBe(before.reviews);
    } finally {
      await moderation("after");
    }
  });
});

describe("photos, helpful marks, reports, text", () => {
  it("stores a review's photos re-encoded, keeps or replaces them on an edit, and refuses too many or non-images", async () => {
    const p = await product(50);
    const { cookie } = await order(p.id);
    const tooMany = await sendReview(
      "POST",
      p.id,
      cookie,
      {},
      await Promise.all(
        [1, 2, 3, 4, 5].map(async (i) => ({ name: "photos", data: await photo(`#${i}0${i}0${i}0`), filename: `${i}.jpg`, type: "image/jpeg" })),
      ),
    );
    expect(tooMany.status, tooMany.text).toBe(400);
    expect(tooMany.body).toMatchObject({ code: "validation", field: "photos", reason: "too-many" });
    const notImage = await sendReview("POST", p.id, cookie, {}, [{ name: "photos", data: "not a picture", filename: "x.jpg", type: "image/jpeg" }]);
    expect(notImage.status, notImage.text).toBe(400);
    expect(notImage.body.code).toBe("not-an-image");

    const made = await sendReview("POST", p.id, cookie, {}, [
      { name: "photos", data: await photo("#c03030"), filename: "front.jpg", type: "image/jpeg" },
      { name: "photos", data: await photo("#30c030"), filename: "back.jpg", type: "image/jpeg" },
    ]);
    expect(made.status, made.text).toBe(201);
    expect(made.body.review.photos).toHaveLength(2);
    for (const address of made.body.review.photos) expect(address).toMatch(/^\/media\/reviews\/[0-9a-f]{24}\.webp$/);
    const served = await api.app.inject({ method: "GET", url: made.body.review.photos[0] });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe("webp");

    const [first, second] = made.body.review.photos as string[];
    const edited = await sendReview("PUT", p.id, cookie, { keepPhotos: [second!] }, [
      { name: "photos", data: await photo("#3030c0"), filename: "side.jpg", type: "image/jpeg" },
    ]);
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.review.photos).toHaveLength(2);
    expect(edited.body.review.photos[0]).toBe(second);
    expect(edited.body.review.photos).not.toContain(first);
    // no keepPhotos: every photo stays
    const kept = await sendReview("PUT", p.id, cookie, { title: "Same photos" });
    expect(kept.body.review.photos).toEqual(edited.body.review.photos);
    // one empty keepPhotos (as the browser sends "keep none"): every photo goes
    const none = await sendReview("PUT", p.id, cookie, { keepPhotos: [""] });
    expect(none.status, none.text).toBe(200);
    expect(none.body.review.photos).toEqual([]);
  });

  it("toggles a signed-in shopper's helpful mark and sorts by it", async () => {
    const p = await product(50);
    const a = await order(p.id);
    const b = await order(p.id);
    const first = await sendReview("POST", p.id, a.cookie, { rating: 3 });
    const second = await sendReview("POST", p.id, b.cookie, { rating: 4 });
    const id = first.body.review.id;
    const voter = await shopperCookie(api, "reviews-voter");
    const url = `/api/products/${p.id}/reviews/${id}/helpful`;

    expect((await call("POST", url, null)).status).toBe(401);
    expect((await call("POST", url, a.cookie)).status).toBe(403);
    const on = await call("POST", url, voter);
    expect(on.status, on.text).toBe(200);
    expect(on.body).toEqual({ helpfulCount: 1, markedHelpful: true });
    expect((await call("POST", url, b.cookie)).body).toEqual({ helpfulCount: 2, markedHelpful: true });
    const helpful = await list(p.id, voter, "?sort=helpful");
    expect(helpful.body.reviews[0]).toMatchObject({ id, helpfulCount: 2, markedHelpful: true });
    expect((await call("POST", url, voter)).body).toEqual({ helpfulCount: 1, markedHelpful: false });
    // a review of another product is not reached through this one
    expect((await call("POST", `/api/products/${p.id + 1}/reviews/${id}/helpful`, voter)).status).toBe(404);

    // sorts and the stars filter
    expect((await list(p.id, null, "?sort=lowest")).body.reviews[0].rating).toBeLessThanOrEqual(3);
    const fours = await list(p.id, null, "?stars=4");
    expect(fours.body.reviews.map((r: Json) => r.rating)).toEqual(fours.body.reviews.map(() => 4));
    expect(fours.body.reviews.map((r: Json) => r.id)).toContain(second.body.review.id);
    expect((await list(p.id, null, "?stars=6")).status).toBe(400);
  });

  it("counts a report once per person, puts reported reviews first for the admin, and limits reports per address", async () => {
    const p = await product(50);
    const { cookie } = await order(p.id);
    const made = await sendReview("POST", p.id, cookie, { rating: 2, title: "Reported one" });
    const id = made.body.review.id;
    const url = `/api/products/${p.id}/reviews/${id}/report`;

    const first = await call("POST", url, null, { reason: "Spam link" }, {}, { ip: "10.37.250.1" });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ reported: true });
    expect((await call("POST", url, null, {}, {}, { ip: "10.37.250.1" })).status).toBe(200);
    expect((await call("POST", url, await shopperCookie(api, "reviews-reporter"), {}, {}, { ip: "10.37.250.2" })).status).toBe(200);
    const [row] = await api.handle.db.select({ reportCount: productReviews.reportCount }).from(productReviews).where(eq(productReviews.id, id));
    expect(row!.reportCount).toBe(2);

    const queue = await call("GET", "/api/admin/reviews?limit=5", admin);
    expect(queue.status, queue.text).toBe(200);
    expect(queue.body.reviews[0].reportCount).toBeGreaterThan(0);
    expect(queue.body.reviews.map((r: Json) => r.id)).toContain(id);
    const unreported = await call("GET", "/api/admin/reviews?reported=false&limit=50", admin);
    expect(unreported.status, unreported.text).toBe(200);
    expect(unreported.body.reviews.every((r: Json) => r.reportCount === 0)).toBe(true);
    expect((await call("GET", "/api/admin/reviews?reported=true&limit=50", admin)).body.reviews.every((r: Json) => r.reportCount > 0)).toBe(true);

    // one address's reports in an hour
    let last = 0;
    for (let i = 0; i < 25 && last !== 429; i++) last = (await call("POST", url, null, {}, {}, { ip: "10.37.250.3" })).status;
    expect(last).toBe(429);
  });

  it("stores markup in a title and text as text and gives it back unchanged", async () => {
    const p = await product(50);
    const { cookie } = await order(p.id);
    const markup = `<script>alert(1)</script><img src=x onerror=alert(1)>`;
    const made = await sendReview("POST", p.id, cookie, { title: markup, body: `${markup} & "quotes"` });
    expect(made.status, made.text).toBe(201);
    const shown = (await list(p.id)).body.reviews.find((r: Json) => r.id === made.body.review.id);
    expect(shown.title).toBe(markup);
    expect(shown.body).toBe(`${markup} & "quotes"`);
    const answered = await call("PUT", `/api/admin/reviews/${made.body.review.id}/answer`, admin, { body: markup });
    expect(answered.body.review.shopAnswer.body).toBe(markup);
  });
});
