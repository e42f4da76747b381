import { amountPaidOf, firstPaymentOf } from "@/lib/back-orders";
import { formatMoney } from "@/lib/money";
import { invoiceKind, testReceiptNumber } from "@/lib/order-documents";
import { formatTanzanianPhone } from "@/lib/phone";
import { optionText } from "@/lib/variants";
import { textIn, type SiteSettings } from "@/lib/site-settings";
import type { Database } from "../db";
import { DomainError } from "../errors";
import { translator } from "../i18n";
import type { MailMessage } from "../mail/mailer";
import type { MailService } from "../mail/outbox";
import { isTestOrder } from "../payments/test-orders";
import { lastCancellation, readOrder, settingsIn, type OrderDocumentData } from "./order-data";
import { shopTime } from "./shop-time";

/** The e-mails an order sends its shopper, one of each kind at most. */
export const ORDER_MAIL_KINDS = ["order-placed", "order-paid", "order-shipped", "order-cancelled"] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

/** Why an order was cancelled, as its e-mail words it. */
export type CancelReason = "expired" | "shopper" | "payment" | "shop";

type Words = ReturnType<typeof translator<"orderMail">>;
type Shop = Pick<SiteSettings, "companyName" | "contactPhone" | "contactEmail" | "address" | "bankTransfer">;

export interface OrderMailDeps {
  mail: MailService;
  siteUrl: URL;
  /** whether new payments go to the payment sandbox: a placed order's mail then says no money moves */
  testPayments?: () => boolean;
}

/** The address of a page or file of the shop, from the site's public origin. */
function address(siteUrl: URL, path: string): string {
  return new URL(path, siteUrl).href;
}

/** A line's product with the option the shopper chose, as the cart and the order page show it. */
function nameWithOption(line: { name: string; attributes: Record<string, string> | null }): string {
  const option = optionText(line.attributes);
  return option ? `${line.name} (${option})` : line.name;
}

/** The order as the receipt lists it: each line at its list price, then the coupon and coins as their own lines, delivery and total. */
function summary(t: Words, { order, lines }: OrderDocumentData): string {
  // the delivery methods' names are the documents' (one wording on the invoice and in the mail)
  const methods = translator(order.locale, "documents");
  const rows = lines.map((line) => t("line", { quantity: line.quantity, name: nameWithOption(line), amount: formatMoney(line.unitPrice * line.quantity) }));
  if (order.discount > 0 || order.coinsValue > 0) rows.push(t("subtotal", { amount: formatMoney(order.subtotal) }));
  if (order.discount > 0) rows.push(t("coupon", { code: order.couponCode ?? "", amount: formatMoney(order.discount) }));
  if (order.coinsValue > 0) rows.push(t("coins", { count: order.coinsSpent, amount: formatMoney(order.coinsValue) }));
  rows.push(t("delivery", { method: methods(`deliveryMethods.${order.deliveryMethod}`), amount: formatMoney(order.deliveryFee) }));
  rows.push(t("total", { total: formatMoney(order.total), vat: formatMoney(order.vatTotal) }));
  return rows.join("\n");
}

function cancelReason(actor: string | undefined): CancelReason {
  if (actor === "system") return "expired";
  if (actor === "shopper") return "shopper";
  if (actor === "provider") return "payment";
  return "shop";
}

/** The paragraphs of one kind of order e-mail, in the order's language. */
async function compose(
  tx: Database,
  deps: OrderMailDeps,
  kind: OrderMailKind,
  data: OrderDocumentData,
  shop: Shop,
  reason?: CancelReason,
): Promise<MailMessage> {
  const { order, receipt } = data;
  const t = translator(order.locale, "orderMail");
  const number = order.number;
  const orderLink = address(deps.siteUrl, `/account/orders/${encodeURIComponent(number)}`);
  const invoiceLink = address(deps.siteUrl, `/api/orders/${encodeURIComponent(number)}/invoice.pdf`);
  // what the order's payment asks and brings: a deposit order's deposit (its balance has messages of its own)
  const total = formatMoney(firstPaymentOf(order));
  const paragraphs: string[] = [t("greeting", { name: order.fullName })];
  let subject: string;

  switch (kind) {
    case "order-placed": {
      subject = t("placed.subject", { number });
      paragraphs.push(t("placed.intro", { number }), summary(t, data));
      // the sandbox sends nothing to any phone: the shopper confirms the test payment on the order page
      // pay on delivery and bank transfer never go through the payment sandbox: never a test
      if (order.paymentMethod === "on_delivery") paragraphs.push(t("placed.onDelivery", { total, method: order.deliveryMethod }));
      else if (order.paymentMethod !== "bank_transfer" && deps.testPayments?.()) paragraphs.push(t("placed.testMode"));
      else if (order.paymentMethod === "mobile_money")
        paragraphs.push(t("placed.mobileMoney", { phone: formatTanzanianPhone(order.paymentPhone ?? order.phone), wallet: order.wallet ?? "none" }));
      else if (order.paymentMethod === "card") paragraphs.push(t("placed.card"));
      else {
        const bank = shop.bankTransfer;
        paragraphs.push(
          t("placed.bankTransfer", {
            total,
            number,
            bank: bank.bankName,
            accountName: bank.accountName,
            accountNumber: bank.accountNumber,
            branch: bank.branch || "none",
            swift: bank.swift || "none",
            invoice: invoiceLink,
          }),
        );
      }
      // a buyer who gave a TIN has a pro-forma to book (a bank transfer's is linked above)
      if (order.paymentMethod !== "bank_transfer" && invoiceKind(order) === "proforma") paragraphs.push(t("invoice", { kind: "proforma", link: invoiceLink }));
      if (order.holdUntil) {
        const until = shopTime(order.holdUntil);
        paragraphs.push(t("placed.hold", { until: `${until.date} ${until.time.slice(0, 5)}` }));
      }
      break;
    }
    case "order-paid": {
      subject = t("paid.subject", { number });
      paragraphs.push(t("paid.intro", { number, total }));
      if (order.balanceDue > 0) paragraphs.push(t("paid.balanceLater", { balance: formatMoney(order.balanceDue) }));
      const test = await isTestOrder(tx, order.id);
      // a test order's TEST receipt of this payment: the sale's, or a deposit order's deposit's
      if (receipt || test)
        paragraphs.push(t("paid.receipt", { receipt: receipt?.receiptNumber ?? testReceiptNumber(number, order.depositAmount === null ? "sale" : "deposit") }));
      if (test) paragraphs.push(t("paid.test"));
      if (invoiceKind(order) === "invoice") paragraphs.push(t("invoice", { kind: "invoice", link: invoiceLink }));
      // paid on delivery: the goods are already in the customer's hands
      if (order.paymentMethod !== "on_delivery") paragraphs.push(t("paid.next", { method: order.deliveryMethod }));
      break;
    }
    case "order-shipped": {
      subject = t("shipped.subject", { number });
      paragraphs.push(
        t("shipped.intro", { number, method: order.deliveryMethod, carrier: order.carrier || "none", address: textIn(shop.address, order.locale) }),
      );
      if (order.deliveryMethod === "parcel" && order.parcelOffice) paragraphs.push(t("shipped.parcelOffice", { office: order.parcelOffice }));
      if (order.trackingNumber) paragraphs.push(t("shipped.tracking", { tracking: order.trackingNumber }));
      break;
    }
    case "order-cancelled": {
      subject = t("cancelled.subject", { number });
      const event = await lastCancellation(tx, order.id);
      paragraphs.push(t("cancelled.reason", { number, reason: reason ?? cancelReason(event?.actor) }));
      if (event?.note && (reason ?? cancelReason(event.actor)) === "shop") paragraphs.push(t("cancelled.note", { note: event.note }));
      paragraphs.push(t("cancelled.stock"));
      if (order.paidAt) paragraphs.push(t("cancelled.refund", { total: formatMoney(amountPaidOf(order)) }));
      break;
    }
  }

  paragraphs.push(t("orderLink", { link: orderLink }), t("signature", { company: shop.companyName, phone: shop.contactPhone, email: shop.contactEmail }));
  return { to: order.email ?? "", subject, text: `${paragraphs.join("\n\n")}\n` };
}

/**
 * Queues the e-mail of an order event in the caller's transaction, so it goes if and only if the
 * event commits. Transactional mail: always sent, whatever `notifications.orderEmails` says (that
 * switch is about notifying the shop, and a shopper who placed an order needs to know how to pay,
 * that the money arrived, where the parcel is and why an order ended). Nobody asked for it by a
 * request, so no mail quota applies; the dedupe key `order:<number>:<kind>` makes a repeated call
 * (a replayed callback, a retried job) queue nothing. The language is the order's.
 */
export async function notifyOrder(tx: Database, deps: OrderMailDeps, kind: OrderMailKind, orderId: number, options: { reason?: CancelReason } = {}) {
  const data = await readOrder(tx, { id: orderId });
  if (!data) throw new DomainError("not-found", `No order ${orderId}`);
  // a guest who gave no e-mail address is told by SMS alone
  if (!data.order.email) return null;
  const shop = await settingsIn(tx, ["companyName", "contactPhone", "contactEmail", "address", "bankTransfer"]);
  const message = await compose(tx, deps, kind, data, shop, options.reason);
  return deps.mail.enqueue(message, { kind, dedupeKey: `order:${data.order.number}:${kind}`, quota: false, tx });
}
