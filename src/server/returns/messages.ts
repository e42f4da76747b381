import { asc, eq } from "drizzle-orm";
import { fitsOneSms, gsmFriendly } from "@/lib/sms/encoding";
import type { Database } from "../db";
import { orderLines, orders, returnLines, returns } from "../db/schema";
import { settingsIn } from "../documents/order-data";
import { translator } from "../i18n";
import type { MailService } from "../mail/outbox";
import type { NotifyService } from "../notify/outbox";
import type { SignedLinks } from "../notify/signed-links";
import { isTestOrder } from "../payments/test-orders";
import { renderWhatsAppTemplate, whatsAppTemplateFor } from "../notify/whatsapp-templates";

export interface ReturnMessagesDeps {
  notify: Pick<NotifyService, "enqueue" | "preferences">;
  mail: Pick<MailService, "enqueue">;
  links: Pick<SignedLinks, "orderLink">;
  siteUrl: URL;
}

type ReturnRow = typeof returns.$inferSelect;

/**
 * Tells the shopper of a return's step, in the caller's transaction and the order's language: an
 * SMS to the order's phone (the richest wording that fits one SMS, else a plain one; TEST on a test
 * order), the `return_update` WhatsApp template where the number chose WhatsApp, and an e-mail
 * where the order has an address. Once per return and status (the dedupe key
 * `return:<number>:<status>`), so a retried step queues nothing new. A guest's link is the order's
 * signed one (they have no account); an account's goes to its order page.
 */
export async function queueReturnMessages(tx: Database, deps: ReturnMessagesDeps, row: ReturnRow): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
  if (!order) return;
  const test = await isTestOrder(tx, order.id);
  const link =
    order.userId === null ? await deps.links.orderLink(order.id, tx) : new URL(`/account/orders/${encodeURIComponent(order.number)}`, deps.siteUrl).href;
  const lines = await tx
    .select({ quantity: returnLines.quantity, decision: returnLines.decision, name: orderLines.name })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .where(eq(returnLines.returnId, row.id))
    .orderBy(asc(returnLines.id));
  const sms = translator(order.locale, "sms");
  const decisions = [...new Set(lines.map((l) => l.decision).filter((d): d is NonNullable<typeof d> => d !== null))];
  const outcome = decisions.map((decision) => sms("returnOutcome", { decision })).join(", ");
  const values = { number: row.number, order: order.number, status: row.status, method: row.returnMethod, reason: row.refusalReason ?? "", outcome, link };
  const texts = [sms("returnUpdate", values), sms("returnUpdateShort", values)].map((text) => gsmFriendly(test ? sms("test", { text }) : text));
  const text = texts.find(fitsOneSms) ?? texts[texts.length - 1]!;
  const key = `return:${row.number}:${row.status}`;
  const base = { to: order.phone, event: "return-update" as const, orderId: order.id, userId: order.userId, locale: order.locale };
  await deps.notify.enqueue({ ...base, channel: "sms", text }, { dedupeKey: `${key}:sms`, tx });
  const shop = await settingsIn(tx, ["companyName", "contactPhone", "contactEmail"]);
  // WhatsApp too where the number chose it; never for a test order (a template's fixed text cannot say TEST)
  if (!test && (await deps.notify.preferences(order.phone, tx))?.whatsapp) {
    const template = whatsAppTemplateFor("return-update", order.locale, {
      shopName: shop.companyName,
      returnNumber: row.number,
      orderNumber: order.number,
      returnStatus: sms("returnStatus", { status: row.status }),
      link,
    });
    await deps.notify.enqueue({ ...base, channel: "whatsapp", text: renderWhatsAppTemplate(template), template }, { dedupeKey: `${key}:whatsapp`, tx });
  }

  if (!order.email) return;
  const t = translator(order.locale, "orderMail");
  const paragraphs = [t("greeting", { name: order.fullName })];
  switch (row.status) {
    case "requested":
      paragraphs.push(t("return.requested", { number: row.number, kind: row.kind }));
      break;
    case "approved":
      paragraphs.push(t("return.approved", { number: row.number, method: row.returnMethod }));
      break;
    case "refused":
      paragraphs.push(t("return.refused", { number: row.number, reason: row.refusalReason ?? "" }));
      break;
    case "received":
      paragraphs.push(t("return.received", { number: row.number }));
      break;
    case "inspected":
      paragraphs.push(t("return.inspected", { number: row.number }));
      break;
    case "closed": {
      const decided = lines.filter((l) => l.decision !== null);
      paragraphs.push(
        [
          t("return.closed", { number: row.number }),
          ...decided.map((l) => t("return.line", { quantity: l.quantity, name: l.name, decision: l.decision! })),
        ].join("\n"),
      );
      if (decided.some((l) => l.decision === "refund" || l.decision === "store_credit")) paragraphs.push(t("return.refundNote"));
      break;
    }
  }
  paragraphs.push(t("orderLink", { link }), t("signature", { company: shop.companyName, phone: shop.contactPhone, email: shop.contactEmail }));
  await deps.mail.enqueue(
    {
      to: order.email,
      subject: `${test ? "TEST: " : ""}${t("return.subject", { number: row.number, order: order.number, status: row.status })}`,
      text: `${paragraphs.join("\n\n")}\n`,
    },
    { kind: "return-update", dedupeKey: key, quota: false, tx },
  );
}
