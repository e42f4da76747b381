import { sql } from "drizzle-orm";
import type { Locale } from "@/lib/locale";
import { gsmFriendly, fitsOneSms } from "@/lib/sms/encoding";
import { rowsOf, withTransaction, type Database } from "../db";
import { translator } from "../i18n";
import type { MailService } from "../mail/outbox";
import type { NotifyService } from "../notify/outbox";
import type { SignedLinks } from "../notify/signed-links";
import { testOrderSql } from "../payments/test-orders";
import type { SettingsService } from "../settings/settings";

const DAY_MS = 86_400_000;

/**
 * How long after its due day an order may still be invited: a server that was down for a while
 * catches up, but an order delivered long before (or before invitations existed) is never asked
 * about months later.
 */
export const INVITE_GRACE_DAYS = 7;

/** The most orders one run invites (the rest wait for the next run, minutes later). */
const INVITES_PER_RUN = 200;

export interface ReviewInvitationsDeps {
  db: Database;
  settings: SettingsService;
  notify: Pick<NotifyService, "enqueue">;
  mail: Pick<MailService, "enqueue">;
  links: Pick<SignedLinks, "orderLink">;
  now?: () => Date;
}

interface DueOrder {
  id: number;
  number: string;
  phone: string;
  email: string | null;
  full_name: string;
  locale: Locale;
  user_id: number | null;
}

/**
 * Invitations to review: `reviews.inviteAfterDays` days after an order is delivered its buyer is
 * asked, once, to review what it held, by SMS (unless the number opted out of SMS: the outbox
 * refuses it) and by e-mail where the order has an address, with the order's signed link (a guest
 * reviews through it; the order page offers the review buttons). Test orders (paid in the payment
 * sandbox) are never invited: they make no verified purchase. `sendDue` is the periodic job.
 */
export function createReviewInvitations(deps: ReviewInvitationsDeps) {
  const now = deps.now ?? (() => new Date());

  /** Invites the buyers of the orders now due; returns how many orders were invited. */
  async function sendDue(): Promise<number> {
    const { reviews, companyName } = await deps.settings.get();
    if (reviews.inviteAfterDays <= 0) return 0;
    const time = now();
    const dueBy = new Date(time.getTime() - reviews.inviteAfterDays * DAY_MS);
    const notBefore = new Date(dueBy.getTime() - INVITE_GRACE_DAYS * DAY_MS);
    // from the delivery events of the window (order_events_status_at_idx), to orders still delivered and not yet invited
    const due = rowsOf<DueOrder>(
      await deps.db.execute(sql`
        select o.id, o.number, o.phone, o.email, o.full_name, o.locale, o.user_id
          from orders o
         where o.id in (select e.order_id from order_events e
                         where e.status = 'delivered' and e.at > ${notBefore.toISOString()} and e.at <= ${dueBy.toISOString()})
           and o.status in ('delivered', 'partly_refunded')
           and o.review_invited_at is null
           and not ${testOrderSql(sql.raw("o.id"))}
         order by o.id
         limit ${INVITES_PER_RUN}`),
    );
    let invited = 0;
    for (const order of due) if (await invite(order, companyName)) invited++;
    return invited;
  }

  /**
   * One order's invitation, in a transaction that first claims the order (so two servers running
   * the job at once invite it once), then queues the SMS and the e-mail, each under its own key.
   */
  async function invite(order: DueOrder, shop: string): Promise<boolean> {
    const link = await deps.links.orderLink(order.id);
    return withTransaction(deps.db, async (tx) => {
      const claimed = rowsOf<{ id: number }>(
        await tx.execute(sql`update orders set review_invited_at = ${now().toISOString()} where id = ${order.id} and review_invited_at is null returning id`),
      );
      if (!claimed.length) return false;
      const sms = translator(order.locale, "sms");
      const texts = [sms("reviewInvite", { shop, number: order.number, link }), sms("reviewInviteShort", { number: order.number, link })].map(gsmFriendly);
      await deps.notify.enqueue(
        {
          channel: "sms",
          to: order.phone,
          text: texts.find(fitsOneSms) ?? texts[texts.length - 1]!,
          event: "review-invite",
          orderId: order.id,
          userId: order.user_id,
          locale: order.locale,
        },
        { tx, dedupeKey: `order:${order.number}:review-invite:sms` },
      );
      if (order.email) {
        const lines = rowsOf<{ name: string }>(
          await tx.execute(sql`select distinct name from order_lines where order_id = ${order.id} order by name limit 10`),
        );
        const t = translator(order.locale, "email");
        await deps.mail.enqueue(
          {
            to: order.email,
            subject: t("reviewInvite.subject", { number: order.number }),
            text: t("reviewInvite.body", {
              name: order.full_name,
              shop,
              number: order.number,
              products: lines.map((l) => `- ${l.name}`).join("\n"),
              link,
            }),
          },
          { kind: "review-invite", quota: false, dedupeKey: `order:${order.number}:review-invite`, tx },
        );
      }
      return true;
    });
  }

  return { sendDue };
}

export type ReviewInvitations = ReturnType<typeof createReviewInvitations>;
