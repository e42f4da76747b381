import "./zod-browser";
import { z } from "zod";
import type { Locale } from "./locale";

/**
 * Reviews from buyers and questions answered in public: the rules the server decides with and the
 * pages show. A review is written by someone whose delivered order held the product (then a
 * "verified purchase", unless the order was paid in the payment sandbox), one per product and
 * person, editable; it waits for the shop or publishes at once by a setting; it is hidden only for
 * abuse, spam or personal data, never for being a bad review. Demo reviews (the seed's) are marked,
 * never verified, and never given to search engines.
 */

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 4000;
export const REVIEW_PHOTOS_MAX = 4;
export const QUESTION_MAX = 1000;
export const ANSWER_MAX = 2000;
export const SHOP_ANSWER_MAX = 2000;
export const REPORT_REASON_MAX = 300;

export const MODERATION_STATUSES = ["pending", "published", "hidden"] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** The only reasons a review, question or answer may be hidden. */
export const HIDDEN_REASONS = ["abuse", "spam", "personal_data"] as const;
export type HiddenReason = (typeof HIDDEN_REASONS)[number];

/** How the public lists of reviews are ordered. */
export const REVIEW_SORTS = ["newest", "helpful", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** New reviews and questions: published at once, or after the shop approves them. */
export const REVIEW_MODERATION_MODES = ["after", "before"] as const;
export type ReviewModerationMode = (typeof REVIEW_MODERATION_MODES)[number];

/** The card's "Popular" badge: the most reviewed or the best-selling share of the catalogue. */
export const POPULAR_BASES = ["reviews", "sales"] as const;
export type PopularBasis = (typeof POPULAR_BASES)[number];

export const reviewSettingsSchema = z.object({
  /** new reviews, questions and buyers' answers: published at once ("after": moderated afterwards) or once the shop approves them */
  moderation: z.enum(REVIEW_MODERATION_MODES),
  /** shoppers with a delivered order holding the product may answer its questions (marked "verified buyer") */
  buyersAnswer: z.boolean(),
  /** the "Popular" badge: the top `topPercent` % of the catalogue by reviews or by sales */
  popular: z.object({ basis: z.enum(POPULAR_BASES), topPercent: z.number().int().min(1).max(50) }),
  /** days after delivery a buyer is invited to review (by their channel, with consent); 0: not invited */
  inviteAfterDays: z.number().int().min(0).max(60),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;
export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = {
  moderation: "before",
  buyersAnswer: true,
  popular: { basis: "reviews", topPercent: 5 },
  inviteAfterDays: 3,
};

/** A product's rating as its published reviews make it: average (one decimal), count and stars 1…5. */
export interface RatingSummary {
  average: number;
  count: number;
  /** how many gave 1, 2, 3, 4 and 5 stars (index 0 is one star) */
  distribution: [number, number, number, number, number];
}

/** The summary from the product row's counts: the average recomputed from them, rounded to one decimal. */
export function ratingSummary(counts: readonly number[]): RatingSummary {
  const distribution = [0, 1, 2, 3, 4].map((i) => Math.max(0, Math.trunc(counts[i] ?? 0))) as RatingSummary["distribution"];
  const count = distribution.reduce((a, b) => a + b, 0);
  const sum = distribution.reduce((total, n, i) => total + n * (i + 1), 0);
  return { average: count ? Math.round((sum / count) * 10) / 10 : 0, count, distribution };
}

/** How a reviewer or asker is shown: their first name and the initial of the last ("Amina J."), never a full name, phone or e-mail. */
export function publicAuthorName(fullName: string): string {
  const words = fullName
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0);
  if (!words.length) return "";
  const first = words[0]!.slice(0, 30);
  const last = words.length > 1 ? words[words.length - 1]! : "";
  return last ? `${first} ${last.slice(0, 1).toUpperCase()}.` : first;
}

/**
 * Whether a product carries the "Popular" badge: its number (reviews or sales, by the setting) is
 * at least the catalogue's threshold for the top share, and above zero (a catalogue without reviews
 * has no popular products).
 */
export function isPopular(value: number, threshold: number | null): boolean {
  return threshold !== null && value > 0 && value >= threshold;
}

/** A review as the public lists show it. */
export interface ReviewView {
  id: number;
  productId: number;
  authorName: string;
  rating: number;
  title: string;
  body: string;
  locale: Locale;
  variantLabel: string;
  verifiedPurchase: boolean;
  demo: boolean;
  helpfulCount: number;
  photos: string[];
  shopAnswer: { body: string; at: string } | null;
  createdAt: string;
  updatedAt: string;
  /** the viewer's own review (they may edit it) */
  mine: boolean;
  /** the viewer marked it helpful */
  markedHelpful: boolean;
}

/** A page of a product's published reviews with its rating summary. */
export interface ReviewListView {
  productId: number;
  summary: RatingSummary;
  reviews: ReviewView[];
  total: number;
  limit: number;
  offset: number;
  sort: ReviewSort;
  /** the viewer's own review, whatever its state (pending, hidden), or null */
  mine: (ReviewView & { status: ModerationStatus }) | null;
  /** whether the viewer may write one now: a delivered order holds the product and they have none */
  canReview: boolean;
}

/** An answer as the product page shows it. */
export interface AnswerView {
  id: number;
  authorName: string;
  byShop: boolean;
  verifiedBuyer: boolean;
  body: string;
  locale: Locale;
  createdAt: string;
}

/** A question with its published answers. */
export interface QuestionView {
  id: number;
  productId: number;
  authorName: string;
  body: string;
  locale: Locale;
  demo: boolean;
  answers: AnswerView[];
  createdAt: string;
  /** the viewer's own question (shown to them while it waits for an answer) */
  mine: boolean;
}

export interface QuestionListView {
  productId: number;
  questions: QuestionView[];
  total: number;
  limit: number;
  offset: number;
  /** whether the viewer may answer: an admin (as the shop), or a verified buyer where the setting allows */
  canAnswer: boolean;
}
