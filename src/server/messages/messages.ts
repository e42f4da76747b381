import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import { MESSAGE_LIMITS, MESSAGE_SUBJECT_MAX, normaliseMessageBody, type ThreadStatus } from "@/lib/account";
import type { OrderStatus } from "@/lib/checkout";
import { hasForbiddenCharacter } from "@/lib/text";
import { countPerKey, type RateLimit } from "../auth/limits";
import { withTransaction, type Database } from "../db";
import { orderEvents, orders, supportMessages, supportThreads, users } from "../db/schema";
import { DomainError } from "../errors";
import { mailLocale, translator } from "../i18n";
import type { MailService } from "../mail/outbox";
import type { SettingsService } from "../settings/settings";

export interface ThreadSummary {
  id: number;
  subject: string;
  status: ThreadStatus;
  orderNumber: string | null;
  createdAt: string;
  updatedAt: string;
  /** messages from the other side not yet read */
  unread: number;
  messageCount: number;
}

export interface AdminThreadSummary extends ThreadSummary {
  customer: { id: number; name: string; email: string };
}

export interface SupportMessageView {
  id: number;
  author: "customer" | "shop";
  body: string;
  createdAt: string;
  readAt: string | null;
}

/** An order's status change, read from the order's own history (order_events): never copied. */
export interface OrderUpdate {
  id: number;
  orderNumber: string;
  status: OrderStatus;
  at: string;
  unread: boolean;
}

export interface MessagesDeps {
  db: Database;
  mail: MailService;
  settings: SettingsService;
  siteUrl: URL;
  /** per-shopper limits on new conversations and messages (each mails the shop) */
  limits?: { threads: RateLimit; messages: RateLimit };
  /** when the shopper last looked at order updates, and marking them seen */
  orderUpdatesSeen: { get: (userId: number) => Promise<Date | null>; mark: (userId: number) => Promise<void> };
}

/** How many order updates the message centre shows (the newest). */
const ORDER_UPDATES_SHOWN = 50;

const invalid = (field: string, message: string) => new DomainError("validation", message, { field, reason: field });

function checkedBody(raw: string): string {
  const body = normaliseMessageBody(raw);
  if (!body) throw invalid("body", "Write a message of 1 to 4000 characters");
  return body;
}

function checkedSubject(raw: string): string {
  const subject = raw.trim();
  if (!subject || subject.length > MESSAGE_SUBJECT_MAX || hasForbiddenCharacter(subject))
    throw invalid("subject", `Write a subject of 1 to ${MESSAGE_SUBJECT_MAX} characters`);
  return subject;
}

/**
 * The message centre: conversations between a shopper and the shop (a shopper sees only their
 * own; any other id is not found), and the shopper's order updates read from the orders' event
 * history. A new customer message mails the shop (settings.contactEmail); a shop answer mails the
 * shopper, in their language. Mail nobody but the shop's own people can trigger needs no quota;
 * the shopper's side is held back by per-account limits instead.
 */
export function createMessagesService(deps: MessagesDeps) {
  const { db, mail, siteUrl } = deps;
  const limits = deps.limits ?? MESSAGE_LIMITS;

  const threadColumns = {
    id: supportThreads.id,
    subject: supportThreads.subject,
    status: supportThreads.status,
    orderNumber: orders.number,
    createdAt: supportThreads.createdAt,
    updatedAt: supportThreads.updatedAt,
  };
  const summary = (
    r: { id: number; subject: string; status: ThreadStatus; orderNumber: string | null; createdAt: Date; updatedAt: Date },
    unread: number,
    messageCount: number,
  ) => ({
    id: r.id,
    subject: r.subject,
    status: r.status,
    orderNumber: r.orderNumber,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    unread,
    messageCount,
  });

  /** Per thread: messages in all, and those by `from` not yet read. */
  async function counts(threadIds: number[], from: "customer" | "shop") {
    if (threadIds.length === 0) return new Map<number, { total: number; unread: number }>();
    const rows = await db
      .select({
        threadId: supportMessages.threadId,
        total: sql<number>`count(*)::int`,
        unread: sql<number>`(count(*) filter (where ${supportMessages.author} = ${from} and ${supportMessages.readAt} is null))::int`,
      })
      .from(supportMessages)
      .where(inArray(supportMessages.threadId, threadIds))
      .groupBy(supportMessages.threadId);
    return new Map(rows.map((r) => [r.threadId, { total: r.total, unread: r.unread }]));
  }

  async function threadsOf(userId: number): Promise<ThreadSummary[]> {
    const rows = await db
      .select(threadColumns)
      .from(supportThreads)
      .leftJoin(orders, eq(orders.id, supportThreads.orderId))
      .where(eq(supportThreads.userId, userId))
      .orderBy(desc(supportThreads.updatedAt), desc(supportThreads.id));
    const byThread = await counts(
      rows.map((r) => r.id),
      "shop",
    );
    return rows.map((r) => summary(r, byThread.get(r.id)?.unread ?? 0, byThread.get(r.id)?.total ?? 0));
  }

  async function orderUpdates(userId: number): Promise<OrderUpdate[]> {
    const seen = await deps.orderUpdatesSeen.get(userId);
    const rows = await db
      .select({ id: orderEvents.id, orderNumber: orders.number, status: orderEvents.status, at: orderEvents.at, actor: orderEvents.actor })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(eq(orders.userId, userId))
      .orderBy(desc(orderEvents.at), desc(orderEvents.id))
      .limit(ORDER_UPDATES_SHOWN);
    return rows.map((r) => ({
      id: r.id,
      orderNumber: r.orderNumber,
      status: r.status,
      at: r.at.toISOString(),
      // what the shopper did themselves (placing, cancelling) is no news to them
      unread: r.actor !== "shopper" && (!seen || r.at > seen),
    }));
  }

  /** The shopper's conversations (newest activity first) and order updates, with unread counts. */
  async function inbox(userId: number) {
    const [threads, updates] = await Promise.all([threadsOf(userId), orderUpdates(userId)]);
    return {
      threads,
      orderUpdates: updates,
      unread: { threads: threads.reduce((n, t) => n + t.unread, 0), orderUpdates: updates.filter((u) => u.unread).length },
    };
  }

  /** Unread shop answers and order updates: the account page's badge, in two small queries. */
  async function unreadCount(userId: number): Promise<number> {
    const seen = await deps.orderUpdatesSeen.get(userId);
    const [answers, updates] = await Promise.all([
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(supportMessages)
        .innerJoin(supportThreads, eq(supportThreads.id, supportMessages.threadId))
        .where(and(eq(supportThreads.userId, userId), eq(supportMessages.author, "shop"), isNull(supportMessages.readAt))),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(orderEvents)
        .innerJoin(orders, eq(orders.id, orderEvents.orderId))
        .where(and(eq(orders.userId, userId), ne(orderEvents.actor, "shopper"), seen ? gt(orderEvents.at, seen) : sql`true`)),
    ]);
    return (answers[0]?.n ?? 0) + Math.min(updates[0]?.n ?? 0, ORDER_UPDATES_SHOWN);
  }

  async function messagesOf(threadId: number): Promise<SupportMessageView[]> {
    const rows = await db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.threadId, threadId))
      .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
    return rows.map((m) => ({ id: m.id, author: m.author, body: m.body, createdAt: m.createdAt.toISOString(), readAt: m.readAt?.toISOString() ?? null }));
  }

  async function markRead(threadId: number, from: "customer" | "shop") {
    await db
      .update(supportMessages)
      .set({ readAt: sql`now()` })
      .where(and(eq(supportMessages.threadId, threadId), eq(supportMessages.author, from), isNull(supportMessages.readAt)));
  }

  async function findThread(id: number, userId: number | null) {
    const [row] = await db
      .select({ ...threadColumns, userId: supportThreads.userId, customerName: users.fullName, customerEmail: users.email, customerLocale: users.locale })
      .from(supportThreads)
      .innerJoin(users, eq(users.id, supportThreads.userId))
      .leftJoin(orders, eq(orders.id, supportThreads.orderId))
      .where(userId === null ? eq(supportThreads.id, id) : and(eq(supportThreads.id, id), eq(supportThreads.userId, userId)));
    // another shopper's conversation is answered exactly like one that does not exist
    if (!row) throw new DomainError("not-found", "Conversation not found");
    return row;
  }

  /** One conversation of the shopper's, its shop answers marked read. */
  async function thread(userId: number, id: number) {
    const row = await findThread(id, userId);
    await markRead(id, "shop");
    const list = await messagesOf(id);
    return { thread: summary(row, 0, list.length), messages: list };
  }

  async function mailShop(tx: Database, threadId: number, subject: string, body: string, customer: { name: string; email: string }) {
    const settings = await deps.settings.get(tx);
    const t = translator(mailLocale(null, null, settings.language), "messages.email");
    await mail.enqueue(
      {
        to: settings.contactEmail,
        subject: t("shopSubject", { subject }),
        text: t("shopText", { name: customer.name, email: customer.email, body, link: new URL(`/admin/messages/${threadId}`, siteUrl).href }),
      },
      { kind: "support-message", quota: false, tx },
    );
  }

  /** Starts a conversation (optionally about one of the shopper's own orders) and mails the shop. */
  async function create(userId: number, input: { subject: string; orderNumber?: string | null; body: string }) {
    const subject = checkedSubject(input.subject);
    const body = checkedBody(input.body);
    let orderId: number | null = null;
    if (input.orderNumber) {
      const [order] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.number, input.orderNumber), eq(orders.userId, userId)));
      if (!order) throw invalid("order", "Choose one of your orders");
      orderId = order.id;
    }
    await countPerKey(db, `support-thread:${userId}`, limits.threads);
    const [customer] = await db.select({ name: users.fullName, email: users.email }).from(users).where(eq(users.id, userId));
    if (!customer) throw new DomainError("unauthenticated", "Please sign in");
    const id = await withTransaction(db, async (tx) => {
      const [created] = await tx.insert(supportThreads).values({ userId, subject, orderId }).returning({ id: supportThreads.id });
      await tx.insert(supportMessages).values({ threadId: created!.id, author: "customer", authorUserId: userId, body });
      await mailShop(tx, created!.id, subject, body, customer);
      return created!.id;
    });
    return thread(userId, id);
  }

  /** The shopper writes again: the conversation is open (waiting for the shop) again, and the shop is mailed. */
  async function reply(userId: number, id: number, rawBody: string) {
    const body = checkedBody(rawBody);
    const row = await findThread(id, userId);
    await countPerKey(db, `support-message:${userId}`, limits.messages);
    await withTransaction(db, async (tx) => {
      await tx.insert(supportMessages).values({ threadId: id, author: "customer", authorUserId: userId, body });
      await tx
        .update(supportThreads)
        .set({ status: "open", updatedAt: sql`now()` })
        .where(eq(supportThreads.id, id));
      await mailShop(tx, id, row.subject, body, { name: row.customerName, email: row.customerEmail });
    });
    return thread(userId, id);
  }

  /** Every conversation for the admins: open ones first (oldest waiting first), then answered, then closed (newest first). */
  async function adminList(options: { status?: ThreadStatus; limit?: number; offset?: number } = {}) {
    const where = options.status ? eq(supportThreads.status, options.status) : undefined;
    const rows = await db
      .select({ ...threadColumns, customerId: users.id, customerName: users.fullName, customerEmail: users.email })
      .from(supportThreads)
      .innerJoin(users, eq(users.id, supportThreads.userId))
      .leftJoin(orders, eq(orders.id, supportThreads.orderId))
      .where(where)
      .orderBy(
        sql`case ${supportThreads.status} when 'open' then 0 when 'answered' then 1 else 2 end`,
        sql`case when ${supportThreads.status} = 'open' then extract(epoch from ${supportThreads.updatedAt}) else -extract(epoch from ${supportThreads.updatedAt}) end`,
        desc(supportThreads.id),
      )
      .limit(options.limit ?? 50)
      .offset(options.offset ?? 0);
    const [total] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(supportThreads)
      .where(where);
    const byThread = await counts(
      rows.map((r) => r.id),
      "customer",
    );
    const threads: AdminThreadSummary[] = rows.map((r) => ({
      ...summary(r, byThread.get(r.id)?.unread ?? 0, byThread.get(r.id)?.total ?? 0),
      customer: { id: r.customerId, name: r.customerName, email: r.customerEmail },
    }));
    return { threads, total: total?.n ?? 0 };
  }

  /** One conversation for an admin, the customer's messages marked read. */
  async function adminThread(id: number) {
    const row = await findThread(id, null);
    await markRead(id, "customer");
    const list = await messagesOf(id);
    return {
      thread: { ...summary(row, 0, list.length), customer: { id: row.userId, name: row.customerName, email: row.customerEmail } } satisfies AdminThreadSummary,
      messages: list,
    };
  }

  /** The shop answers: the conversation is answered, and the shopper is mailed (in their language) with a link to it. */
  async function adminReply(adminId: number, id: number, rawBody: string) {
    const body = checkedBody(rawBody);
    const row = await findThread(id, null);
    const settings = await deps.settings.get();
    const t = translator(mailLocale(row.customerLocale, null, settings.language), "messages.email");
    await withTransaction(db, async (tx) => {
      await tx.insert(supportMessages).values({ threadId: id, author: "shop", authorUserId: adminId, body });
      await tx
        .update(supportThreads)
        .set({ status: "answered", updatedAt: sql`now()` })
        .where(eq(supportThreads.id, id));
      await mail.enqueue(
        {
          to: row.customerEmail,
          subject: t("replySubject", { subject: row.subject, company: settings.companyName }),
          text: t("replyText", { name: row.customerName, body, link: new URL(`/account/messages/${id}`, siteUrl).href, company: settings.companyName }),
        },
        { kind: "support-reply", quota: false, tx },
      );
    });
    return adminThread(id);
  }

  /** Closes a conversation, or opens it again. */
  async function adminSetStatus(id: number, status: "open" | "closed") {
    await findThread(id, null);
    await db
      .update(supportThreads)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(supportThreads.id, id));
    return adminThread(id);
  }

  /** The shopper's orders a new conversation can be about (newest first). */
  async function orderChoices(userId: number): Promise<string[]> {
    const rows = await db.select({ number: orders.number }).from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(50);
    return rows.map((r) => r.number);
  }

  return {
    inbox,
    unreadCount,
    thread,
    create,
    reply,
    orderChoices,
    markOrderUpdatesSeen: deps.orderUpdatesSeen.mark,
    adminList,
    adminThread,
    adminReply,
    adminSetStatus,
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
