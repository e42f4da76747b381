import { desc, inArray, sql, TransactionRollbackError } from "drizzle-orm";
import { normaliseEmail } from "@/lib/auth-rules";
import { rowsOf, withTransaction, type Database } from "../db";
import { createOutboxWorker } from "../jobs/outbox-worker";
import { mailOutbox } from "../db/schema";
import { logSecurityEvent } from "../auth/events";
import type { Mailer, MailMessage } from "./mailer";
import { DEFAULT_RETRY, maskEmail, maskEmailsIn, retryDelayMs, type RetryPolicy } from "./rules";

/** What a message is for: the dashboard and the security log name it, and it says whether a quota applies. */
export type MailKind =
  | "verify-email"
  | "password-reset"
  | "register-existing"
  | "newsletter-confirm"
  | "newsletter-already"
  | "newsletter-issue"
  | "order-placed"
  | "order-paid"
  | "order-shipped"
  | "order-cancelled"
  | "order-delayed"
  | "order-balance-due"
  | "order-refunded"
  | "support-message"
  | "support-reply"
  | "request-received"
  | "request-acknowledged"
  | "return-update"
  | "stock-alert-confirm"
  | "stock-alert"
  | "question-answered"
  | "review-invite";

export type MailState = "pending" | "sending" | "sent" | "failed" | "dead";
export const MAIL_STATES: readonly MailState[] = ["pending", "sending", "sent", "failed", "dead"];

/**
 * Mail the shop sends because someone asked (a reset link, a confirmation) is limited per
 * recipient and per requesting client address. Per recipient strict: nobody's inbox can be
 * flooded. Per client generous: Tanzanian carriers put many shoppers behind one NAT address.
 */
export interface MailQuota {
  perRecipient: number;
  recipientWindowMinutes: number;
  perClient: number;
  clientWindowMinutes: number;
}

export const DEFAULT_MAIL_QUOTA: MailQuota = { perRecipient: 3, recipientWindowMinutes: 15, perClient: 20, clientWindowMinutes: 60 };

export interface EnqueueOptions {
  kind: MailKind;
  /** a second message with the same key is not queued (e.g. the same event seen twice) */
  dedupeKey?: string;
  /** the client address that asked for the message: counts against its quota and goes to the log */
  clientIp?: string | null;
  /** false for mail nobody asked for by a request (a newsletter issue to its confirmed subscribers) */
  quota?: boolean;
  /** the caller's transaction, so the message is queued if and only if the caller's work commits */
  tx?: Database;
}

export type EnqueueResult = { queued: true; id: number } | { queued: false; reason: "quota-recipient" | "quota-client" | "duplicate" };

export interface DrainResult {
  sent: number;
  failed: number;
  dead: number;
}

export interface MailServiceOptions {
  db: Database;
  mailer: Mailer;
  quota?: Partial<MailQuota>;
  retry?: Partial<RetryPolicy>;
  /** how long a claimed message is a worker's before another may take it (the worker died mid-send) */
  leaseMs?: number;
  log?: (line: string) => void;
}

/** Namespaces the advisory locks that serialise quota checks per recipient and per client address. */
const QUOTA_LOCK = 726_500_2;
const BATCH = 20;
const ERROR_MAX = 500;
/** Sent messages are kept a week for the dashboard's counts, dead ones a month for a look at why. */
const KEEP_SENT_DAYS = 7;
const KEEP_DEAD_DAYS = 30;
const PRUNE_EVERY_MS = 3_600_000;

interface ClaimedRow {
  id: number | string;
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  headers: Record<string, string> | string | null;
  attempts: number;
}

/**
 * The durable outbox: requests enqueue in their own transaction, and a worker (started by the
 * composition root, or called by tests) drains it with the configured mailer, retrying with
 * exponential backoff and jitter, and marking a message dead after the last attempt. Workers in
 * several app servers can drain at once: each claims its rows with FOR UPDATE SKIP LOCKED.
 */
export function createMailService(options: MailServiceOptions) {
  const { db, mailer } = options;
  const quota: MailQuota = { ...DEFAULT_MAIL_QUOTA, ...options.quota };
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const leaseMs = options.leaseMs ?? 120_000;
  const log = options.log ?? (() => undefined);
  let draining: Promise<DrainResult> | null = null;

  /** Over quota? Takes the recipient's and the client's advisory locks first (in that order, so two never wait on each other in a cycle). */
  async function overQuota(tx: Database, recipient: string, clientIp: string | null): Promise<"quota-recipient" | "quota-client" | null> {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, hashtext(${`r:${recipient}`}))`);
    if (clientIp) await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, hashtext(${`c:${clientIp}`}))`);
    const [counts] = rowsOf<{ recipient: number | string; client: number | string }>(
      await tx.execute(sql`
        select
          (select count(*) from mail_outbox where recipient = ${recipient}
             and created_at > now() - make_interval(mins => ${quota.recipientWindowMinutes})) as recipient,
          (select count(*) from mail_outbox where client_ip = ${clientIp ?? ""}
             and created_at > now() - make_interval(mins => ${quota.clientWindowMinutes})) as client`),
    );
    if (Number(counts?.recipient ?? 0) >= quota.perRecipient) return "quota-recipient";
    if (clientIp && Number(counts?.client ?? 0) >= quota.perClient) return "quota-client";
    return null;
  }

  /**
   * Queues nothing, at the cost of queueing: the same quota check and insert, rolled back. The
   * path for an address without an account does this, so its answer takes as long as a real one.
   */
  async function rehearse(message: MailMessage, opts: EnqueueOptions & { tx: Database }): Promise<void> {
    await opts.tx
      .transaction(async (savepoint) => {
        await enqueue(message, { ...opts, tx: savepoint, logSkip: false });
        savepoint.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
  }

  async function enqueue(message: MailMessage, opts: EnqueueOptions & { logSkip?: boolean }): Promise<EnqueueResult> {
    const recipient = normaliseEmail(message.to);
    const clientIp = opts.clientIp ?? null;
    const work = async (tx: Database): Promise<EnqueueResult> => {
      if (opts.quota !== false) {
        const over = await overQuota(tx, recipient, clientIp);
        if (over) {
          if (opts.logSkip !== false)
            await logSecurityEvent(tx, { type: "mail-quota-exceeded", email: recipient, detail: { kind: opts.kind, limit: over } }, { ip: clientIp });
          return { queued: false, reason: over };
        }
      }
      const [row] = await tx
        .insert(mailOutbox)
        .values({
          kind: opts.kind,
          recipient,
          subject: message.subject,
          body: message.text,
          headers: message.headers ?? null,
          dedupeKey: opts.dedupeKey ?? null,
          clientIp,
        })
        .onConflictDoNothing({ target: mailOutbox.dedupeKey })
        .returning({ id: mailOutbox.id });
      return row ? { queued: true, id: row.id } : { queued: false, reason: "duplicate" };
    };
    // the advisory locks last until the end of a transaction: the caller's, or one of our own
    return opts.tx ? work(opts.tx) : withTransaction(db, work);
  }

  /** Claims up to `limit` due messages (and ones whose claim ran out) for this worker. */
  async function claim(limit: number): Promise<ClaimedRow[]> {
    return rowsOf<ClaimedRow>(
      await db.execute(sql`
        update mail_outbox
           set state = 'sending', attempts = attempts + 1, updated_at = now(),
               locked_until = now() + make_interval(secs => ${leaseMs / 1000})
         where id in (
           select id from mail_outbox
            where (state in ('pending', 'failed') and next_attempt_at <= now())
               or (state = 'sending' and locked_until < now())
            order by next_attempt_at, id
            limit ${limit}
            for update skip locked)
        returning id, kind, recipient, subject, body, headers, attempts`),
    );
  }

  async function sendOne(row: ClaimedRow): Promise<keyof DrainResult> {
    const id = Number(row.id);
    const headers = typeof row.headers === "string" ? (JSON.parse(row.headers) as Record<string, string>) : (row.headers ?? undefined);
    // "and attempts = ..." keeps a worker whose claim ran out from overwriting a newer claim's result
    try {
      await mailer.send({ to: row.recipient, subject: row.subject, text: row.body, ...(headers ? { headers } : {}) });
      await db.execute(sql`
        update mail_outbox set state = 'sent', sent_at = now(), updated_at = now(), locked_until = null, last_error = null, body = ''
         where id = ${id} and attempts = ${row.attempts}`);
      return "sent";
    } catch (error) {
      const message = maskEmailsIn((error instanceof Error ? error.message : String(error)) || "unknown error").slice(0, ERROR_MAX);
      if (row.attempts >= retry.maxAttempts) {
        await db.execute(sql`
          update mail_outbox set state = 'dead', updated_at = now(), locked_until = null, last_error = ${message}, body = ''
           where id = ${id} and attempts = ${row.attempts}`);
        log(`mail ${id} (${row.kind} to ${maskEmail(row.recipient)}) is dead after ${row.attempts} attempts: ${message}`);
        // a mail given up on is in the security view: a reset or a verification never arrived
        await logSecurityEvent(db, { type: "mail-failed", email: row.recipient, detail: { kind: row.kind, attempts: row.attempts, error: message } });
        return "dead";
      }
      const delay = retryDelayMs(row.attempts, retry);
      await db.execute(sql`
        update mail_outbox set state = 'failed', updated_at = now(), locked_until = null, last_error = ${message},
               next_attempt_at = now() + make_interval(secs => ${delay / 1000})
         where id = ${id} and attempts = ${row.attempts}`);
      return "failed";
    }
  }

  async function drainOnce(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, failed: 0, dead: 0 };
    for (;;) {
      const rows = await claim(BATCH);
      for (const row of rows) result[await sendOne(row)]++;
      if (rows.length < BATCH) break;
    }
    return result;
  }

  /** Sends every message that is due now; one drain at a time per process (a second call waits for the first, then runs). */
  async function drain(): Promise<DrainResult> {
    while (draining) await draining.catch(() => undefined);
    const run = drainOnce();
    draining = run;
    try {
      return await run;
    } finally {
      if (draining === run) draining = null;
    }
  }

  /** Forgets sent and dead messages once nobody needs them (the quotas look back an hour at most). */
  async function prune(): Promise<void> {
    await db.execute(sql`
      delete from mail_outbox
       where (state = 'sent' and updated_at < now() - make_interval(days => ${KEEP_SENT_DAYS}))
          or (state = 'dead' and updated_at < now() - make_interval(days => ${KEEP_DEAD_DAYS}))`);
  }

  const worker = createOutboxWorker({ name: "mail outbox", drain, busy: () => draining !== null, prune, pruneEveryMs: PRUNE_EVERY_MS, log });

  return {
    enqueue,
    rehearse,
    drain,
    prune,
    quota,

    start: worker.start,
    stop: worker.stop,

    /** For the admin dashboard: how many messages are in each state, and the latest that failed or died (addresses masked). */
    async overview(limit = 20) {
      const counts = Object.fromEntries(MAIL_STATES.map((s) => [s, 0])) as Record<MailState, number>;
      const grouped = rowsOf<{ state: MailState; n: number | string }>(await db.execute(sql`select state, count(*) as n from mail_outbox group by state`));
      for (const { state, n } of grouped) counts[state] = Number(n);
      const problems = await db
        .select({
          id: mailOutbox.id,
          kind: mailOutbox.kind,
          state: mailOutbox.state,
          recipient: mailOutbox.recipient,
          subject: mailOutbox.subject,
          attempts: mailOutbox.attempts,
          lastError: mailOutbox.lastError,
          updatedAt: mailOutbox.updatedAt,
          nextAttemptAt: mailOutbox.nextAttemptAt,
        })
        .from(mailOutbox)
        .where(inArray(mailOutbox.state, ["failed", "dead"]))
        .orderBy(desc(mailOutbox.updatedAt), desc(mailOutbox.id))
        .limit(limit);
      return {
        counts,
        problems: problems.map((p) => ({ ...p, recipient: maskEmail(p.recipient), lastError: p.lastError && maskEmailsIn(p.lastError) })),
      };
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
export type MailOverview = Awaited<ReturnType<MailService["overview"]>>;
