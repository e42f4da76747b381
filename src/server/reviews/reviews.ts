import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { normaliseTanzanianMobile } from "@/lib/phone";
import {
  publicAuthorName,
  ratingSummary,
  REVIEW_PHOTOS_MAX,
  type HiddenReason,
  type ModerationStatus,
  type ReviewListView,
  type ReviewSort,
  type ReviewView,
} from "@/lib/reviews";
import type { Locale } from "@/lib/locale";
import { optionText } from "@/lib/variants";
import { logSecurityEvent, type RequestMeta } from "../auth/events";
import { countPerKey, type RateLimit } from "../auth/limits";
import { invalidateTags } from "../cache/tagged-cache";
import { withTransaction, type Database } from "../db";
import { orderLines, orders, productReviews, products, reviewPhotos, reviewVotes, users } from "../db/schema";
import { DomainError } from "../errors";
import type { MediaStore } from "../media/media-store";
import { storeShopperPhotos } from "../media/photo-upload";
import { testOrderSql } from "../payments/test-orders";
import { deliveredOrderSql } from "./delivered";
import { getSiteSettings } from "../settings/settings";

/**
 * Who writes or edits a review: a signed-in shopper, or a guest holding their order's signed link
 * (the SMS's `/o/<token>`), who stands for the phone number the order was placed with.
 */
export type ReviewAuthor = { userId: number } | { orderId: number };

/** Who reads a product's reviews: the signed-in shopper (their own review and their helpful marks), or nobody in particular. */
export interface ReviewViewer {
  userId: number | null;
}

/** Who reports a review: an account, or a guest known only by their client address (kept hashed). */
export interface Reporter {
  userId: number | null;
  ip: string | null;
}

export interface ReviewInput {
  rating: number;
  title: string;
  body: string;
  locale: Locale;
  /** on an edit: the addresses (`/media/…`) of the review's photos to keep; absent keeps them all */
  keepPhotos?: string[];
}

export interface ReviewLimits {
  /** reviews written or edited per person */
  writesPerAuthor: RateLimit;
  /** reports per client address (a guest may report; many shoppers share a carrier's address) */
  reportsPerAddress: RateLimit;
}

export const DEFAULT_REVIEW_LIMITS: ReviewLimits = {
  writesPerAuthor: { max: 10, windowMinutes: 60 },
  reportsPerAddress: { max: 20, windowMinutes: 60 },
};

export interface ReviewsDeps {
  db: Database;
  media: MediaStore;
  limits?: Partial<ReviewLimits>;
}

export interface ModerationQuery {
  status?: ModerationStatus;
  reported?: boolean;
  limit: number;
  offset: number;
}

export type ModerationAction = { action: "publish" } | { action: "hide"; reason: HiddenReason; note?: string };

export type AdminActor = { id: number; email: string };

type ReviewRow = typeof productReviews.$inferSelect;

/** The one purchase that entitles a person to review a product: their latest delivered, really paid order holding it. */
interface Purchase {
  orderId: number;
  authorKey: string;
  authorName: string;
  userId: number | null;
  variantLabel: string;
}

const iso = (d: Date) => d.toISOString();
const mediaPath = (key: string) => `/media/${key}`;

/** How each public sort orders the rows (the id last, so a page boundary never repeats or skips a review). */
const SORT_ORDER: Record<ReviewSort, SQL[]> = {
  newest: [desc(productReviews.createdAt), desc(productReviews.id)],
  helpful: [desc(productReviews.helpfulCount), desc(productReviews.createdAt), desc(productReviews.id)],
  highest: [desc(productReviews.rating), desc(productReviews.createdAt), desc(productReviews.id)],
  lowest: [asc(productReviews.rating), desc(productReviews.createdAt), desc(productReviews.id)],
};

/**
 * Reviews by buyers: writing one (only a person whose delivered order, not paid in the payment
 * sandbox, holds the product; one per product and person, editable), the public lists with the
 * rating summary, helpful marks and reports, and the admin's moderation (publish, hide for abuse,
 * spam or personal data only, the shop's public answer). The product's rating and counts are kept
 * by the database's trigger (migration 0047) in the transaction that changes a review; every change
 * that may move them drops the catalogue's cached pages after the commit.
 */
export function createReviewsService(deps: ReviewsDeps) {
  const { db } = deps;
  const limits: ReviewLimits = { ...DEFAULT_REVIEW_LIMITS, ...deps.limits };

  /** The key one person's review is stored under, without asking whether they bought anything. */
  async function authorKeyOf(tx: Database, author: ReviewAuthor): Promise<string | null> {
    if ("userId" in author) return `user:${author.userId}`;
    const [order] = await tx.select({ phone: orders.phone, guestPhone: orders.guestPhone }).from(orders).where(eq(orders.id, author.orderId));
    return order ? guestKey(author.orderId, order.guestPhone ?? order.phone) : null;
  }

  /**
   * The purchase that lets this person review the product, or the reason they may not: no order
   * of theirs holds it, none is delivered yet, or every delivered one was paid in the sandbox.
   */
  async function purchaseOf(tx: Database, author: ReviewAuthor, productId: number): Promise<Purchase> {
    const owner = "userId" in author ? eq(orders.userId, author.userId) : eq(orders.id, author.orderId);
    const held = await tx
      .selectDistinctOn([orders.id], {
        orderId: orders.id,
        fullName: orders.fullName,
        phone: orders.phone,
        guestPhone: orders.guestPhone,
        attributes: orderLines.attributes,
        delivered: deliveredOrderSql(orders.id),
        test: testOrderSql(orders.id),
      })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(owner, eq(orderLines.productId, productId)))
      .orderBy(desc(orders.id), asc(orderLines.id));
    if (held.length === 0) throw notAllowed("not-bought");
    const delivered = held.filter((o) => o.delivered);
    if (delivered.length === 0) throw notAllowed("not-delivered");
    const real = delivered.find((o) => !o.test);
    if (!real) throw notAllowed("test-order");
    let authorName = real.fullName;
    if ("userId" in author) {
      const [user] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, author.userId));
      if (user?.fullName.trim()) authorName = user.fullName;
    }
    return {
      orderId: real.orderId,
      authorKey: "userId" in author ? `user:${author.userId}` : guestKey(real.orderId, real.guestPhone ?? real.phone),
      authorName: publicAuthorName(authorName),
      userId: "userId" in author ? author.userId : null,
      variantLabel: optionText(real.attributes),
    };
  }

  async function photosOf(tx: Database, reviewIds: number[]): Promise<Map<number, string[]>> {
    const byReview = new Map<number, string[]>();
    if (reviewIds.length === 0) return byReview;
    const rows = await tx
      .select({ reviewId: reviewPhotos.reviewId, mediaKey: reviewPhotos.mediaKey })
      .from(reviewPhotos)
      .where(inArray(reviewPhotos.reviewId, reviewIds))
      .orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.position), asc(reviewPhotos.id));
    for (const row of rows) byReview.set(row.reviewId, [...(byReview.get(row.reviewId) ?? []), mediaPath(row.mediaKey)]);
    return byReview;
  }

  async function helpfulMarks(tx: Database, voterKey: string | null, reviewIds: number[]): Promise<Set<number>> {
    if (!voterKey || reviewIds.length === 0) return new Set();
    const rows = await tx
      .select({ reviewId: reviewVotes.reviewId })
      .from(reviewVotes)
      .where(and(eq(reviewVotes.voterKey, voterKey), eq(reviewVotes.kind, "helpful"), inArray(reviewVotes.reviewId, reviewIds)));
    return new Set(rows.map((r) => r.reviewId));
  }

  function viewOf(row: ReviewRow, photos: Map<number, string[]>, marked: Set<number>, viewerKey: string | null): ReviewView {
    return {
      id: row.id,
      productId: row.productId,
      authorName: row.authorName,
      rating: row.rating,
      title: row.title,
      body: row.body,
      locale: row.locale,
      variantLabel: row.variantLabel,
      verifiedPurchase: row.verifiedPurchase,
      demo: row.demo,
      helpfulCount: row.helpfulCount,
      photos: photos.get(row.id) ?? [],
      shopAnswer: row.shopAnswer && row.shopAnsweredAt ? { body: row.shopAnswer, at: iso(row.shopAnsweredAt) } : null,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      mine: viewerKey !== null && row.authorKey === viewerKey,
      markedHelpful: marked.has(row.id),
    };
  }

  async function ownView(tx: Database, row: ReviewRow) {
    const photos = await photosOf(tx, [row.id]);
    const marked = row.userId ? await helpfulMarks(tx, `user:${row.userId}`, [row.id]) : new Set<number>();
    return { ...viewOf(row, photos, marked, row.authorKey), status: row.status };
  }

  async function adminViews(tx: Database, rows: ReviewRow[]) {
    const photos = await photosOf(
      tx,
      rows.map((r) => r.id),
    );
    const productIds = [...new Set(rows.map((r) => r.productId))];
    const orderIds = [...new Set(rows.map((r) => r.orderId).filter((id): id is number => id !== null))];
    const [productRows, orderRows] = await Promise.all([
      productIds.length
        ? tx.select({ id: products.id, name: products.name, slug: products.slug }).from(products).where(inArray(products.id, productIds))
        : Promise.resolve([]),
      orderIds.length ? tx.select({ id: orders.id, number: orders.number }).from(orders).where(inArray(orders.id, orderIds)) : Promise.resolve([]),
    ]);
    const productById = new Map(productRows.map((p) => [p.id, p]));
    const orderById = new Map(orderRows.map((o) => [o.id, o.number]));
    return rows.map((row) => ({
      ...viewOf(row, photos, new Set(), null),
      status: row.status,
      hiddenReason: row.hiddenReason,
      moderationNote: row.moderationNote,
      reportCount: row.reportCount,
      productName: productById.get(row.productId)?.name ?? "",
      productSlug: productById.get(row.productId)?.slug ?? "",
      orderNumber: row.orderId !== null ? (orderById.get(row.orderId) ?? null) : null,
    }));
  }

  /** A review of this product by its id, whatever its state (the routes name both, so a review is never reached through another product). */
  async function reviewOf(tx: Database, productId: number, reviewId: number): Promise<ReviewRow> {
    const [row] = await tx
      .select()
      .from(productReviews)
      .where(and(eq(productReviews.id, reviewId), eq(productReviews.productId, productId)));
    if (!row) throw new DomainError("not-found", "Review not found");
    return row;
  }

  /** A published review of this product: pending and hidden ones do not exist for anyone but their author and the shop. */
  async function publishedReview(tx: Database, productId: number, reviewId: number): Promise<ReviewRow> {
    const row = await reviewOf(tx, productId, reviewId);
    if (row.status !== "published") throw new DomainError("not-found", "Review not found");
    return row;
  }

  async function requireProduct(tx: Database, productId: number) {
    const [product] = await tx
      .select({ id: products.id, ratingCounts: products.ratingCounts })
      .from(products)
      .where(and(eq(products.id, productId), sql`${products.archivedAt} is null`));
    if (!product) throw new DomainError("not-found", "Product not found");
    return product;
  }

  function checkPhotoCount(count: number) {
    if (count > REVIEW_PHOTOS_MAX)
      throw new DomainError("validation", `Send at most ${REVIEW_PHOTOS_MAX} photos`, { field: "photos", reason: "too-many", max: REVIEW_PHOTOS_MAX });
  }

  return {
    /**
     * A page of a product's published reviews with its rating summary (from the product row, which
     * the trigger keeps), the viewer's own review in whatever state, and whether they may write one.
     */
    async list(productId: number, query: { sort: ReviewSort; stars?: number; limit: number; offset: number }, viewer: ReviewViewer): Promise<ReviewListView> {
      const product = await requireProduct(db, productId);
      const where = and(
        eq(productReviews.productId, productId),
        eq(productReviews.status, "published"),
        query.stars ? eq(productReviews.rating, query.stars) : undefined,
      );
      const viewerKey = viewer.userId !== null ? `user:${viewer.userId}` : null;
      const [rows, [total], [own]] = await Promise.all([
        db
          .select()
          .from(productReviews)
          .where(where)
          .orderBy(...SORT_ORDER[query.sort])
          .limit(query.limit)
          .offset(query.offset),
        db.select({ n: count() }).from(productReviews).where(where),
        viewerKey
          ? db
              .select()
              .from(productReviews)
              .where(and(eq(productReviews.productId, productId), eq(productReviews.authorKey, viewerKey)))
          : Promise.resolve([] as ReviewRow[]),
      ]);
      const ids = rows.map((r) => r.id);
      const [photos, marked] = await Promise.all([photosOf(db, own ? [...ids, own.id] : ids), helpfulMarks(db, viewerKey, own ? [...ids, own.id] : ids)]);
      let canReview = false;
      if (viewer.userId !== null && !own)
        canReview = await purchaseOf(db, { userId: viewer.userId }, productId).then(
          () => true,
          (error: unknown) => {
            if (error instanceof DomainError && error.code === "review-not-allowed") return false;
            throw error;
          },
        );
      return {
        productId,
        summary: ratingSummary(product.ratingCounts),
        reviews: rows.map((row) => viewOf(row, photos, marked, viewerKey)),
        total: Number(total?.n ?? 0),
        limit: query.limit,
        offset: query.offset,
        sort: query.sort,
        mine: own ? { ...viewOf(own, photos, marked, viewerKey), status: own.status } : null,
        canReview,
      };
    },

    /**
     * Writes a buyer's review: the purchase checked (403 with the reason), one per product and
     * person (409), the photos re-encoded and stored before the row, published at once or waiting
     * for the shop by the `reviews.moderation` setting. A verified purchase: the order behind it
     * was delivered and really paid.
     */
    async create(author: ReviewAuthor, productId: number, input: ReviewInput, photos: Buffer[]) {
      checkPhotoCount(photos.length);
      await requireProduct(db, productId);
      const purchase = await purchaseOf(db, author, productId);
      const existing = await db
        .select({ id: productReviews.id })
        .from(productReviews)
        .where(and(eq(productReviews.productId, productId), eq(productReviews.authorKey, purchase.authorKey)));
      if (existing.length) throw alreadyReviewed();
      await countPerKey(db, `review-write:${purchase.authorKey}`, limits.writesPerAuthor, "reviewsLimited");
      const keys = await storeShopperPhotos(deps.media, "reviews", photos);
      const settings = await getSiteSettings(db);
      const status: ModerationStatus = settings.reviews.moderation === "before" ? "pending" : "published";
      const review = await withTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(productReviews)
          .values({
            productId,
            userId: purchase.userId,
            authorKey: purchase.authorKey,
            authorName: purchase.authorName,
            orderId: purchase.orderId,
            variantLabel: purchase.variantLabel,
            rating: input.rating,
            title: input.title.trim(),
            body: input.body.trim(),
            locale: input.locale,
            status,
            verifiedPurchase: true,
          })
          // two sends at once: the unique index lets one in, the other is told it has one
          .onConflictDoNothing({ target: [productReviews.productId, productReviews.authorKey] })
          .returning();
        if (!row) throw alreadyReviewed();
        if (keys.length) await tx.insert(reviewPhotos).values(keys.map((mediaKey, position) => ({ reviewId: row.id, mediaKey, position })));
        return ownView(tx, row);
      });
      if (status === "published") invalidateTags("catalog");
      return review;
    },

    /**
     * Edits the author's own review: its words, stars and photos (those kept plus new ones, at most
     * REVIEW_PHOTOS_MAX). Where the shop approves reviews first, an edited published review waits
     * again; a hidden one edited goes back to the shop's queue (the author may have taken out what
     * it was hidden for).
     */
    async update(author: ReviewAuthor, productId: number, input: ReviewInput, photos: Buffer[]) {
      const authorKey = await authorKeyOf(db, author);
      const [current] = authorKey
        ? await db
            .select()
            .from(productReviews)
            .where(and(eq(productReviews.productId, productId), eq(productReviews.authorKey, authorKey)))
        : [];
      if (!current) throw new DomainError("not-found", "You have not reviewed this product");
      const existing = await db
        .select({ id: reviewPhotos.id, mediaKey: reviewPhotos.mediaKey })
        .from(reviewPhotos)
        .where(eq(reviewPhotos.reviewId, current.id))
        .orderBy(asc(reviewPhotos.position), asc(reviewPhotos.id));
      const kept = input.keepPhotos === undefined ? existing : existing.filter((p) => input.keepPhotos!.includes(mediaPath(p.mediaKey)));
      checkPhotoCount(kept.length + photos.length);
      await countPerKey(db, `review-write:${current.authorKey}`, limits.writesPerAuthor, "reviewsLimited");
      const keys = await storeShopperPhotos(deps.media, "reviews", photos);
      const settings = await getSiteSettings(db);
      const status: ModerationStatus =
        current.status === "hidden" || (current.status === "published" && settings.reviews.moderation === "before") ? "pending" : current.status;
      const review = await withTransaction(db, async (tx) => {
        const [row] = await tx
          .update(productReviews)
          .set({
            rating: input.rating,
            title: input.title.trim(),
            body: input.body.trim(),
            locale: input.locale,
            status,
            ...(status !== current.status ? { hiddenReason: null, moderationNote: null } : {}),
            updatedAt: new Date(),
          })
          .where(eq(productReviews.id, current.id))
          .returning();
        if (!row) throw new DomainError("not-found", "You have not reviewed this product");
        // the kept photos first, in their order, then the new ones
        const order = [...kept.map((p) => p.mediaKey), ...keys];
        await tx.delete(reviewPhotos).where(eq(reviewPhotos.reviewId, row.id));
        if (order.length) await tx.insert(reviewPhotos).values(order.map((mediaKey, position) => ({ reviewId: row.id, mediaKey, position })));
        return ownView(tx, row);
      });
      if (current.status === "published" || review.status === "published") invalidateTags("catalog");
      return review;
    },

    /** Marks a published review helpful for this account, or takes the mark back: the count moves in the same transaction. */
    async toggleHelpful(userId: number, productId: number, reviewId: number): Promise<{ helpfulCount: number; markedHelpful: boolean }> {
      const voterKey = `user:${userId}`;
      return withTransaction(db, async (tx) => {
        const review = await publishedReview(tx, productId, reviewId);
        if (review.authorKey === voterKey) throw new DomainError("forbidden", "Your own review cannot be marked helpful by you");
        const removed = await tx
          .delete(reviewVotes)
          .where(and(eq(reviewVotes.reviewId, reviewId), eq(reviewVotes.voterKey, voterKey), eq(reviewVotes.kind, "helpful")))
          .returning({ reviewId: reviewVotes.reviewId });
        let marked = false;
        if (removed.length === 0) {
          const added = await tx
            .insert(reviewVotes)
            .values({ reviewId, voterKey, kind: "helpful" })
            .onConflictDoNothing()
            .returning({ reviewId: reviewVotes.reviewId });
          marked = true;
          if (added.length === 0) {
            const [row] = await tx.select({ helpfulCount: productReviews.helpfulCount }).from(productReviews).where(eq(productReviews.id, reviewId));
            return { helpfulCount: row!.helpfulCount, markedHelpful: true };
          }
        }
        const [row] = await tx
          .update(productReviews)
          .set({ helpfulCount: sql`greatest(${productReviews.helpfulCount} + ${marked ? 1 : -1}, 0)` })
          .where(eq(productReviews.id, reviewId))
          .returning({ helpfulCount: productReviews.helpfulCount });
        return { helpfulCount: row!.helpfulCount, markedHelpful: marked };
      });
    },

    /**
     * Reports a published review to the shop: counted once per person (an account, or a guest's
     * hashed client address), limited per client address; a repeat is answered the same way and
     * counts nothing. Reported reviews lead the admin's list.
     */
    async report(reporter: Reporter, productId: number, reviewId: number, reason: string | undefined): Promise<{ reported: true }> {
      if (reporter.ip) await countPerKey(db, `review-report:${reporter.ip}`, limits.reportsPerAddress, "reportsLimited");
      const voterKey = reporter.userId !== null ? `user:${reporter.userId}` : reporter.ip ? `ip:${hashAddress(reporter.ip)}` : null;
      if (!voterKey) throw new DomainError("unauthenticated", "Sign in to report a review");
      await withTransaction(db, async (tx) => {
        await publishedReview(tx, productId, reviewId);
        const added = await tx
          .insert(reviewVotes)
          .values({ reviewId, voterKey, kind: "report", reason: reason?.trim() || null })
          .onConflictDoNothing()
          .returning({ reviewId: reviewVotes.reviewId });
        if (added.length)
          await tx
            .update(productReviews)
            .set({ reportCount: sql`${productReviews.reportCount} + 1` })
            .where(eq(productReviews.id, reviewId));
      });
      return { reported: true };
    },

    /** The admin's queue: reported reviews first (most reports first), then those waiting (oldest first), then the rest (newest first). */
    async adminList(query: ModerationQuery) {
      const where = and(
        query.status ? eq(productReviews.status, query.status) : undefined,
        query.reported === undefined ? undefined : query.reported ? sql`${productReviews.reportCount} > 0` : eq(productReviews.reportCount, 0),
      );
      const rows = await db
        .select()
        .from(productReviews)
        .where(where)
        .orderBy(
          sql`case when ${productReviews.reportCount} > 0 and ${productReviews.status} <> 'hidden' then 0 when ${productReviews.status} = 'pending' then 1 else 2 end`,
          desc(productReviews.reportCount),
          sql`case when ${productReviews.status} = 'pending' then ${productReviews.createdAt} end asc nulls last`,
          desc(productReviews.createdAt),
          desc(productReviews.id),
        )
        .limit(query.limit)
        .offset(query.offset);
      const [total] = await db.select({ n: count() }).from(productReviews).where(where);
      return { reviews: await adminViews(db, rows), total: Number(total?.n ?? 0) };
    },

    /**
     * Publishes a review, or hides it for one of the allowed reasons (abuse, spam, personal data:
     * never for being a bad review) with the admin's note; who and when are kept on the review, and
     * the decision in the security log. Publishing clears the reports it was answered for.
     */
    async moderate(actor: AdminActor, reviewId: number, action: ModerationAction, meta: RequestMeta) {
      const review = await withTransaction(db, async (tx) => {
        const [current] = await tx.select().from(productReviews).where(eq(productReviews.id, reviewId)).for("update");
        if (!current) throw new DomainError("not-found", "Review not found");
        const [row] = await tx
          .update(productReviews)
          .set(
            action.action === "publish"
              ? { status: "published", hiddenReason: null, moderationNote: null, reportCount: 0, moderatedBy: actor.id, moderatedAt: new Date() }
              : {
                  status: "hidden",
                  hiddenReason: action.reason,
                  moderationNote: action.note?.trim() || null,
                  moderatedBy: actor.id,
                  moderatedAt: new Date(),
                },
          )
          .where(eq(productReviews.id, reviewId))
          .returning();
        await logSecurityEvent(
          tx,
          {
            type: "admin-review-moderated",
            userId: actor.id,
            email: actor.email,
            detail: {
              by: actor.email,
              review: reviewId,
              product: current.productId,
              action: action.action,
              from: current.status,
              ...(action.action === "hide" ? { reason: action.reason, note: action.note?.trim() || null } : {}),
            },
          },
          meta,
        );
        const [view] = await adminViews(tx, [row!]);
        return view!;
      });
      invalidateTags("catalog");
      return review;
    },

    /** The shop's public answer under a review (an empty text takes it away). */
    async answer(actor: AdminActor, reviewId: number, body: string) {
      const text = body.trim();
      const review = await withTransaction(db, async (tx) => {
        const [row] = await tx
          .update(productReviews)
          .set(
            text
              ? { shopAnswer: text, shopAnsweredAt: new Date(), shopAnsweredBy: actor.id }
              : { shopAnswer: null, shopAnsweredAt: null, shopAnsweredBy: null },
          )
          .where(eq(productReviews.id, reviewId))
          .returning();
        if (!row) throw new DomainError("not-found", "Review not found");
        const [view] = await adminViews(tx, [row]);
        return view!;
      });
      invalidateTags("catalog");
      return review;
    },
  };
}

/** A guest's review key: the number the order was placed with, so the same person through another order's link is the same author. */
function guestKey(orderId: number, phone: string): string {
  const e164 = normaliseTanzanianMobile(phone);
  return e164 ? `phone:${e164}` : `order:${orderId}`;
}

function hashAddress(ip: string): string {
  return createHash("sha256").update(`review-report:${ip}`).digest("hex").slice(0, 32);
}

function notAllowed(reason: "not-bought" | "not-delivered" | "test-order"): DomainError {
  const text = {
    "not-bought": "Only buyers of this product can review it",
    "not-delivered": "You can review this product once your order is delivered",
    "test-order": "An order paid in the payment sandbox does not make a verified purchase",
  }[reason];
  return new DomainError("review-not-allowed", text, { reason });
}

function alreadyReviewed(): DomainError {
  return new DomainError("already-reviewed", "You have already reviewed this product: edit your review instead");
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
