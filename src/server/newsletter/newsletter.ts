import { and, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Locale } from "@/lib/locale";
import { normaliseEmail } from "@/lib/newsletter";
import type { RequestMeta } from "../auth/events";
import { hashSecret, newSecret } from "../auth/tokens";
import { withTransaction, type Database } from "../db";
import { mailLocale, translator } from "../i18n";
import { newsletterSubscription, newsletterTokens } from "../db/schema";
import type { MailMessage } from "../mail/mailer";
import type { MailService } from "../mail/outbox";
import type { SettingsService } from "../settings/settings";

export interface NewsletterDeps {
  db: Database;
  mail: MailService;
  /** the shop's public origin, for the links in the mails */
  siteUrl: URL;
  settings: SettingsService;
}

/** A confirmation link works once, for two days; an unsubscribe link for a year (any mail of ours may be the one a reader keeps). */
const CONFIRM_HOURS = 48;
const UNSUBSCRIBE_DAYS = 365;

export type SubscriptionStatus = "none" | "unconfirmed" | "confirmed";

function tokenLink(siteUrl: URL, path: string, token: string): string {
  const url = new URL(path, siteUrl);
  url.searchParams.set("token", token);
  return url.href;
}

/**
 * Every newsletter mail ends with an unsubscribe link (a page with a button, for people) and carries
 * RFC 8058 one-click headers (a POST to the API, for mail programs); neither unsubscribes on a GET,
 * since mail scanners fetch links. The link's words are in the mail's language.
 */
function withUnsubscribe(siteUrl: URL, token: string, locale: Locale, message: { to: string; subject: string; text: string }): MailMessage {
  const t = translator(locale, "newsletter.email");
  return {
    ...message,
    text: `${message.text}\n${t("unsubscribeFooter", { link: tokenLink(siteUrl, "/newsletter/unsubscribe", token) })}`,
    headers: {
      "List-Unsubscribe": `<${tokenLink(siteUrl, "/api/newsletter/unsubscribe", token)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

async function storeToken(tx: Database, subscriptionId: number, purpose: "confirm" | "unsubscribe", hash: string): Promise<void> {
  const ms = purpose === "confirm" ? CONFIRM_HOURS * 3_600_000 : UNSUBSCRIBE_DAYS * 86_400_000;
  await tx.insert(newsletterTokens).values({ tokenHash: hash, subscriptionId, purpose, expiresAt: new Date(Date.now() + ms) });
}

/**
 * Double opt-in: a sign-up stores the address unconfirmed (with the time of consent) and mails a
 * confirmation link; only the link's owner can confirm, and only confirmed addresses get the
 * newsletter. The answer is the same whatever the address's state, so nobody can learn from it who
 * is subscribed. The confirmation and unsubscribe links are single tokens stored as SHA-256 hashes.
 */
export function createNewsletterService(deps: NewsletterDeps) {
  const { db, mail, siteUrl } = deps;

  /**
   * Records a sign-up and queues the mail that goes with it: a confirmation link for an unconfirmed
   * address, a note with an unsubscribe link for one already on the list. One row per address even
   * under parallel posts (insert ... on conflict do nothing); the mail is within the recipient's
   * and the client's quotas or not sent. `email` must be a valid address (the route checks it).
   * The mail is in the language of the page the sign-up came from (`meta.locale`), else the shop's.
   */
  async function subscribe(rawEmail: string, source: string, meta: RequestMeta = {}): Promise<void> {
    const email = normaliseEmail(rawEmail);
    const { companyName, language } = await deps.settings.get();
    const locale = mailLocale(null, meta.locale, language);
    const t = translator(locale, "newsletter.email");
    await withTransaction(db, async (tx) => {
      await tx
        .insert(newsletterSubscription)
        .values({ email, source, consentAt: sql`now()` })
        .onConflictDoNothing({ target: newsletterSubscription.email });
      const [row] = await tx
        .select({ id: newsletterSubscription.id, confirmedAt: newsletterSubscription.confirmedAt })
        .from(newsletterSubscription)
        .where(eq(newsletterSubscription.email, email));
      if (!row) return;
      const unsubscribe = newSecret();
      const confirm = newSecret();
      const message = row.confirmedAt
        ? {
            to: email,
            subject: t("alreadySubject", { company: companyName }),
            text: t("alreadyText", { company: companyName }),
          }
        : {
            to: email,
            subject: t("confirmSubject", { company: companyName }),
            text: t("confirmText", { link: tokenLink(siteUrl, "/newsletter/confirm", confirm.token), hours: CONFIRM_HOURS }),
          };
      const queued = await mail.enqueue(withUnsubscribe(siteUrl, unsubscribe.token, locale, message), {
        kind: row.confirmedAt ? "newsletter-already" : "newsletter-confirm",
        clientIp: meta.ip,
        tx,
      });
      if (!queued.queued) return;
      await storeToken(tx, row.id, "unsubscribe", unsubscribe.hash);
      if (!row.confirmedAt) await storeToken(tx, row.id, "confirm", confirm.hash);
    });
  }

  /** Confirms the address of a confirmation link (once, before it expires); false for any other token. */
  async function confirm(token: string): Promise<boolean> {
    if (!token || token.length > 100) return false;
    return withTransaction(db, async (tx) => {
      const [spent] = await tx
        .update(newsletterTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(newsletterTokens.tokenHash, hashSecret(token)),
            eq(newsletterTokens.purpose, "confirm"),
            isNull(newsletterTokens.usedAt),
            gt(newsletterTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ subscriptionId: newsletterTokens.subscriptionId });
      if (!spent) return false;
      await tx
        .update(newsletterSubscription)
        .set({ confirmedAt: sql`coalesce(${newsletterSubscription.confirmedAt}, now())` })
        .where(eq(newsletterSubscription.id, spent.subscriptionId));
      return true;
    });
  }

  /** Removes the address of an unsubscribe link (and with it all its links); false when the link is unknown, expired or already used. */
  async function unsubscribe(token: string): Promise<boolean> {
    if (!token || token.length > 100) return false;
    const removed = await db
      .delete(newsletterSubscription)
      .where(
        eq(
          newsletterSubscription.id,
          sql`(select ${newsletterTokens.subscriptionId} from ${newsletterTokens}
                where ${newsletterTokens.tokenHash} = ${hashSecret(token)} and ${newsletterTokens.purpose} = 'unsubscribe'
                  and ${newsletterTokens.expiresAt} > now())`,
        ),
      )
      .returning({ id: newsletterSubscription.id });
    return removed.length > 0;
  }

  /** Where an address stands: not on the list, signed up but unconfirmed, or confirmed. */
  async function status(rawEmail: string): Promise<SubscriptionStatus> {
    const [row] = await db
      .select({ confirmedAt: newsletterSubscription.confirmedAt })
      .from(newsletterSubscription)
      .where(eq(newsletterSubscription.email, normaliseEmail(rawEmail)));
    return !row ? "none" : row.confirmedAt ? "confirmed" : "unconfirmed";
  }

  /**
   * Queues one issue of the newsletter for every confirmed address (unconfirmed ones get nothing),
   * each with its own unsubscribe link. Not asked for by a request, so no quota applies. Addresses
   * have no stored language: the unsubscribe line is in the shop's language, like the issue.
   */
  async function sendIssue(issue: { subject: string; text: string }): Promise<number> {
    const locale = mailLocale(null, null, (await deps.settings.get()).language);
    const subscribers = await db
      .select({ id: newsletterSubscription.id, email: newsletterSubscription.email })
      .from(newsletterSubscription)
      .where(isNotNull(newsletterSubscription.confirmedAt));
    let queued = 0;
    for (const subscriber of subscribers) {
      const { token, hash } = newSecret();
      await withTransaction(db, async (tx) => {
        const result = await mail.enqueue(withUnsubscribe(siteUrl, token, locale, { to: subscriber.email, ...issue }), {
          kind: "newsletter-issue",
          quota: false,
          tx,
        });
        if (!result.queued) return;
        await storeToken(tx, subscriber.id, "unsubscribe", hash);
        queued++;
      });
    }
    return queued;
  }

  /** Takes an address off the list (and with it all its links): a signed-in owner leaving from the account's settings. */
  async function removeAddress(rawEmail: string): Promise<boolean> {
    const removed = await db
      .delete(newsletterSubscription)
      .where(eq(newsletterSubscription.email, normaliseEmail(rawEmail)))
      .returning({ id: newsletterSubscription.id });
    return removed.length > 0;
  }

  return { subscribe, confirm, unsubscribe, status, sendIssue, removeAddress };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
