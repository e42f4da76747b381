import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ownReviewResponseSchema,
  productIdParamsSchema,
  reportedResponseSchema,
  reportRequestSchema,
  reviewListQuerySchema,
  reviewListResponseSchema,
  reviewParamsSchema,
  reviewRequestSchema,
} from "@/lib/contract/reviews";
import { REVIEW_PHOTOS_MAX } from "@/lib/reviews";
import { DomainError } from "@/server/errors";
import type { ReviewAuthor } from "@/server/reviews/reviews";
import type { ApiContext } from "./context";
import { photoFormLimits, readPhotoForm } from "./photo-form";

/** The text fields of a review's form (`keepPhotos` may repeat: one per photo kept on an edit). */
const FIELDS = new Set(["rating", "title", "body", "locale", "keepPhotos", "orderLink"]);
/** keepPhotos repeats up to the review's photos (and the schema's cap) */
const FIELD_PARTS = FIELDS.size + 10;
/** Reviews written or edited from one client address in an hour (each may store photos); the service limits each person too. */
const WRITES_PER_ADDRESS = { max: 30, timeWindow: 60 * 60_000 };

/**
 * A product's reviews, for anyone, and writing one's own, for a buyer signed in or a guest holding
 * their order's signed link (`orderLink`): registered in the signed-in-or-guest scope
 * (`request.visitor` is the signed-in person or null). Marking helpful is the signed-in scope's
 * (./shopper/reviews.ts), moderation the admin's (./admin/reviews.ts).
 * - GET /api/products/{id}/reviews?sort&stars&limit&offset: published reviews, the rating summary, the viewer's own.
 * - POST /api/products/{id}/reviews, multipart (rating, title, body, locale, orderLink?, photos ≤ 4)
 *   → 201 {review}; 401 for a guest without orderLink, 403 review-not-allowed (reason), 409 already-reviewed.
 * - PUT /api/products/{id}/reviews/mine, multipart (the same, and keepPhotos) → 200 {review}.
 * - POST /api/products/{id}/reviews/{reviewId}/report {reason?} → {reported: true}, limited per address.
 */
export const reviewRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  /** Who writes: the holder of an order's link when one is sent, else the signed-in shopper (401 for neither). */
  async function author(request: FastifyRequest, orderLink: string | undefined): Promise<ReviewAuthor> {
    if (orderLink) {
      const orderId = await services.links.orderFromToken(orderLink);
      if (orderId === null) throw new DomainError("not-found", "Order not found");
      return { orderId };
    }
    if (request.visitor) return { userId: request.visitor.id };
    throw new DomainError("unauthenticated", "Sign in, or open your order from the link in its text message, to review this product");
  }

  /** The review's fields and photos from its multipart form, checked by the contract's schema. */
  async function reviewForm(request: FastifyRequest) {
    const form = await readPhotoForm(request, { fields: FIELDS, maxPhotos: REVIEW_PHOTOS_MAX });
    // keepPhotos repeats (one field per photo kept): its list of values, every other field its one value
    const parsed = reviewRequestSchema.safeParse({ ...form.fields, keepPhotos: form.lists.keepPhotos });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? "body");
      throw new DomainError("validation", `${field}: ${issue?.message ?? "not valid"}`, { field, reason: "invalid" });
    }
    const { orderLink, ...input } = parsed.data;
    return { orderLink, input, photos: form.photos };
  }

  app.get(
    "/products/:id/reviews",
    { schema: { params: productIdParamsSchema, querystring: reviewListQuerySchema, response: { 200: reviewListResponseSchema } } },
    async (request) => services.reviews.list(request.params.id, request.query, { userId: request.visitor?.id ?? null }),
  );

  app.post(
    "/products/:id/reviews/:reviewId/report",
    { config: { rateLimit: WRITES_PER_ADDRESS }, schema: { params: reviewParamsSchema, body: reportRequestSchema, response: { 200: reportedResponseSchema } } },
    async (request) =>
      services.reviews.report({ userId: request.visitor?.id ?? null, ip: request.ip }, request.params.id, request.params.reviewId, request.body.reason),
  );

  await app.register(multipart, { limits: { ...photoFormLimits(FIELD_PARTS, REVIEW_PHOTOS_MAX) } });

  app.post(
    "/products/:id/reviews",
    { config: { rateLimit: WRITES_PER_ADDRESS }, schema: { params: productIdParamsSchema, response: { 201: ownReviewResponseSchema } } },
    async (request, reply) => {
      const { orderLink, input, photos } = await reviewForm(request);
      const review = await services.reviews.create(await author(request, orderLink), request.params.id, input, photos);
      return reply.code(201).send({ review });
    },
  );

  app.put(
    "/products/:id/reviews/mine",
    { config: { rateLimit: WRITES_PER_ADDRESS }, schema: { params: productIdParamsSchema, response: { 200: ownReviewResponseSchema } } },
    async (request) => {
      const { orderLink, input, photos } = await reviewForm(request);
      return { review: await services.reviews.update(await author(request, orderLink), request.params.id, input, photos) };
    },
  );
};
