import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { OrderStatus } from "@/lib/checkout";
import type { Locale } from "@/lib/locale";
import { formatMoney } from "@/lib/money";
import type { CheckoutRequest, OrderView } from "@/lib/orders";
import { normaliseTanzanianMobile } from "@/lib/phone";
import { fitsOneSms, gsmFriendly } from "@/lib/sms/encoding";
import { maskPhone } from "@/lib/sms/mask";
import { logSecurityEvent, type RequestMeta } from "../auth/events";
import type { PhoneCodes } from "../auth/phone-codes";
import { invalidateTags } from "../cache/tagged-cache";
import { withTransaction, type Database } from "../db";
import { coinEntries, orderEvents, orders, recordedPayments, users } from "../db/schema";
import { namedReceipt, settingsIn } from "../documents/order-data";
import { DomainError } from "../errors";
import { translator } from "../i18n";
import { maskEmail } from "../mail/rules";
import type { NotifyService } from "../notify/outbox";
import type { SignedLinks } from "../notify/signed-links";
import { renderWhatsAppTemplate, whatsAppTemplateFor } from "../notify/whatsapp-templates";
import type { RequestedLine } from "./cart-lines";
import type { Checkout } from "./checkout";
import type { OrdersService } from "./orders";
import { findOrder, type OrderRow } from "./views";

/**
 * Orders taken by staff for a customer (on the phone, at the counter), and what staff do to get
 * them paid: the mobile-money prompt, a payment link by SMS or WhatsApp, or a payment taken by hand.
 *
 * A payment recorded by staff is the one payment believed without a provider's signed callback
 * and status query: each keeps the staff member, the method, the till's transaction id and the
 * time, is in the security log and on the order, and only an admin can reverse it, with a reason.
 */

export type RecordedPaymentMethod = "cash" | "till";

/** Who acts: the signed-in admin. */
export interface StaffMember {
  id: number;
  email: string;
}

export interface StaffOrderRequest extends Omit<CheckoutRequest, "guest" | "coinsToSpend" | "lines"> {
  lines: RequestedLine[];
  /** the customer's e-mail address, if they gave one (the order's e-mails go there) */
  email?: string;
  /** the code sent to the customer's number, read out by them: confirms the number */
  code?: string;
}

/** A payment taken by hand, as the order's page shows it. */
export interface RecordedPaymentView {
  method: RecordedPaymentMethod;
  transactionId: string | null;
  amount: number;
  staff: string;
  recordedAt: string;
  note: string | null;
  reversedAt: string | null;
  reversedBy: string | null;
  reversalReason: string | null;
}

/** What the staff screen shows of a number: accounts that name it (unconfirmed) and its earlier orders. */
export interface PhoneLookup {
  phone: string;
  accounts: { name: string; email: string }[];
  orders: { number: string; createdAt: string; status: OrderStatus; total: number; fullName: string }[];
}

export interface StaffOrdersDeps {
  db: Database;
  orders: Pick<OrdersService, "place" | "markPaidInTx" | "guestRepeat">;
  /** the customer's number confirmed by a code sent to it and read out to staff */
  phoneCodes: Pick<PhoneCodes, "send" | "check">;
  checkout: Pick<Checkout, "pay">;
  notify: Pick<NotifyService, "enqueue" | "preferences">;
  links: Pick<SignedLinks, "orderLink">;
  now?: () => Date;
}

/** A mobile-money till's transaction id: letters, digits and a few separators, as the till's SMS shows it. */
const TRANSACTION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{3,39}$/;
/** Orders a lookup lists: enough to recognise a returning customer. */
const LOOKUP_ORDERS = 5;
const LOOKUP_ACCOUNTS = 5;

const invalid = (field: string, message: string) => new DomainError("validation", message, { field, reason: field });

export function createStaffOrders(deps: StaffOrdersDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function orderByNumber(number: string): Promise<OrderRow> {
    const row = await findOrder(db, number);
    if (!row) throw new DomainError("not-found", "Order not found");
    return row;
  }

  function unpaid(order: OrderRow) {
    if (order.status !== "awaiting_payment")
      throw new DomainError("invalid-state", "This order is not waiting for payment", { reason: "not-awaiting-payment" });
  }

  /** The SMS text carrying an order's link to pay: the richest wording that fits one SMS. */
  function payLinkSms(locale: Locale, number: string, total: number, link: string): string {
    const t = translator(locale, "sms");
    const texts = [t("payLink", { number, total: formatMoney(total), link }), t("payLinkShort", { number, link })].map(gsmFriendly);
    return texts.find(fitsOneSms) ?? texts[texts.length - 1]!;
  }

  return {
    /**
     * What the staff screen may show of a number: accounts whose profile names it (their owners
     * never confirmed it, so the order is not attached to them) and the number's earlier orders,
     * with the e-mail addresses masked.
     */
    async lookup(phoneInput: string): Promise<PhoneLookup> {
      const phone = normaliseTanzanianMobile(phoneInput);
      if (!phone) throw invalid("phone", "Enter a Tanzanian mobile number, e.g. 0754 123 456");
      const [accounts, earlier] = await Promise.all([
        db.select({ name: users.fullName, email: users.email }).from(users).where(eq(users.phone, phone)).orderBy(desc(users.id)).limit(LOOKUP_ACCOUNTS),
        db
          .select({ number: orders.number, createdAt: orders.createdAt, status: orders.status, total: orders.total, fullName: orders.fullName })
          .from(orders)
          .where(or(eq(orders.guestPhone, phone), eq(orders.phone, phone)))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(LOOKUP_ORDERS),
      ]);
      return {
        phone,
        accounts: accounts.map((a) => ({ name: a.name, email: maskEmail(a.email) })),
        orders: earlier.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
      };
    },

    /**
     * Places an order for a customer by their number, as a guest order of that number taken by the
     * staff member (the timeline's first event is theirs); prices, price breaks, stock and coupons
     * (per-number limits) are the checkout's. No payment starts: staff send the prompt or the link,
     * or record the payment, next.
     */
    async place(
      staff: StaffMember,
      input: StaffOrderRequest,
      opts: { idempotencyKey: string; locale: Locale; meta?: RequestMeta },
    ): Promise<{ order: OrderView; created: boolean; orderId: number }> {
      const phone = normaliseTanzanianMobile(input.phone);
      if (!phone) throw invalid("phone", "Enter a Tanzanian mobile number, e.g. 0754 123 456");
      if (input.payment.method === "card") throw invalid("payment", "A card is paid by the customer on their own order page");
      // a code the customer reads out proves the caller holds the number: pay on delivery holds stock on nothing less
      if (input.payment.method === "on_delivery" && !input.code)
        throw new DomainError("invalid-code", "Pay on delivery needs the customer's number confirmed: send them a code and enter it", {
          field: "code",
          reason: "phoneCodeNeeded",
        });
      const { email, lines, code, ...request } = input;
      const repeat = code ? await deps.orders.guestRepeat(phone, { ...request, phone, lines }, opts.idempotencyKey) : null;
      const codeId = code && !repeat ? (await deps.phoneCodes.check(phone, "checkout", code)).codeId : null;
      const placed = await deps.orders.place(
        { kind: "guest", phone, email: email?.trim() ? email.trim().toLowerCase() : null, lines, codeId, placedBy: staff.id },
        { ...request, phone, lines },
        { idempotencyKey: opts.idempotencyKey, locale: opts.locale },
      );
      if (placed.created)
        await logSecurityEvent(
          db,
          {
            type: "admin-order-placed",
            userId: staff.id,
            email: staff.email,
            detail: { by: staff.email, order: placed.row.number, to: maskPhone(phone), total: placed.row.total },
          },
          opts.meta,
        );
      return { order: placed.order, created: placed.created, orderId: placed.row.id };
    },

    /**
     * Sends a one-time code to the customer's number (the checkout's kind of code): read back by
     * the customer on the call, it confirms the number for the order staff are taking. The
     * outbox's per-number and per-address quotas apply; each send is in the security log.
     */
    async sendCode(staff: StaffMember, phoneInput: string, meta: RequestMeta & { locale: Locale }) {
      // the number's own quota applies; the shop's counter is not one anonymous address among many
      const sent = await deps.phoneCodes.send(phoneInput, "checkout", { ip: null, locale: meta.locale, userId: staff.id });
      await logSecurityEvent(db, { type: "admin-phone-code-sent", userId: staff.id, email: staff.email, detail: { by: staff.email, to: sent.masked } }, meta);
      return sent;
    },

    /** Sends the mobile-money prompt of an unpaid order to the customer's phone (or another number and wallet). */
    async sendPrompt(staff: StaffMember, number: string, input: { wallet?: string; phone?: string }, meta?: RequestMeta) {
      const order = await orderByNumber(number);
      unpaid(order);
      if (order.paymentMethod !== "mobile_money")
        throw new DomainError("invalid-state", "This order is not paid by mobile money", { reason: "not-mobile-money" });
      const started = await deps.checkout.pay({ orderId: order.id }, input);
      await logSecurityEvent(
        db,
        {
          type: "admin-payment-prompt-sent",
          userId: staff.id,
          email: staff.email,
          detail: { by: staff.email, order: order.number, ok: started.payment !== null, ...(started.paymentError ? { error: started.paymentError } : {}) },
        },
        meta,
      );
      return started;
    },

    /**
     * Sends the order's link (/o/<token>, which opens and pays it without an account) to the
     * customer's number by SMS, or by WhatsApp when the number chose WhatsApp (with the approved
     * "order placed" template, whose text offers to pay or follow the order).
     */
    async sendLink(staff: StaffMember, number: string, channel: "sms" | "whatsapp", meta?: RequestMeta): Promise<{ queued: boolean; reason: string | null }> {
      const order = await orderByNumber(number);
      unpaid(order);
      if (channel === "whatsapp" && !(await deps.notify.preferences(order.phone))?.whatsapp)
        throw new DomainError("invalid-state", "This number has not chosen WhatsApp for its updates: send the link by SMS", { reason: "whatsapp-not-chosen" });
      const link = await deps.links.orderLink(order.id);
      // a link asked for again is a new message (the customer lost the first one), so the key carries the time
      const key = `staff-link:${order.number}:${channel}:${now().getTime()}`;
      const base = { to: order.phone, orderId: order.id, userId: order.userId, locale: order.locale };
      let result;
      if (channel === "sms") {
        // sent at once, quiet hours or not, like a payment prompt: the customer is waiting for it
        result = await deps.notify.enqueue(
          { ...base, channel: "sms", event: "payment-prompt", text: payLinkSms(order.locale, order.number, order.total, link) },
          { dedupeKey: key },
        );
      } else {
        const { companyName } = await settingsIn(db, ["companyName"]);
        const template = whatsAppTemplateFor("order-placed", order.locale, {
          shopName: companyName,
          orderNumber: order.number,
          total: formatMoney(order.total),
          link,
        });
        result = await deps.notify.enqueue(
          { ...base, channel: "whatsapp", event: "order-placed", text: renderWhatsAppTemplate(template), template },
          { dedupeKey: key },
        );
      }
      await logSecurityEvent(
        db,
        {
          type: "admin-payment-link-sent",
          userId: staff.id,
          email: staff.email,
          detail: {
            by: staff.email,
            order: order.number,
            channel,
            to: maskPhone(order.phone),
            queued: result.queued,
            ...(result.queued ? {} : { reason: result.reason }),
          },
        },
        meta,
      );
      return result.queued ? { queued: true, reason: null } : { queued: false, reason: result.reason };
    },

    /**
     * Records a payment staff took by hand (cash, or the shop's own till with its transaction id)
     * for the order's whole total, and marks the order paid in the same transaction: the receipt is
     * issued and the customer told as for any payment.
     */
    async record(
      staff: StaffMember,
      number: string,
      input: { method: RecordedPaymentMethod; transactionId?: string; note?: string },
      meta?: RequestMeta,
    ): Promise<void> {
      const transactionId = input.transactionId?.trim() || null;
      if (input.method === "till" && !transactionId) throw invalid("transactionId", "Enter the till's transaction id");
      if (transactionId && !TRANSACTION_ID.test(transactionId)) throw invalid("transactionId", "A transaction id is 4 to 40 letters and digits");
      const note = input.note?.trim() || null;
      await withTransaction(db, async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for("update");
        if (!order) throw new DomainError("not-found", "Order not found");
        unpaid(order);
        if (transactionId && input.method === "till") {
          const [used] = await tx
            .select({ orderId: recordedPayments.orderId })
            .from(recordedPayments)
            .where(and(eq(recordedPayments.method, "till"), eq(recordedPayments.transactionId, transactionId), isNull(recordedPayments.reversedAt)));
          if (used) throw invalid("transactionId", "This transaction id already paid another order");
        }
        await tx.insert(recordedPayments).values({
          orderId: order.id,
          staffUserId: staff.id,
          staffEmail: staff.email,
          method: input.method,
          transactionId,
          amount: order.total,
          note,
          recordedAt: now(),
        });
        const result = await deps.orders.markPaidInTx(tx, order.id, {
          actor: "admin",
          note: `recorded-payment ${input.method}${transactionId ? ` ${transactionId}` : ""}`,
          actorUserId: staff.id,
        });
        if (result !== "paid") throw new DomainError("invalid-state", "This order is not waiting for payment", { reason: "not-awaiting-payment" });
        await logSecurityEvent(
          tx,
          {
            type: "admin-payment-recorded",
            userId: staff.id,
            email: staff.email,
            detail: { by: staff.email, order: order.number, method: input.method, transactionId, amount: order.total, ...(note ? { note } : {}) },
          },
          meta,
        );
      });
      invalidateTags("catalog"); // a paid order's sales count toward "best-selling"
    },

    /**
     * Reverses a recorded payment (a mistake: the wrong order, money that never arrived), by an
     * admin with a reason, while the goods are still in the shop (paid or being prepared): the
     * order waits for payment again. Refused once a fiscal receipt was issued for the order: a
     * receipt in the fiscal series is cancelled only by a credit note, never by making it vanish;
     * refused too once the order earned an account loyalty coins.
     */
    async reverse(staff: StaffMember, number: string, input: { reason: string }, meta?: RequestMeta): Promise<void> {
      const reason = input.reason.trim();
      if (reason.length < 3) throw invalid("reason", "Say why the payment is reversed");
      await withTransaction(db, async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for("update");
        if (!order) throw new DomainError("not-found", "Order not found");
        const [standing] = await tx
          .select()
          .from(recordedPayments)
          .where(and(eq(recordedPayments.orderId, order.id), isNull(recordedPayments.reversedAt)))
          .for("update");
        if (!standing) throw new DomainError("invalid-state", "This order has no recorded payment to reverse", { reason: "no-recorded-payment" });
        if (order.status !== "paid" && order.status !== "processing")
          throw new DomainError("invalid-state", "The goods have left the shop: the payment can no longer be reversed", { reason: "handed-over" });
        const receipt = await namedReceipt(tx, order.id);
        if (receipt)
          throw new DomainError("invalid-state", `Receipt ${receipt.receiptNumber} was issued for this payment: only a credit note can cancel it`, {
            reason: "receipt-issued",
          });
        const [earned] = await tx
          .select({ id: coinEntries.id })
          .from(coinEntries)
          .where(and(eq(coinEntries.orderId, order.id), eq(coinEntries.reason, "earned")));
        if (earned) throw new DomainError("invalid-state", "This order earned loyalty coins: cancel and refund it instead", { reason: "coins-earned" });
        const at = now();
        await tx
          .update(recordedPayments)
          .set({ reversedAt: at, reversedBy: staff.id, reversedByEmail: staff.email, reversalReason: reason })
          .where(eq(recordedPayments.id, standing.id));
        // its sales no longer count; it waits for payment again, held as long as a bank transfer's
        await tx.execute(sql`update products p set sales_count = greatest(p.sales_count - l.quantity, 0)
          from (select product_id, sum(quantity)::int as quantity from order_lines where order_id = ${order.id} group by product_id) l
          where p.id = l.product_id`);
        const { orderHold } = await settingsIn(tx, ["orderHold"]);
        await tx
          .update(orders)
          .set({ status: "awaiting_payment", paidAt: null, holdUntil: new Date(at.getTime() + orderHold.bankTransferHours * 3_600_000), updatedAt: sql`now()` })
          .where(eq(orders.id, order.id));
        await tx
          .insert(orderEvents)
          .values({ orderId: order.id, status: "awaiting_payment", actor: "admin", actorUserId: staff.id, note: `payment-reversed: ${reason}` });
        await logSecurityEvent(
          tx,
          {
            type: "admin-payment-reversed",
            userId: staff.id,
            email: staff.email,
            detail: { by: staff.email, order: order.number, method: standing.method, transactionId: standing.transactionId, amount: standing.amount, reason },
          },
          meta,
        );
      });
      invalidateTags("catalog");
    },

    /** An order's payments taken by hand, oldest first, with who took them and any reversal. */
    async recorded(orderNumber: string): Promise<RecordedPaymentView[]> {
      const order = await orderByNumber(orderNumber);
      const rows = await db.select().from(recordedPayments).where(eq(recordedPayments.orderId, order.id)).orderBy(recordedPayments.id);
      const staffIds = [...new Set(rows.flatMap((r) => [r.staffUserId, r.reversedBy]).filter((id): id is number => id !== null))];
      const names = new Map(
        staffIds.length
          ? (
              await db
                .select({ id: users.id, name: users.fullName })
                .from(users)
                .where(sql`${users.id} in ${staffIds}`)
            ).map((u) => [u.id, u.name])
          : [],
      );
      return rows.map((r) => ({
        method: r.method,
        transactionId: r.transactionId,
        amount: r.amount,
        staff: (r.staffUserId !== null ? names.get(r.staffUserId) : undefined) ?? r.staffEmail,
        recordedAt: r.recordedAt.toISOString(),
        note: r.note,
        reversedAt: r.reversedAt ? r.reversedAt.toISOString() : null,
        reversedBy: r.reversedAt ? ((r.reversedBy !== null ? names.get(r.reversedBy) : undefined) ?? r.reversedByEmail) : null,
        reversalReason: r.reversalReason,
      }));
    },
  };
}

export type StaffOrders = ReturnType<typeof createStaffOrders>;
