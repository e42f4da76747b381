import { formatDateRange } from "@/lib/delivery-estimate";
import type { Database } from "../db";
import { readOrder, settingsIn } from "../documents/order-data";
import { translator } from "../i18n";
import type { MailService } from "../mail/outbox";

/**
 * The e-mail of a slipped delivery promise, beside its SMS and WhatsApp message: the new dates in
 * the order's language, once per slip (the dedupe key carries the new last day). A guest who gave
 * no e-mail address is told by text message alone.
 */
export async function queueDelayMail(tx: Database, deps: { mail: MailService; siteUrl: URL }, orderId: number, approximate: boolean) {
  const data = await readOrder(tx, { id: orderId });
  const order = data?.order;
  if (!order?.email || !order.promisedFrom || !order.promisedTo) return null;
  const shop = await settingsIn(tx, ["companyName", "contactPhone", "contactEmail"]);
  const t = translator(order.locale, "orderMail");
  const number = order.number;
  const dates = formatDateRange(order.promisedFrom, order.promisedTo, order.locale);
  const paragraphs = [
    t("greeting", { name: order.fullName }),
    t("delayed.intro", { number, dates, method: order.deliveryMethod }),
    ...(approximate ? [t("delayed.approximate")] : []),
    t("orderLink", { link: new URL(`/account/orders/${encodeURIComponent(number)}`, deps.siteUrl).href }),
    t("signature", { company: shop.companyName, phone: shop.contactPhone, email: shop.contactEmail }),
  ];
  return deps.mail.enqueue(
    { to: order.email, subject: t("delayed.subject", { number }), text: `${paragraphs.join("\n\n")}\n` },
    { kind: "order-delayed", dedupeKey: `order:${number}:order-delayed:${order.promisedTo}`, quota: false, tx },
  );
}
