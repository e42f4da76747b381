import { z } from "zod";
import { LOCALES } from "../locale";
import {
  ANSWER_MAX,
  HIDDEN_REASONS,
  MODERATION_STATUSES,
  QUESTION_MAX,
  REPORT_REASON_MAX,
  REVIEW_BODY_MAX,
  REVIEW_SORTS,
  REVIEW_TITLE_MAX,
  SHOP_ANSWER_MAX,
  type AnswerView,
  type QuestionListView,
  type QuestionView,
  type RatingSummary,
  type ReviewListView,
  type ReviewView,
} from "../reviews";
import type { Same } from "./common";
import { idParams, text } from "./fields";

/**
 * Reviews and questions (src/server/reviews): the public lists, writing and editing one's own
 * review (multipart, with photos), marking helpful, reporting, asking and answering, and the
 * admin's moderation. Lists take `limit` and `offset` as elsewhere.
 */

const page = {
  limit: z.coerce.number<number | string>().int().min(1).max(50).default(10),
  offset: z.coerce.number<number | string>().int().min(0).max(100_000).default(0),
};

/** /api/products/{id}/reviews and …/questions */
export const productIdParamsSchema = idParams;
export const reviewParamsSchema = z.object({ id: idParams.shape.id, reviewId: idParams.shape.id });
export const questionParamsSchema = z.object({ id: idParams.shape.id, questionId: idParams.shape.id });

/** GET /api/products/{id}/reviews?sort&stars&limit&offset */
export const reviewListQuerySchema = z.object({
  sort: z.enum(REVIEW_SORTS).default("newest"),
  /** only reviews giving this many stars */
  stars: z.coerce.number<number | string>().int().min(1).max(5).optional(),
  ...page,
});
export type ReviewListQuery = z.input<typeof reviewListQuerySchema>;

/**
 * The fields of POST /api/products/{id}/reviews and PUT …/reviews/mine after the multipart body is
 * read (photos apart). `keepPhotos` (PUT) lists the addresses of the review's photos to keep.
 */
export const reviewRequestSchema = z
  .object({
    rating: z.coerce.number<number | string>().int().min(1, "Choose from 1 to 5 stars").max(5, "Choose from 1 to 5 stars"),
    title: text("title", REVIEW_TITLE_MAX).default(""),
    body: text("body", REVIEW_BODY_MAX).default(""),
    locale: z.enum(LOCALES),
    keepPhotos: z.array(text("keepPhotos", 300)).max(10).optional(),
    /** a guest's review: the token of their order's signed link (/o/<token>) stands for the signed-in buyer */
    orderLink: text("orderLink", 40).optional(),
  })
  .strict();
export type ReviewRequest = z.input<typeof reviewRequestSchema>;

/** POST …/reviews/{reviewId}/report and …/questions/{questionId}/report */
export const reportRequestSchema = z.object({ reason: text("reason", REPORT_REASON_MAX).optional() }).strict();
export type ReportRequest = z.input<typeof reportRequestSchema>;

/** POST /api/products/{id}/questions */
export const questionRequestSchema = z
  .object({ body: text("body", QUESTION_MAX, { min: 5, minMessage: "Write your question" }), locale: z.enum(LOCALES) })
  .strict();
export type QuestionRequest = z.input<typeof questionRequestSchema>;

/** POST /api/products/{id}/questions/{questionId}/answers (an admin answers as the shop) */
export const answerRequestSchema = z.object({ body: text("body", ANSWER_MAX, { min: 2, minMessage: "Write your answer" }), locale: z.enum(LOCALES) }).strict();
export type AnswerRequest = z.input<typeof answerRequestSchema>;

/** GET /api/products/{id}/questions?limit&offset&q */
export const questionListQuerySchema = z.object({ q: text("q", 200).optional(), ...page });
export type QuestionListQuery = z.input<typeof questionListQuerySchema>;

// ---- answers ------------------------------------------------------------------------------

const instantText = z.iso.datetime({ offset: true });

export const ratingSummarySchema = z.object({
  average: z.number(),
  count: z.number().int(),
  distribution: z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int(), z.number().int()]),
});
export const ratingSummaryIsView: Same<z.input<typeof ratingSummarySchema>, RatingSummary> = true;

export const reviewSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  authorName: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  locale: z.enum(LOCALES),
  variantLabel: z.string(),
  verifiedPurchase: z.boolean(),
  demo: z.boolean(),
  helpfulCount: z.number().int(),
  photos: z.array(z.string()),
  shopAnswer: z.object({ body: z.string(), at: instantText }).nullable(),
  createdAt: instantText,
  updatedAt: instantText,
  mine: z.boolean(),
  markedHelpful: z.boolean(),
});
export const reviewIsView: Same<z.input<typeof reviewSchema>, ReviewView> = true;

const ownReviewSchema = reviewSchema.extend({ status: z.enum(MODERATION_STATUSES) });

export const reviewListResponseSchema = z.object({
  productId: z.number().int(),
  summary: ratingSummarySchema,
  reviews: z.array(reviewSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  sort: z.enum(REVIEW_SORTS),
  mine: ownReviewSchema.nullable(),
  canReview: z.boolean(),
});
export const reviewListIsView: Same<z.input<typeof reviewListResponseSchema>, ReviewListView> = true;
export type ReviewListResponse = z.input<typeof reviewListResponseSchema>;

/** 201 (POST) or 200 (PUT): the review as its author sees it, with its state */
export const ownReviewResponseSchema = z.object({ review: ownReviewSchema });
export type OwnReviewResponse = z.input<typeof ownReviewResponseSchema>;

/** POST …/helpful (toggles the viewer's mark) */
export const helpfulResponseSchema = z.object({ helpfulCount: z.number().int(), markedHelpful: z.boolean() });
export const reportedResponseSchema = z.object({ reported: z.literal(true) });
export type HelpfulResponse = z.input<typeof helpfulResponseSchema>;
export type ReportedResponse = z.input<typeof reportedResponseSchema>;

export const answerSchema = z.object({
  id: z.number().int(),
  authorName: z.string(),
  byShop: z.boolean(),
  verifiedBuyer: z.boolean(),
  body: z.string(),
  locale: z.enum(LOCALES),
  createdAt: instantText,
});
export const answerIsView: Same<z.input<typeof answerSchema>, AnswerView> = true;

export const questionSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  authorName: z.string(),
  body: z.string(),
  locale: z.enum(LOCALES),
  demo: z.boolean(),
  answers: z.array(answerSchema),
  createdAt: instantText,
  mine: z.boolean(),
});
export const questionIsView: Same<z.input<typeof questionSchema>, QuestionView> = true;

export const questionListResponseSchema = z.object({
  productId: z.number().int(),
  questions: z.array(questionSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  canAnswer: z.boolean(),
});
export const questionListIsView: Same<z.input<typeof questionListResponseSchema>, QuestionListView> = true;
export type QuestionListResponse = z.input<typeof questionListResponseSchema>;

/** 201: the question (or answer) and its state (pending until the shop approves it, where the setting says so) */
export const questionCreatedResponseSchema = z.object({ question: questionSchema, status: z.enum(MODERATION_STATUSES) });
export const answerCreatedResponseSchema = z.object({ answer: answerSchema, status: z.enum(MODERATION_STATUSES) });

// ---- admin moderation ------------------------------------------------------------------------------

/** GET /api/admin/reviews?status&limit&offset (reported first, then the oldest waiting); the same for /api/admin/questions */
export const moderationListQuerySchema = z.object({
  status: z.enum(MODERATION_STATUSES).optional(),
  /** "true": only reported ones, "false": only unreported ones (a coerced boolean would read "false" as true) */
  reported: z
    .enum(["true", "false"], { message: "reported must be true or false" })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === "true")),
  ...page,
});

/** POST /api/admin/reviews/{id}/moderate (and questions, answers): publish, or hide with one of the allowed reasons and a note */
export const moderateRequestSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("publish") }).strict(),
  z.object({ action: z.literal("hide"), reason: z.enum(HIDDEN_REASONS), note: text("note", 500).optional() }).strict(),
]);
export type ModerateRequest = z.input<typeof moderateRequestSchema>;

/** PUT /api/admin/reviews/{id}/answer: the shop's public answer (empty removes it) */
export const shopAnswerRequestSchema = z.object({ body: text("body", SHOP_ANSWER_MAX) }).strict();
export type ShopAnswerRequest = z.input<typeof shopAnswerRequestSchema>;

export const adminReviewSchema = reviewSchema.extend({
  status: z.enum(MODERATION_STATUSES),
  hiddenReason: z.enum(HIDDEN_REASONS).nullable(),
  moderationNote: z.string().nullable(),
  reportCount: z.number().int(),
  productName: z.string(),
  productSlug: z.string(),
  orderNumber: z.string().nullable(),
});
export const adminReviewListResponseSchema = z.object({ reviews: z.array(adminReviewSchema), total: z.number().int() });
export const adminReviewResponseSchema = z.object({ review: adminReviewSchema });
export type AdminReviewView = z.input<typeof adminReviewSchema>;
export type AdminReviewListResponse = z.input<typeof adminReviewListResponseSchema>;
export type AdminReviewResponse = z.input<typeof adminReviewResponseSchema>;
export type ModerationListQuery = z.input<typeof moderationListQuerySchema>;

export const adminQuestionSchema = questionSchema.extend({
  status: z.enum(MODERATION_STATUSES),
  hiddenReason: z.enum(HIDDEN_REASONS).nullable(),
  reportCount: z.number().int(),
  productName: z.string(),
  productSlug: z.string(),
  /** every answer, whatever its state */
  allAnswers: z.array(answerSchema.extend({ status: z.enum(MODERATION_STATUSES), hiddenReason: z.enum(HIDDEN_REASONS).nullable() })),
});
export const adminQuestionListResponseSchema = z.object({ questions: z.array(adminQuestionSchema), total: z.number().int() });

export const adminQuestionResponseSchema = z.object({ question: adminQuestionSchema });
export type AdminQuestionListResponse = z.input<typeof adminQuestionListResponseSchema>;
export type AdminQuestion = z.input<typeof adminQuestionSchema>;
export type QuestionCreatedResponse = z.input<typeof questionCreatedResponseSchema>;
export type AnswerCreatedResponse = z.input<typeof answerCreatedResponseSchema>;
export type AdminQuestionResponse = z.input<typeof adminQuestionResponseSchema>;
