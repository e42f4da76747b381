import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { ModerateRequest } from "@/lib/contract/reviews";
import type { Locale } from "@/lib/locale";
import { publicAuthorName, type AnswerView, type HiddenReason, type ModerationStatus, type QuestionListView, type QuestionView } from "@/lib/reviews";
import { productPath } from "@/lib/slug";
import { gsmFriendly } from "@/lib/sms/encoding";
import { logSecurityEvent, type RequestMeta } from "../auth/events";
import { invalidateTags } from "../cache/tagged-cache";
import { rowsOf, withTransaction, type Database } from "../db";
import { productAnswers, productQuestions, products, questionReports, users } from "../db/schema";
import { DomainError } from "../errors";
import { translator } from "../i18n";
import type { MailService } from "../mail/outbox";
import type { NotifyService } from "../notify/outbox";
import { testOrderSql } from "../payments/test-orders";
import { deliveredOrderSql } from "./delivered";
import type { SettingsService } from "../settings/settings";

/**
 * Questions asked on product pages and their answers, in public. Anyone signed in asks; the shop
 * (an administrator) answers, and where `reviews.buyersAnswer` is on so may a shopper whose
 * delivered, really paid order held the product ("verified buyer"). A question shows on the
 * product page, and is found by the shop's search, once it has a published answer (`answered_at`,
 * set by the first one); until then only its asker sees it, as theirs. New questions and buyers'
 * answers wait for the shop or publish at once by `reviews.moderation`; the shop's own answers
 * publish at once, and answering a waiting question approves it. Hiding is for abuse, spam or
 * personal data only, with the reason and the administrator in the security log. The asker is
 * told of the first answer by SMS (a confirmed number) and e-mail.
 */

/** Questions one shopper may ask in an hour (all products together). */
export const QUESTIONS_PER_HOUR = 5;
/** Answers one shopper (not the shop) may give in an hour. */
export const BUYER_ANSWERS_PER_HOUR = 10;

export interface QuestionsDeps {
  db: Database;
  settings: Pick<SettingsService, "get">;
  notify: Pick<NotifyService, "enqueue">;
  mail: Pick<MailService, "enqueue">;
  siteUrl: URL;
}

/** Who reads or writes: a signed-in person (an administrator answers as the shop). */
export interface QuestionViewer {
  id: number;
  role: string;
  name: string;
}

export interface QuestionListOptions {
  q?: string;
  limit: number;
  offset: number;
}

export interface AdminQuestionListOptions {
  status?: ModerationStatus;
  reported?: boolean;
  limit: number;
  offset: number;
}

type QuestionRow = typeof productQuestions.$inferSelect;
type AnswerRow = typeof productAnswers.$inferSelect;

export interface AdminAnswerView extends AnswerView {
  status: ModerationStatus;
  hiddenReason: HiddenReason | null;
}

export interface AdminQuestionView extends QuestionView {
  status: ModerationStatus;
  hiddenReason: HiddenReason | null;
  reportCount: number;
  productName: string;
  productSlug: string;
  allAnswers: AdminAnswerView[];
}

/** What a shopper's text query asks of the questions' text index: every word, as the index's own parser splits them. */
export function questionTextQuery(text: string): SQL {
  return sql`plainto_tsquery('simple', ${text.slice(0, 200)})`;
}

/**
 * The products holding an answered, published question whose text, or one of whose published
 * answers' text, has every word of `text`: two look-ups in the partial GIN indexes of migration
 * 0047 (the conditions here are theirs, so the planner uses them).
 */
export function answeredQuestionProductIds(text: string): SQL {
  const query = questionTextQuery(text);
  return sql`(
    select q.product_id from product_questions q
     where q.status = 'published' and q.answered_at is not null and to_tsvector('simple', q.body) @@ ${query}
    union
    select q.product_id from product_answers a join product_questions q on q.id = a.question_id
     where a.status = 'published' and to_tsvector('simple', a.body) @@ ${query}
       and q.status = 'published' and q.answered_at is not null)`;
}

function answerView(row: AnswerRow): AnswerView {
  return {
    id: row.id,
    authorName: row.authorName,
    byShop: row.byShop,
    verifiedBuyer: row.verifiedBuyer,
    body: row.body,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
  };
}

function questionView(row: QuestionRow, answers: AnswerRow[], viewerId: number | null): QuestionView {
  return {
    id: row.id,
    productId: row.productId,
    authorName: row.authorName,
    body: row.body,
    locale: row.locale,
    demo: row.demo,
    answers: answers.filter((a) => a.status === "published").map(answerView),
    createdAt: row.createdAt.toISOString(),
    mine: viewerId !== null && row.userId === viewerId,
  };
}

const unauthenticated = () => new DomainError("unauthenticated", "Sign in to ask or answer a question");

export function createQuestionsService(deps: QuestionsDeps) {
  const { db } = deps;

  async function productOnSale(tx: Database, productId: number): Promise<{ id: number; name: string; slug: string }> {
    const [product] = await tx
      .select({ id: products.id, name: products.name, slug: products.slug })
      .from(products)
      .where(and(eq(products.id, productId), sql`${products.archivedAt} is null`));
    if (!product) throw new DomainError("not-found", "No such product");
    return product;
  }

  /** Whether a delivered order of this person, paid for real (not in the payment sandbox), held the product. */
  async function boughtAndDelivered(tx: Database, userId: number, productId: number): Promise<boolean> {
    const [row] = rowsOf<{ bought: boolean }>(
      await tx.execute(sql`select exists (
        select 1 from orders o join order_lines l on l.order_id = o.id
         where o.user_id = ${userId} and l.product_id = ${productId}
           and ${deliveredOrderSql(sql`o.id`)}
           and not ${testOrderSql(sql`o.id`)}) as bought`),
    );
    return row?.bought === true;
  }

  async function answersOf(tx: Database, questionIds: number[]): Promise<Map<number, AnswerRow[]>> {
    const byQuestion = new Map<number, AnswerRow[]>();
    if (!questionIds.length) return byQuestion;
    const rows = await tx
      .select()
      .from(productAnswers)
      .where(inArray(productAnswers.questionId, questionIds))
      .orderBy(desc(productAnswers.byShop), asc(productAnswers.createdAt), asc(productAnswers.id));
    for (const row of rows) byQuestion.set(row.questionId, [...(byQuestion.get(row.questionId) ?? []), row]);
    return byQuestion;
  }

  /** At most `max` rows of `table` by this person in the last hour, counted under a lock of theirs (two requests at once cannot both pass). */
  async function withinHourlyLimit(tx: Database, kind: "question" | "answer", userId: number, max: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`questions:${kind}:${userId}`}))`);
    const table = kind === "question" ? sql`product_questions` : sql`product_answers`;
    const [row] = rowsOf<{ n: number | string }>(
      await tx.execute(sql`select count(*) as n from ${table} where user_id = ${userId} and created_at > now() - interval '1 hour'`),
    );
    if (Number(row?.n ?? 0) >= max)
      throw new DomainError(
        "rate-limited",
        kind === "question"
          ? "You have asked many questions in the last hour; please wait a while"
          : "You have answered many questions in the last hour; please wait a while",
        { retryAfter: 3600 },
      );
  }

  /**
   * Marks the question answered at its first published answer, and tells the asker (once: the
   * messages' dedupe key is the question's). Called in the transaction that published the answer.
   */
  async function markAnswered(tx: Database, questionId: number, answer: AnswerRow): Promise<void> {
    const updated = await tx
      .update(productQuestions)
      .set({ answeredAt: sql`now()` })
      .where(and(eq(productQuestions.id, questionId), sql`${productQuestions.answeredAt} is null`))
      .returning();
    const question = updated[0];
    if (question?.userId != null && question.userId !== answer.userId) await tellAsker(tx, question, answer);
  }

  /** Drops `answered_at` when no published answer is left: the question leaves the product page and search. */
  async function unmarkAnsweredIfBare(tx: Database, questionId: number): Promise<void> {
    await tx.execute(sql`update product_questions set answered_at = null
      where id = ${questionId} and not exists (select 1 from product_answers where question_id = ${questionId} and status = 'published')`);
  }

  async function tellAsker(tx: Database, question: QuestionRow, answer: AnswerRow): Promise<void> {
    const [asker] = await tx
      .select({
        email: users.email,
        fullName: users.fullName,
        phone: users.phone,
        phoneConfirmedAt: users.phoneConfirmedAt,
        locale: users.locale,
        lockedAt: users.lockedAt,
      })
      .from(users)
      .where(eq(users.id, question.userId!));
    if (!asker || asker.lockedAt) return;
    const product = await productOnSale(tx, question.productId).catch(() => null);
    if (!product) return;
    const locale: Locale = asker.locale ?? question.locale;
    const shop = (await deps.settings.get(tx)).companyName;
    const link = new URL(`${productPath(product)}#questions`, deps.siteUrl).href;
    const dedupeKey = `question-answered:${question.id}`;
    if (asker.phone && asker.phoneConfirmedAt) {
      const text = gsmFriendly(translator(locale, "sms")("questionAnswered", { shop, product: product.name.slice(0, 60), link }));
      await deps.notify.enqueue(
        { channel: "sms", to: asker.phone, text, event: "question-answered", userId: question.userId, locale },
        { tx, dedupeKey: `${dedupeKey}:sms` },
      );
    }
    const t = translator(locale, "email");
    await deps.mail.enqueue(
      {
        to: asker.email,
        subject: t("questionAnswered.subject", { product: product.name }),
        text: t("questionAnswered.body", {
          name: asker.fullName,
          shop,
          product: product.name,
          question: question.body,
          answer: answer.body,
          byShop: answer.byShop ? "yes" : "no",
          link,
        }),
      },
      { kind: "question-answered", quota: false, dedupeKey, tx },
    );
  }

  async function adminViews(tx: Database, rows: QuestionRow[]): Promise<AdminQuestionView[]> {
    if (!rows.length) return [];
    const answers = await answersOf(
      tx,
      rows.map((r) => r.id),
    );
    const names = await tx
      .select({ id: products.id, name: products.name, slug: products.slug })
      .from(products)
      .where(
        inArray(
          products.id,
          rows.map((r) => r.productId),
        ),
      );
    const productOf = new Map(names.map((p) => [p.id, p]));
    return rows.map((row) => {
      const all = answers.get(row.id) ?? [];
      const product = productOf.get(row.productId);
      return {
        ...questionView(row, all, null),
        status: row.status,
        hiddenReason: row.hiddenReason,
        reportCount: row.reportCount,
        productName: product?.name ?? "",
        productSlug: product ? productPath(product).replace(/^\/products\//, "") : "",
        allAnswers: all.map((a) => ({ ...answerView(a), status: a.status, hiddenReason: a.hiddenReason })),
      };
    });
  }

  async function adminQuestion(tx: Database, id: number): Promise<AdminQuestionView> {
    const [row] = await tx.select().from(productQuestions).where(eq(productQuestions.id, id));
    if (!row) throw new DomainError("not-found", "No such question");
    return (await adminViews(tx, [row]))[0]!;
  }

  /** The fields a moderation decision sets: published, or hidden with its reason and note. */
  function moderation(actorId: number, request: ModerateRequest) {
    return request.action === "publish"
      ? { status: "published" as const, hiddenReason: null, moderationNote: null, moderatedBy: actorId, moderatedAt: sql`now()` }
      : {
          status: "hidden" as const,
          hiddenReason: request.reason,
          moderationNote: request.note?.trim() || null,
          moderatedBy: actorId,
          moderatedAt: sql`now()`,
        };
  }

  /** Whether this person may answer the product's questions: an administrator, or a verified buyer where the setting allows. */
  async function mayAnswer(productId: number, viewer: QuestionViewer): Promise<boolean> {
    if (viewer.role === "admin") return true;
    if (!(await deps.settings.get()).reviews.buyersAnswer) return false;
    return boughtAndDelivered(db, viewer.id, productId);
  }

  return {
    /**
     * A product's answered, published questions (newest answered first) with their published
     * answers, the viewer's own waiting ones first; `q` keeps those whose question or an answer has
     * every word.
     */
    async list(productId: number, options: QuestionListOptions, viewer: QuestionViewer | null): Promise<QuestionListView> {
      await productOnSale(db, productId);
      const visible = viewer
        ? sql`((${productQuestions.status} = 'published' and ${productQuestions.answeredAt} is not null)
               or (${productQuestions.userId} = ${viewer.id} and ${productQuestions.status} <> 'hidden'))`
        : sql`(${productQuestions.status} = 'published' and ${productQuestions.answeredAt} is not null)`;
      const conditions = [eq(productQuestions.productId, productId), visible];
      const q = options.q?.trim();
      if (q) {
        const query = questionTextQuery(q);
        conditions.push(
          sql`(to_tsvector('simple', ${productQuestions.body}) @@ ${query} or exists (select 1 from product_answers a
                where a.question_id = ${productQuestions.id} and a.status = 'published' and to_tsvector('simple', a.body) @@ ${query}))`,
        );
      }
      const where = and(...conditions);
      const [rows, [count], canAnswer] = await Promise.all([
        db
          .select()
          .from(productQuestions)
          .where(where)
          .orderBy(
            sql`${productQuestions.answeredAt} is null desc`,
            sql`coalesce(${productQuestions.answeredAt}, ${productQuestions.createdAt}) desc`,
            desc(productQuestions.id),
          )
          .limit(options.limit)
          .offset(options.offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(productQuestions)
          .where(where),
        viewer ? mayAnswer(productId, viewer) : Promise.resolve(false),
      ]);
      const answers = await answersOf(
        db,
        rows.map((r) => r.id),
      );
      return {
        productId,
        questions: rows.map((row) => questionView(row, answers.get(row.id) ?? [], viewer?.id ?? null)),
        total: Number(count?.n ?? 0),
        limit: options.limit,
        offset: options.offset,
        canAnswer,
      };
    },

    mayAnswer,

    /** A signed-in shopper asks (at most QUESTIONS_PER_HOUR an hour); it waits for the shop or publishes by `reviews.moderation`. */
    async ask(
      productId: number,
      viewer: QuestionViewer | null,
      input: { body: string; locale: Locale },
    ): Promise<{ question: QuestionView; status: ModerationStatus }> {
      if (!viewer) throw unauthenticated();
      const status: ModerationStatus = (await deps.settings.get()).reviews.moderation === "after" ? "published" : "pending";
      const row = await withTransaction(db, async (tx) => {
        await productOnSale(tx, productId);
        await withinHourlyLimit(tx, "question", viewer.id, QUESTIONS_PER_HOUR);
        const [inserted] = await tx
          .insert(productQuestions)
          .values({ productId, userId: viewer.id, authorName: publicAuthorName(viewer.name) || "—", body: input.body.trim(), locale: input.locale, status })
          .returning();
        return inserted!;
      });
      return { question: questionView(row, [], viewer.id), status };
    },

    /**
     * Answers a question: as the shop (an administrator: published at once, and a waiting question
     * is approved with it), or as a verified buyer where `reviews.buyersAnswer` is on (403
     * otherwise; waits for the shop by `reviews.moderation`). The first published answer marks the
     * question answered and tells its asker.
     */
    async answer(
      productId: number,
      questionId: number,
      viewer: QuestionViewer | null,
      input: { body: string; locale: Locale },
    ): Promise<{ answer: AnswerView; status: ModerationStatus }> {
      if (!viewer) throw unauthenticated();
      const settings = await deps.settings.get();
      const byShop = viewer.role === "admin";
      const result = await withTransaction(db, async (tx) => {
        await productOnSale(tx, productId);
        const [question] = await tx
          .select()
          .from(productQuestions)
          .where(and(eq(productQuestions.id, questionId), eq(productQuestions.productId, productId)))
          .for("update");
        if (!question || question.status === "hidden") throw new DomainError("not-found", "No such question");
        if (!byShop) {
          if (!settings.reviews.buyersAnswer) throw new DomainError("forbidden", "Only the shop answers questions");
          if (question.status !== "published") throw new DomainError("not-found", "No such question");
          if (!(await boughtAndDelivered(tx, viewer.id, productId)))
            throw new DomainError("forbidden", "Only buyers whose order of this product was delivered may answer");
          await withinHourlyLimit(tx, "answer", viewer.id, BUYER_ANSWERS_PER_HOUR);
        }
        const status: ModerationStatus = byShop || settings.reviews.moderation === "after" ? "published" : "pending";
        const [row] = await tx
          .insert(productAnswers)
          .values({
            questionId,
            userId: viewer.id,
            authorName: byShop ? settings.companyName : publicAuthorName(viewer.name) || "—",
            byShop,
            verifiedBuyer: !byShop,
            body: input.body.trim(),
            locale: input.locale,
            status,
          })
          .returning();
        if (byShop && question.status === "pending")
          await tx
            .update(productQuestions)
            .set({ status: "published", moderatedBy: viewer.id, moderatedAt: sql`now()` })
            .where(eq(productQuestions.id, questionId));
        if (status === "published") await markAnswered(tx, questionId, row!);
        return { answer: row!, status };
      });
      // the product page and the search show answered questions: their cached copies go
      if (result.status === "published") invalidateTags("catalog");
      return { answer: answerView(result.answer), status: result.status };
    },

    /** A shopper reports a question they can see: once per person (a repeat changes nothing). */
    async report(productId: number, questionId: number, viewer: QuestionViewer | null, reason: string | undefined): Promise<void> {
      if (!viewer) throw unauthenticated();
      await withTransaction(db, async (tx) => {
        const [question] = await tx
          .select({ id: productQuestions.id })
          .from(productQuestions)
          .where(and(eq(productQuestions.id, questionId), eq(productQuestions.productId, productId), eq(productQuestions.status, "published")));
        if (!question) throw new DomainError("not-found", "No such question");
        const added = await tx
          .insert(questionReports)
          .values({ questionId, userId: viewer.id, reason: reason?.trim() || null })
          .onConflictDoNothing()
          .returning({ questionId: questionReports.questionId });
        if (added.length)
          await tx
            .update(productQuestions)
            .set({ reportCount: sql`${productQuestions.reportCount} + 1` })
            .where(eq(productQuestions.id, questionId));
      });
    },

    /**
     * The admin's list: reported ones first (most reports first), then those waiting (the question
     * or one of its answers), oldest first, then the rest, newest first.
     */
    async adminList(options: AdminQuestionListOptions): Promise<{ questions: AdminQuestionView[]; total: number }> {
      const conditions: SQL[] = [];
      if (options.status) conditions.push(eq(productQuestions.status, options.status));
      if (options.reported) conditions.push(sql`${productQuestions.reportCount} > 0`);
      const where = conditions.length ? and(...conditions) : undefined;
      const waiting = sql`(${productQuestions.status} = 'pending' or exists (select 1 from product_answers a where a.question_id = ${productQuestions.id} and a.status = 'pending'))`;
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(productQuestions)
          .where(where)
          .orderBy(
            desc(productQuestions.reportCount),
            sql`${waiting} desc`,
            sql`case when ${waiting} then ${productQuestions.createdAt} end asc`,
            desc(productQuestions.createdAt),
            desc(productQuestions.id),
          )
          .limit(options.limit)
          .offset(options.offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(productQuestions)
          .where(where),
      ]);
      return { questions: await adminViews(db, rows), total: Number(count?.n ?? 0) };
    },

    /** Publishes or hides a question (hiding only for abuse, spam or personal data), logged in the security log. */
    async moderateQuestion(actor: { id: number; email: string }, id: number, request: ModerateRequest, meta: RequestMeta = {}): Promise<AdminQuestionView> {
      const view = await withTransaction(db, async (tx) => {
        const updated = await tx.update(productQuestions).set(moderation(actor.id, request)).where(eq(productQuestions.id, id)).returning();
        const row = updated[0];
        if (!row) throw new DomainError("not-found", "No such question");
        await logSecurityEvent(
          tx,
          {
            type: "admin-question-moderated",
            userId: actor.id,
            email: actor.email,
            detail: {
              questionId: id,
              productId: row.productId,
              action: request.action,
              ...(request.action === "hide" ? { reason: request.reason, note: request.note ?? null } : {}),
            },
          },
          meta,
        );
        return adminQuestion(tx, id);
      });
      invalidateTags("catalog");
      return view;
    },

    /** Publishes or hides an answer; the question follows (answered at its first published answer, unanswered when none is left). */
    async moderateAnswer(actor: { id: number; email: string }, id: number, request: ModerateRequest, meta: RequestMeta = {}): Promise<AdminQuestionView> {
      const view = await withTransaction(db, async (tx) => {
        const updated = await tx.update(productAnswers).set(moderation(actor.id, request)).where(eq(productAnswers.id, id)).returning();
        const row = updated[0];
        if (!row) throw new DomainError("not-found", "No such answer");
        if (row.status === "published") await markAnswered(tx, row.questionId, row);
        else await unmarkAnsweredIfBare(tx, row.questionId);
        await logSecurityEvent(
          tx,
          {
            type: "admin-question-moderated",
            userId: actor.id,
            email: actor.email,
            detail: {
              answerId: id,
              questionId: row.questionId,
              action: request.action,
              ...(request.action === "hide" ? { reason: request.reason, note: request.note ?? null } : {}),
            },
          },
          meta,
        );
        return adminQuestion(tx, row.questionId);
      });
      invalidateTags("catalog");
      return view;
    },
  };
}

export type QuestionsService = ReturnType<typeof createQuestionsService>;
