import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import {
  adminTextMessagesQuerySchema,
  type AdminTextMessage,
  type AdminTextMessagesResponse,
  type MessagePreferencesRequest,
  type MessagePreferencesResponse,
  type OrderTextMessage,
} from "@/lib/contract/text-messages";
import { normaliseTanzanianMobile } from "@/lib/phone";
import type { Same } from "@/lib/contract/common";
import { isMessageEvent, SECRET_EVENTS, type MessageEvent } from "@/lib/sms/events";
import { maskPhone, maskPhonesIn } from "@/lib/sms/mask";
import { messageStatus, type OutboxState, type TextChannel, type TextProvider } from "@/lib/sms/message-status";
import { rowsOf, type Database } from "../db";
import { messageOutbox, orders } from "../db/schema";
import { DomainError } from "../errors";
import type { MessageState, NotifyService } from "./outbox";
import type { MessageChannel, MessageProviderName } from "./providers";

/** The contract's lists are the outbox's own (checked by the compiler, both ways). */
export const channelsAreTheOutboxs: Same<TextChannel, MessageChannel> = true;
export const statesAreTheOutboxs: Same<OutboxState, MessageState> = true;
export const providersAreTheOutboxs: Same<TextProvider, MessageProviderName> = true;

const columns = {
  id: messageOutbox.id,
  channel: messageOutbox.channel,
  event: messageOutbox.event,
  recipient: messageOutbox.recipient,
  text: messageOutbox.text,
  state: messageOutbox.state,
  attempts: messageOutbox.attempts,
  lastError: messageOutbox.lastError,
  provider: messageOutbox.provider,
  deliveryState: messageOutbox.deliveryState,
  deliveryAt: messageOutbox.deliveryAt,
  createdAt: messageOutbox.createdAt,
  updatedAt: messageOutbox.updatedAt,
  nextAttemptAt: messageOutbox.nextAttemptAt,
  sentAt: messageOutbox.sentAt,
  orderNumber: orders.number,
};

/** Messages with their order's number (none for a message of no order, e.g. a sign-in code). */
const selectMessages = (db: Database) => db.select(columns).from(messageOutbox).leftJoin(orders, eq(orders.id, messageOutbox.orderId));

type Row = Awaited<ReturnType<typeof selectMessages>>[number];

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** One message as an order's timeline shows it (the number masked, its status read at `now`). */
function timelineView(row: Row & { event: MessageEvent }, now: Date): OrderTextMessage {
  return {
    id: row.id,
    channel: row.channel,
    event: row.event,
    recipient: maskPhone(row.recipient),
    status: messageStatus(row, now),
    queuedAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: iso(row.sentAt),
    deliveryAt: iso(row.deliveryAt),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One message as the admin sees it: a secret's text (a one-time code) is never shown, queued or sent. */
function adminView(row: Row & { event: MessageEvent }, now: Date): AdminTextMessage {
  return {
    ...timelineView(row, now),
    state: row.state,
    deliveryState: row.deliveryState,
    attempts: row.attempts,
    lastError: row.lastError === null ? null : maskPhonesIn(row.lastError),
    text: SECRET_EVENTS.includes(row.event) ? null : row.text,
    orderNumber: row.orderNumber,
    provider: row.provider,
  };
}

/** Rows of events this version of the shop knows (an event a newer version queued is left out rather than misnamed). */
const known = (rows: Row[]) => rows.filter((row): row is Row & { event: MessageEvent } => isMessageEvent(row.event));

async function orderRows(db: Database, where: SQL): Promise<Row[] | null> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(where).limit(1);
  if (!order) return null;
  return selectMessages(db).where(eq(messageOutbox.orderId, order.id)).orderBy(messageOutbox.createdAt, messageOutbox.id);
}

/** Which order: by id (a guest's signed link), or by number, for its owner only when `userId` is given. */
export type OrderRef = { id: number } | { number: string; userId?: number };

function orderWhere(ref: OrderRef): SQL {
  if ("id" in ref) return eq(orders.id, ref.id);
  const byNumber = eq(orders.number, ref.number);
  return ref.userId === undefined ? byNumber : (and(byNumber, eq(orders.userId, ref.userId)) as SQL);
}

/**
 * The text messages an order sent or will send, oldest first, as its timeline shows them: plain
 * data (ISO times, masked numbers) a page hands to the OrderMessages component. Null when there is
 * no such order (or it is not `userId`'s).
 */
export async function readOrderTextMessages(db: Database, ref: OrderRef, now: Date = new Date()): Promise<OrderTextMessage[] | null> {
  const rows = await orderRows(db, orderWhere(ref));
  return rows && known(rows).map((row) => timelineView(row, now));
}

/** The same for the admin: each message with its outbox state, attempts, last error and text. */
export async function readAdminOrderTextMessages(db: Database, ref: OrderRef, now: Date = new Date()): Promise<AdminTextMessage[] | null> {
  const rows = await orderRows(db, orderWhere(ref));
  return rows && known(rows).map((row) => adminView(row, now));
}

const NO_NUMBER: MessagePreferencesResponse = { phone: null, sms: false, whatsapp: false, marketing: false };

export type AdminTextMessagesFilter = z.output<typeof adminTextMessagesQuerySchema>;

/**
 * The text messages as people see and choose them: an order's timeline, the admin's list (read at
 * the outbox's clock), and an account's choices for its phone number.
 */
export function createTextMessageViews(deps: {
  db: Database;
  notify: Pick<NotifyService, "providerNames" | "preferences" | "setOptOut" | "setWhatsAppChoice" | "setMarketingConsent">;
  now?: () => Date;
}) {
  const { db, notify } = deps;
  const now = deps.now ?? (() => new Date());
  const notFound = (number: string) => new DomainError("not-found", `No order ${number}`);

  /** The choices of an account's number (phone null when the account has no Tanzanian mobile number: nothing to choose). */
  async function choices(phone: string | null): Promise<MessagePreferencesResponse> {
    const prefs = phone ? await notify.preferences(phone) : null;
    return prefs ? { phone: prefs.phone, sms: prefs.sms, whatsapp: prefs.whatsapp, marketing: prefs.marketing } : NO_NUMBER;
  }

  return {
    /** An order's messages by id (a guest's signed link: the caller has checked the link). */
    forOrder: async (orderId: number) => (await readOrderTextMessages(db, { id: orderId }, now())) ?? [],

    /** A signed-in shopper's order's messages; another's order is not found. */
    async forShopperOrder(userId: number, number: string): Promise<OrderTextMessage[]> {
      const messages = await readOrderTextMessages(db, { number, userId }, now());
      if (!messages) throw notFound(number);
      return messages;
    },

    /** Any order's messages with the outbox's details, for the admin. */
    async forAdminOrder(number: string): Promise<AdminTextMessage[]> {
      const messages = await readAdminOrderTextMessages(db, { number }, now());
      if (!messages) throw notFound(number);
      return messages;
    },

    /** Every message, newest first, by channel, outbox state and event, a page at a time; with the provider of each channel. */
    async adminList(filter: AdminTextMessagesFilter): Promise<AdminTextMessagesResponse> {
      const conditions: SQL[] = [];
      if (filter.channel) conditions.push(eq(messageOutbox.channel, filter.channel));
      if (filter.state) conditions.push(eq(messageOutbox.state, filter.state));
      if (filter.event) conditions.push(eq(messageOutbox.event, filter.event));
      const where = conditions.length ? and(...conditions) : undefined;
      const [counted] = rowsOf<{ n: number | string }>(
        await db.execute(sql`select count(*) as n from ${messageOutbox} ${where ? sql`where ${where}` : sql``}`),
      );
      const rows = await selectMessages(db)
        .where(where)
        .orderBy(desc(messageOutbox.createdAt), desc(messageOutbox.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize);
      const time = now();
      return {
        messages: known(rows).map((row) => adminView(row, time)),
        total: Number(counted?.n ?? 0),
        page: filter.page,
        pageSize: filter.pageSize,
        providers: notify.providerNames,
      };
    },

    choices,

    /** Changes an account's number's choices, honoured from this moment (messages already queued included). */
    async setChoices(phone: string | null, change: MessagePreferencesRequest): Promise<MessagePreferencesResponse> {
      const e164 = phone ? normaliseTanzanianMobile(phone) : null;
      if (!e164) throw new DomainError("invalid-state", "Add a Tanzanian mobile number to your profile first: text messages go to that number.");
      if (change.sms !== undefined) await notify.setOptOut(e164, "sms", !change.sms);
      if (change.whatsapp !== undefined) await notify.setWhatsAppChoice(e164, change.whatsapp);
      if (change.marketing !== undefined) await notify.setMarketingConsent(e164, change.marketing);
      return choices(e164);
    },
  };
}

export type TextMessageViews = ReturnType<typeof createTextMessageViews>;
