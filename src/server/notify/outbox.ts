import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Locale } from "@/lib/locale";
import { normaliseTanzanianMobile } from "@/lib/phone";
import { fitsOneSms, gsmFriendly } from "@/lib/sms/encoding";
import { isMarketing, mayGoInQuietHours, REQUESTED_EVENTS, SECRET_EVENTS, type MessageEvent } from "@/lib/sms/events";
import { maskPhone, maskPhonesIn } from "@/lib/sms/mask";
import { STOPPED_BY_CHOICE } from "@/lib/sms/message-status";
import { nextSendTime, QUIET_HOURS, startOfShopDay, type QuietHours } from "@/lib/sms/quiet-hours";
import { rowsOf, withTransaction, type Database } from "../db";
import { createOutboxWorker } from "../jobs/outbox-worker";
import { messageOutbox, messagePreferences } from "../db/schema";
import { logSecurityEvent } from "../auth/events";
import { translator } from "../i18n";
import { DEFAULT_RETRY, retryDelayMs, type RetryPolicy } from "../mail/rules";
import {
  DELIVERY_STATE_ORDER,
  MESSAGE_CHANNELS,
  PermanentSendError,
  type DeliveryReport,
  type DeliveryState,
  type MessageChannel,
  type MessageProvider,
  type MessageProviderName,
  type WhatsAppTemplate,
} from "./providers";

export type MessageState = "pending" | "sending" | "sent" | "failed" | "dead";
export const MESSAGE_STATES: readonly MessageState[] = ["pending", "sending", "sent", "failed", "dead"];

/**
 * How many text messages one number and one client address may be sent in a window, and how many
 * the whole shop may send in a day per channel: every message counts (one-time codes and order
 * updates alike), so neither a flood of requests nor orders placed for strangers' numbers can
 * spend the shop's SMS credit. Per number strict, per client generous (many shoppers share one
 * carrier NAT address), the day's budget a ceiling the shop sets (SMS_DAILY_BUDGET).
 */
export interface MessageQuota {
  perRecipient: number;
  recipientWindowMinutes: number;
  perClient: number;
  clientWindowMinutes: number;
  dailyBudget: Record<MessageChannel, number>;
}

export const DEFAULT_MESSAGE_QUOTA: MessageQuota = {
  perRecipient: 8,
  recipientWindowMinutes: 60,
  perClient: 30,
  clientWindowMinutes: 60,
  dailyBudget: { sms: 1000, whatsapp: 1000 },
};

/** One text message as an event hands it to the outbox. */
export interface TextMessage {
  channel: MessageChannel;
  /** the number as typed or stored; queued in E.164 (a Tanzanian mobile number) */
  to: string;
  text: string;
  event: MessageEvent;
  /** WhatsApp: the approved template carrying the same content (the text is what the sandbox and the record show) */
  template?: WhatsAppTemplate | null;
  orderId?: number | null;
  userId?: number | null;
  /** the recipient's language (the safety notice is added in it); Kiswahili when unknown */
  locale?: Locale | null;
}

export interface MessageEnqueueOptions {
  /** a second message with the same key is not queued (the same event seen twice) */
  dedupeKey?: string;
  /** the client address whose request caused the message: counts against its quota and goes to the log */
  clientIp?: string | null;
  /** the caller's transaction, so the message is queued if and only if the caller's work commits */
  tx?: Database;
}

/** "too-long": a marketing SMS that cannot carry its opt-out link and still fit one SMS (shorten the text) */
export type MessageRefusal = "invalid-number" | "opted-out" | "no-consent" | "quota-recipient" | "quota-client" | "budget" | "duplicate" | "too-long";
export type MessageEnqueueResult = { queued: true; id: number; notBefore: Date } | { queued: false; reason: MessageRefusal };

export interface MessageDrainResult {
  sent: number;
  failed: number;
  dead: number;
}

export interface RecordDeliveriesResult {
  /** reports stored for the first time for a message the outbox knows */
  recorded: number;
  /** reports received before (a replayed callback): nothing changed */
  duplicates: number;
  /** reports naming no message the outbox sent through that provider (kept, logged) */
  unknown: number;
}

export interface NotifyServiceOptions {
  db: Database;
  /** who carries each channel: the sandbox by default (composition root), a real adapter when configured */
  providers: Record<MessageChannel, MessageProvider>;
  quota?: Partial<Omit<MessageQuota, "dailyBudget">> & { dailyBudget?: Partial<Record<MessageChannel, number>> };
  retry?: Partial<RetryPolicy>;
  /** how long a claimed message is a worker's before another may take it (the worker died mid-send) */
  leaseMs?: number;
  /** the clock quiet hours, quotas, the budget's day and due times are read on (tests set it) */
  now?: () => Date;
  /** when messages no one is waiting for are held back (shop time); null: never; default 21:00-07:00 */
  quietHours?: QuietHours;
  /**
   * A number's opt-out page (/stop/<token>), for the SMS that carry it: every marketing SMS, and the
   * one-time safety notice where it fits (the composition root passes the signed links')
   */
  optOutLink?: (phone: string) => Promise<string>;
  log?: (line: string) => void;
}

/** Namespaces the advisory locks that serialise the quota checks (the mail outbox's is 726_500_2). */
const QUOTA_LOCK = 726_500_3;
const BATCH = 20;
const ERROR_MAX = 500;
/** Sent messages are kept a week (the order timeline, the quotas look back an hour), dead ones and delivery reports a month. */
const KEEP_SENT_DAYS = 7;
const KEEP_DEAD_DAYS = 30;
const KEEP_REPORTS_DAYS = 30;
const DAY_MS = 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;
const OPTED_OUT = STOPPED_BY_CHOICE;

/** A delivery state's rank as SQL (the column or a value), for "never backwards" in one statement. */
function rankSql(column: ReturnType<typeof sql.raw>) {
  const cases = Object.entries(DELIVERY_STATE_ORDER).map(([state, rank]) => `when '${state}' then ${rank}`);
  return sql`(case ${column} ${sql.raw(cases.join(" "))} else 0 end)`;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

interface ClaimedRow {
  id: number | string;
  channel: MessageChannel;
  recipient: string;
  text: string;
  template: WhatsAppTemplate | string | null;
  event: MessageEvent;
  attempts: number;
  order_number: string | null;
}

/**
 * The text-message outbox (SMS, WhatsApp) beside the mail outbox, with the same durability: an
 * event enqueues in its own transaction (quotas, the day's budget, the number's opt-out and
 * consent, quiet hours, dedupe), and a worker (started by the composition root, or called by
 * tests) drains it through the channel's provider with the mail outbox's backoff, a provider's
 * permanent refusal ending a message at once. Delivery reports from the providers' callbacks come
 * in through `recordDeliveries`.
 */
export function createNotifyService(options: NotifyServiceOptions) {
  const { db, providers } = options;
  const quota: MessageQuota = {
    ...DEFAULT_MESSAGE_QUOTA,
    ...options.quota,
    dailyBudget: { ...DEFAULT_MESSAGE_QUOTA.dailyBudget, ...options.quota?.dailyBudget },
  };
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const leaseMs = options.leaseMs ?? 120_000;
  const now = options.now ?? (() => new Date());
  const quietHours = options.quietHours === undefined ? QUIET_HOURS : options.quietHours;
  const log = options.log ?? (() => undefined);
  let draining: Promise<MessageDrainResult> | null = null;

  /**
   * Over a quota or the budget? Takes the advisory locks first, in one order (number, client,
   * channel's budget), so two enqueues never wait on each other in a cycle.
   */
  async function overQuota(tx: Database, channel: MessageChannel, recipient: string, clientIp: string | null, time: Date) {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, hashtext(${`r:${channel}:${recipient}`}))`);
    if (clientIp) await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, hashtext(${`c:${clientIp}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, hashtext(${`b:${channel}`}))`);
    const recipientSince = new Date(time.getTime() - quota.recipientWindowMinutes * 60_000);
    const clientSince = new Date(time.getTime() - quota.clientWindowMinutes * 60_000);
    const dayStart = startOfShopDay(time);
    const [counts] = rowsOf<{ recipient: number | string; client: number | string; today: number | string }>(
      await tx.execute(sql`
        select
          (select count(*) from message_outbox where channel = ${channel} and recipient = ${recipient} and created_at > ${at(recipientSince)}) as recipient,
          (select count(*) from message_outbox where client_ip = ${clientIp ?? ""} and created_at > ${at(clientSince)}) as client,
          (select count(*) from message_outbox where channel = ${channel}
             and created_at >= ${at(dayStart)} and created_at < ${at(new Date(dayStart.getTime() + DAY_MS))}) as today`),
    );
    if (Number(counts?.recipient ?? 0) >= quota.perRecipient) return "quota-recipient" as const;
    if (clientIp && Number(counts?.client ?? 0) >= quota.perClient) return "quota-client" as const;
    if (Number(counts?.today ?? 0) >= quota.dailyBudget[channel]) return "budget" as const;
    return null;
  }

  async function preferencesOf(tx: Database, phone: string) {
    const [row] = await tx.select().from(messagePreferences).where(eq(messagePreferences.phone, phone));
    return row ?? null;
  }

  function optedOut(prefs: Awaited<ReturnType<typeof preferencesOf>>, channel: MessageChannel): boolean {
    return Boolean(channel === "sms" ? prefs?.smsOptOutAt : prefs?.whatsappOptOutAt);
  }

  /** Why a number's choices stop this message now (at enqueue, and again just before it is sent), or null. */
  function refusedByChoice(prefs: Awaited<ReturnType<typeof preferencesOf>>, channel: MessageChannel, event: MessageEvent): "opted-out" | "no-consent" | null {
    if (isMarketing(event) && !prefs?.marketingConsentAt) return "no-consent";
    if (optedOut(prefs, channel) && !REQUESTED_EVENTS.includes(event)) return "opted-out";
    return null;
  }

  async function insertRow(
    tx: Database,
    message: TextMessage & { to: string },
    opts: { dedupeKey?: string | null; clientIp: string | null; time: Date; notBefore: Date },
  ): Promise<number | null> {
    const [row] = await tx
      .insert(messageOutbox)
      .values({
        channel: message.channel,
        recipient: message.to,
        text: message.text,
        template: message.template ?? null,
        event: message.event,
        orderId: message.orderId ?? null,
        userId: message.userId ?? null,
        locale: message.locale ?? "sw",
        dedupeKey: opts.dedupeKey ?? null,
        clientIp: opts.clientIp,
        nextAttemptAt: opts.notBefore,
        createdAt: opts.time,
        updatedAt: opts.time,
      })
      .onConflictDoNothing({ target: messageOutbox.dedupeKey })
      .returning({ id: messageOutbox.id });
    return row?.id ?? null;
  }

  /**
   * Queues one message, or says why not. The first message to a number carries, once, the notice
   * that the shop never asks anyone to send money to a personal number: added to the text when
   * the two still fit one SMS, else queued as its own message just before.
   */
  async function enqueue(message: TextMessage, opts: MessageEnqueueOptions = {}): Promise<MessageEnqueueResult> {
    const to = normaliseTanzanianMobile(message.to);
    if (!to) return { queued: false, reason: "invalid-number" };
    const clientIp = opts.clientIp ?? null;
    const text = message.channel === "sms" ? gsmFriendly(message.text) : message.text;
    // made before the transaction: a first use may read the signing key, which on the embedded
    // database must not wait for the one connection a transaction of our own would hold
    const stopLink = message.channel === "sms" && options.optOutLink ? await options.optOutLink(to) : null;
    const work = async (tx: Database): Promise<MessageEnqueueResult> => {
      const time = now();
      if (opts.dedupeKey) {
        const [seen] = await tx.select({ id: messageOutbox.id }).from(messageOutbox).where(eq(messageOutbox.dedupeKey, opts.dedupeKey));
        if (seen) return { queued: false, reason: "duplicate" };
      }
      const over = await overQuota(tx, message.channel, to, clientIp, time);
      if (over) {
        await logSecurityEvent(
          tx,
          {
            type: "message-quota-exceeded",
            userId: message.userId ?? null,
            detail: { channel: message.channel, event: message.event, limit: over, to: maskPhone(to) },
          },
          { ip: clientIp },
        );
        if (over === "budget")
          log(`${message.channel} budget of ${quota.dailyBudget[message.channel]} messages today is spent: ${message.event} to ${maskPhone(to)} not queued`);
        return { queued: false, reason: over };
      }
      const prefs = await preferencesOf(tx, to);
      const refused = refusedByChoice(prefs, message.channel, message.event);
      if (refused) return { queued: false, reason: refused };

      const notBefore = mayGoInQuietHours(message.event) ? time : nextSendTime(time, quietHours);
      const t = translator(message.locale ?? "sw", "sms");
      // by SMS, which everyone reads (a WhatsApp template's text is fixed: it cannot carry the notice or the link)
      const needsNotice = message.channel === "sms" && !prefs?.safetyNoticeAt && !isMarketing(message.event);
      const stopLine = stopLink && (needsNotice || isMarketing(message.event)) ? t("stopLink", { link: stopLink }) : null;
      let body = text;
      // a marketing SMS always says how to stop them (an alphanumeric sender cannot take a reply), within one SMS
      if (isMarketing(message.event) && stopLine) {
        body = `${text}\n${stopLine}`;
        if (!fitsOneSms(body)) return { queued: false, reason: "too-long" };
      }
      if (needsNotice) {
        // the notice carries the opt-out link where that costs no SMS more than the notice itself:
        // joined to the message with the link, else joined without it, else on its own with the link
        const notice = t("safetyNotice");
        const noticeWithLink = stopLine ? `${notice}\n${stopLine}` : notice;
        const joined = [`${text}\n${noticeWithLink}`, `${text}\n${notice}`].find(fitsOneSms);
        if (joined) body = joined;
        else {
          const alone = fitsOneSms(noticeWithLink) ? noticeWithLink : notice;
          await insertRow(tx, { ...message, to, text: alone, event: "safety-notice", template: null }, { clientIp, time, notBefore });
        }
      }
      const id = await insertRow(tx, { ...message, to, text: body }, { dedupeKey: opts.dedupeKey, clientIp, time, notBefore });
      if (id === null) return { queued: false, reason: "duplicate" };
      if (needsNotice)
        await tx
          .insert(messagePreferences)
          .values({ phone: to, safetyNoticeAt: time, updatedAt: time })
          .onConflictDoUpdate({ target: messagePreferences.phone, set: { safetyNoticeAt: time, updatedAt: time } });
      return { queued: true, id, notBefore };
    };
    // the advisory locks last until the end of a transaction: the caller's, or one of our own
    return opts.tx ? work(opts.tx) : withTransaction(db, work);
  }

  /** Claims up to `limit` due messages (and ones whose claim ran out) for this worker. */
  async function claim(limit: number, time: Date): Promise<ClaimedRow[]> {
    return rowsOf<ClaimedRow>(
      await db.execute(sql`
        update message_outbox
           set state = 'sending', attempts = attempts + 1, updated_at = ${at(time)},
               locked_until = ${at(new Date(time.getTime() + leaseMs))}
         where id in (
           select id from message_outbox
            where (state in ('pending', 'failed') and next_attempt_at <= ${at(time)})
               or (state = 'sending' and locked_until < ${at(time)})
            order by next_attempt_at, id
            limit ${limit}
            for update skip locked)
        returning id, channel, recipient, text, template, event, attempts,
                  (select o.number from orders o where o.id = message_outbox.order_id) as order_number`),
    );
  }

  /** Marks a claimed message dead (only if the claim is still this worker's). */
  async function markDead(id: number, attempts: number, event: MessageEvent, error: string, time: Date) {
    const emptied = SECRET_EVENTS.includes(event) ? sql`, text = '', template = null` : sql``;
    await db.execute(sql`
      update message_outbox set state = 'dead', updated_at = ${at(time)}, locked_until = null, last_error = ${error} ${emptied}
       where id = ${id} and attempts = ${attempts}`);
  }

  async function sendOne(row: ClaimedRow): Promise<keyof MessageDrainResult> {
    const id = Number(row.id);
    const time = now();
    // an opt-out (or withdrawn consent) given after the message was queued still stops it
    if (refusedByChoice(await preferencesOf(db, row.recipient), row.channel, row.event)) {
      await markDead(id, row.attempts, row.event, OPTED_OUT, time);
      return "dead";
    }
    const provider = providers[row.channel];
    // "and attempts = ..." keeps a worker whose claim ran out from overwriting a newer claim's result
    try {
      const template = typeof row.template === "string" ? (JSON.parse(row.template) as WhatsAppTemplate) : row.template;
      const receipt = await provider.send({
        id,
        channel: row.channel,
        to: row.recipient,
        text: row.text,
        event: row.event,
        orderNumber: row.order_number,
        template,
      });
      const emptied = SECRET_EVENTS.includes(row.event) ? sql`, text = '', template = null` : sql``;
      await db.execute(sql`
        update message_outbox
           set state = 'sent', sent_at = ${at(now())}, updated_at = ${at(now())}, locked_until = null, last_error = null,
               provider = ${provider.name}, provider_message_id = ${receipt.providerMessageId} ${emptied}
         where id = ${id} and attempts = ${row.attempts}`);
      await applyStoredReports(id, provider.name, receipt.providerMessageId);
      return "sent";
    } catch (error) {
      const permanent = error instanceof PermanentSendError;
      const detail = (error instanceof Error ? error.message : String(error)) || "unknown error";
      const message = maskPhonesIn(permanent && error.providerCode ? `${detail} (${error.providerCode})` : detail).slice(0, ERROR_MAX);
      if (permanent || row.attempts >= retry.maxAttempts) {
        await markDead(id, row.attempts, row.event, message, time);
        log(`${row.channel} ${id} (${row.event} to ${maskPhone(row.recipient)}) is dead after ${row.attempts} attempts: ${message}`);
        // a message given up on is in the security view: a code or an order update never arrived
        await logSecurityEvent(db, {
          type: "message-failed",
          detail: { channel: row.channel, event: row.event, to: maskPhone(row.recipient), attempts: row.attempts, permanent, error: message },
        });
        return "dead";
      }
      const retryAt = new Date(time.getTime() + retryDelayMs(row.attempts, retry));
      const due = mayGoInQuietHours(row.event) ? retryAt : nextSendTime(retryAt, quietHours);
      await db.execute(sql`
        update message_outbox set state = 'failed', updated_at = ${at(time)}, locked_until = null, last_error = ${message},
               next_attempt_at = ${at(due)}
         where id = ${id} and attempts = ${row.attempts}`);
      return "failed";
    }
  }

  /** A report that overtook the send's own write (the provider called back first) is taken up once the message is recorded as sent. */
  async function applyStoredReports(id: number, provider: MessageProviderName, providerMessageId: string) {
    await db.execute(sql`
      update message_outbox m set delivery_state = d.state, delivery_at = d.at
        from (select state, at from message_deliveries
               where provider = ${provider} and provider_message_id = ${providerMessageId}
               order by ${rankSql(sql.raw("state"))} desc limit 1) d
       where m.id = ${id} and (m.delivery_state is null or ${rankSql(sql.raw("m.delivery_state"))} < ${rankSql(sql.raw("d.state"))})`);
  }

  async function drainOnce(): Promise<MessageDrainResult> {
    const result: MessageDrainResult = { sent: 0, failed: 0, dead: 0 };
    for (;;) {
      const rows = await claim(BATCH, now());
      for (const row of rows) result[await sendOne(row)]++;
      if (rows.length < BATCH) break;
    }
    return result;
  }

  /** Sends every message that is due now; one drain at a time per process (a second call waits for the first, then runs). */
  async function drain(): Promise<MessageDrainResult> {
    while (draining) await draining.catch(() => undefined);
    const run = drainOnce();
    draining = run;
    try {
      return await run;
    } finally {
      if (draining === run) draining = null;
    }
  }

  /**
   * Takes in delivery reports a provider's authenticated callback parsed. Idempotent: each report
   * (provider, message id, state) is stored once, a replay is a duplicate. A message's delivery
   * state only moves forward (a late "sent" after "delivered" changes nothing). A report naming no
   * message is kept (it may have overtaken the send's own write) and logged.
   */
  async function recordDeliveries(provider: MessageProviderName, reports: DeliveryReport[]): Promise<RecordDeliveriesResult> {
    const result: RecordDeliveriesResult = { recorded: 0, duplicates: 0, unknown: 0 };
    for (const report of reports) {
      const state: DeliveryState = report.state;
      if (!(state in DELIVERY_STATE_ORDER)) continue;
      await withTransaction(db, async (tx) => {
        const inserted = rowsOf<{ id: number | string }>(
          await tx.execute(sql`
            insert into message_deliveries (provider, provider_message_id, state, at, reason, received_at)
            values (${provider}, ${report.providerMessageId}, ${state}, ${at(report.at)}, ${report.reason?.slice(0, ERROR_MAX) ?? null}, ${at(now())})
            on conflict (provider, provider_message_id, state) do nothing
            returning id`),
        );
        if (inserted.length === 0) {
          result.duplicates++;
          return;
        }
        const [known] = rowsOf<{ id: number | string }>(
          await tx.execute(sql`select id from message_outbox where provider = ${provider} and provider_message_id = ${report.providerMessageId} for update`),
        );
        if (!known) {
          result.unknown++;
          log(`delivery report from ${provider} for unknown message ${report.providerMessageId.slice(0, 100)} (${state}) kept, not applied`);
          return;
        }
        await tx.execute(sql`
          update message_outbox set delivery_state = ${state}, delivery_at = ${at(report.at)}
           where id = ${Number(known.id)} and (delivery_state is null or ${rankSql(sql.raw("delivery_state"))} < ${DELIVERY_STATE_ORDER[state]})`);
        result.recorded++;
      });
    }
    return result;
  }

  /** Forgets sent and dead messages, old delivery reports and the sandbox's old files once nobody needs them. */
  async function prune(): Promise<void> {
    const time = now();
    const days = (n: number) => at(new Date(time.getTime() - n * DAY_MS));
    await db.execute(sql`
      delete from message_outbox
       where (state = 'sent' and updated_at < ${days(KEEP_SENT_DAYS)})
          or (state = 'dead' and updated_at < ${days(KEEP_DEAD_DAYS)})`);
    await db.execute(sql`delete from message_deliveries where received_at < ${days(KEEP_REPORTS_DAYS)}`);
    for (const channel of MESSAGE_CHANNELS) {
      const provider = providers[channel] as MessageProvider & { prune?: (before: Date) => Promise<number> };
      await provider.prune?.(new Date(time.getTime() - KEEP_SENT_DAYS * DAY_MS));
    }
  }

  /** Sets or clears a number's opt-out of a channel, or its marketing consent; honoured from this moment. */
  async function setPreference(
    phone: string,
    change: { channel: MessageChannel; optOut: boolean } | { marketing: boolean } | { whatsapp: boolean } | { everything: "stop" },
  ) {
    const e164 = normaliseTanzanianMobile(phone);
    if (!e164) return null;
    const time = now();
    const set =
      "everything" in change
        ? { smsOptOutAt: time, whatsappOptOutAt: time, marketingConsentAt: null }
        : "marketing" in change
          ? { marketingConsentAt: change.marketing ? time : null }
          : "whatsapp" in change
            ? change.whatsapp
              ? { whatsappOptInAt: time, whatsappOptOutAt: null }
              : { whatsappOptInAt: null }
            : change.channel === "sms"
              ? { smsOptOutAt: change.optOut ? time : null }
              : { whatsappOptOutAt: change.optOut ? time : null };
    await db
      .insert(messagePreferences)
      .values({ phone: e164, ...set, updatedAt: time })
      .onConflictDoUpdate({ target: messagePreferences.phone, set: { ...set, updatedAt: time } });
    return preferences(e164);
  }

  /** A number's choices: which channels carry its transactional messages, and whether it takes marketing (`tx`: read inside the caller's transaction). */
  async function preferences(phone: string, tx: Database = db) {
    const e164 = normaliseTanzanianMobile(phone);
    if (!e164) return null;
    const prefs = await preferencesOf(tx, e164);
    return {
      phone: e164,
      sms: !prefs?.smsOptOutAt,
      /** chosen and not stopped since */
      whatsapp: Boolean(prefs?.whatsappOptInAt) && !prefs?.whatsappOptOutAt,
      marketing: Boolean(prefs?.marketingConsentAt),
    };
  }

  const worker = createOutboxWorker({ name: "message outbox", drain, busy: () => draining !== null, prune, pruneEveryMs: PRUNE_EVERY_MS, log });

  return {
    /** the quiet hours this outbox keeps, for callers deciding whether a message would come too late */
    quietHours,
    enqueue,
    drain,
    recordDeliveries,
    prune,
    quota,
    /** which provider carries each channel ("sandbox" unless a real one is configured) */
    providerNames: { sms: providers.sms.name, whatsapp: providers.whatsapp.name } as Record<MessageChannel, MessageProviderName>,
    preferences,
    /** Opts a number out of a channel (or back in): queued messages on it stop too, one-time codes it asks for excepted. */
    setOptOut: (phone: string, channel: MessageChannel, optOut: boolean) => setPreference(phone, { channel, optOut }),
    /** Gives or withdraws a number's consent to marketing messages (none unless given). */
    setMarketingConsent: (phone: string, consent: boolean) => setPreference(phone, { marketing: consent }),
    /** Chooses WhatsApp for a number's order updates beside SMS (WhatsApp carries none until chosen), or stops choosing it. */
    setWhatsAppChoice: (phone: string, chosen: boolean) => setPreference(phone, { whatsapp: chosen }),
    /** Stops every message to a number (both channels, marketing consent withdrawn): the opt-out link; one-time codes it asks for still go. */
    stopEverything: (phone: string) => setPreference(phone, { everything: "stop" }),

    /** The messages an order sent or will send, oldest first, for its timeline: channel, event, state, delivery and times. */
    async messagesForOrder(orderId: number) {
      const rows = await db
        .select({
          id: messageOutbox.id,
          channel: messageOutbox.channel,
          event: messageOutbox.event,
          recipient: messageOutbox.recipient,
          state: messageOutbox.state,
          deliveryState: messageOutbox.deliveryState,
          deliveryAt: messageOutbox.deliveryAt,
          createdAt: messageOutbox.createdAt,
          nextAttemptAt: messageOutbox.nextAttemptAt,
          sentAt: messageOutbox.sentAt,
        })
        .from(messageOutbox)
        .where(eq(messageOutbox.orderId, orderId))
        .orderBy(asc(messageOutbox.createdAt), asc(messageOutbox.id));
      return rows.map((row) => ({ ...row, recipient: maskPhone(row.recipient) }));
    },

    /** For the admin's outbox view: how many messages are in each state per channel, and the latest that failed or died (numbers masked). */
    async overview(limit = 20) {
      const counts = Object.fromEntries(MESSAGE_CHANNELS.map((c) => [c, Object.fromEntries(MESSAGE_STATES.map((s) => [s, 0]))])) as Record<
        MessageChannel,
        Record<MessageState, number>
      >;
      const grouped = rowsOf<{ channel: MessageChannel; state: MessageState; n: number | string }>(
        await db.execute(sql`select channel, state, count(*) as n from message_outbox group by channel, state`),
      );
      for (const { channel, state, n } of grouped) if (counts[channel]) counts[channel][state] = Number(n);
      const problems = await db
        .select({
          id: messageOutbox.id,
          channel: messageOutbox.channel,
          event: messageOutbox.event,
          state: messageOutbox.state,
          recipient: messageOutbox.recipient,
          attempts: messageOutbox.attempts,
          lastError: messageOutbox.lastError,
          updatedAt: messageOutbox.updatedAt,
          nextAttemptAt: messageOutbox.nextAttemptAt,
        })
        .from(messageOutbox)
        .where(inArray(messageOutbox.state, ["failed", "dead"]))
        .orderBy(desc(messageOutbox.updatedAt), desc(messageOutbox.id))
        .limit(limit);
      return {
        counts,
        providers: { sms: providers.sms.name, whatsapp: providers.whatsapp.name },
        problems: problems.map((p) => ({ ...p, recipient: maskPhone(p.recipient), lastError: p.lastError && maskPhonesIn(p.lastError) })),
      };
    },

    start: worker.start,
    stop: worker.stop,
  };
}

export type NotifyService = ReturnType<typeof createNotifyService>;
export type MessageOverview = Awaited<ReturnType<NotifyService["overview"]>>;
export type OrderMessage = Awaited<ReturnType<NotifyService["messagesForOrder"]>>[number];
