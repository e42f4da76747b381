import type { Locale } from "@/lib/locale";
import type { CheckoutRequest, OrderView, PaymentStart } from "@/lib/orders";
import { DomainError, toDomainError } from "../errors";
import { normaliseEmail } from "@/lib/auth-rules";
import { normaliseTanzanianMobile } from "@/lib/phone";
import type { PhoneCodes } from "../auth/phone-codes";
import { refusal } from "../auth/texts";
import type { RequestedLine } from "./cart-lines";
import type { OrderKey, OrdersService } from "./orders";
import type { OrderBuyer } from "./place-order";
import type { OrderRow } from "./views";

/** What the checkout needs of the payments module: start (or find) the payment of an order. */
export interface PaymentStarter {
  start(
    order: Pick<OrderRow, "id" | "number" | "total" | "paymentMethod" | "wallet" | "paymentPhone"> & { purpose?: "order" | "balance" },
  ): Promise<PaymentStart>;
  /** card payments can be offered (a provider that takes cards is configured) */
  readonly cardAvailable: boolean;
}

export interface PlacedOrder {
  order: OrderView;
  created: boolean;
  /** the order's id, for its signed link (a guest reaches the order only by that) */
  orderId: number;
  /** how to pay now; null for a bank transfer, or when the provider could not be reached */
  payment: PaymentStart | null;
  /** the provider refused or could not be reached: the order is kept, and the shopper can try again */
  paymentError: string | null;
}

/**
 * Placing an order, then asking the provider to collect it. The order is committed first: a
 * provider that is slow or down never loses an order or its reserved stock, and the shopper can
 * retry the payment from the order page while the hold lasts.
 */
/**
 * Who checks out: a signed-in shopper (their cart), or a guest with the lines from the browser and
 * the number they confirmed by a one-time code (or, with no code, will confirm by paying by mobile
 * money from that same number).
 */
export type CheckoutBuyer =
  { kind: "account"; userId: number } | { kind: "guest"; guest: { phone: string; code?: string; email?: string }; lines: readonly RequestedLine[] };

/** What the checkout needs of the phone codes: check a guest's code before placing, spend it while placing. */
export type GuestCodeChecker = Pick<PhoneCodes, "check">;

export function createCheckout(orders: OrdersService, payments: PaymentStarter, phoneCodes: GuestCodeChecker) {
  /**
   * A guest's buyer for placing: the number must be the order's contact number, coins are an
   * account's, and the number is confirmed by its code, or else the payment must be a mobile-money
   * prompt to that same number (whose approval proves it).
   */
  async function guestBuyer(buyer: Extract<CheckoutBuyer, { kind: "guest" }>, request: CheckoutRequest): Promise<OrderBuyer> {
    const phone = normaliseTanzanianMobile(buyer.guest.phone);
    if (!phone) throw refusal("validation", "phoneInvalid", {}, { field: "phone" });
    if (normaliseTanzanianMobile(request.phone) !== phone) throw refusal("validation", "guestPhoneMismatch", {}, { field: "phone" });
    if (request.coinsToSpend) throw refusal("validation", "guestNoCoins", {}, { field: "coins" });
    const email = buyer.guest.email ? normaliseEmail(buyer.guest.email) : null;
    const base = { kind: "guest" as const, phone, email, lines: buyer.lines };
    if (buyer.guest.code) return { ...base, codeId: (await phoneCodes.check(phone, "checkout", buyer.guest.code)).codeId };
    const paysFromThisNumber = request.payment.method === "mobile_money" && normaliseTanzanianMobile(request.payment.phone || request.phone) === phone;
    if (!paysFromThisNumber) throw refusal("invalid-code", "phoneCodeNeeded", {}, { field: "code" });
    return { ...base, codeId: null };
  }

  async function startPayment(row: OrderRow): Promise<{ payment: PaymentStart | null; paymentError: string | null }> {
    if (row.paymentMethod === "bank_transfer" || row.status !== "awaiting_payment") return { payment: null, paymentError: null };
    try {
      // store credit paid part of it, and a deposit order's balance is asked later: the provider is asked for the rest
      return { payment: await payments.start({ ...row, total: row.total - row.storeCreditSpent - row.balanceDue }), paymentError: null };
    } catch (error) {
      const known = toDomainError(error);
      if (!known || known.code !== "payment-failed") throw error;
      return { payment: null, paymentError: known.message };
    }
  }

  return {
    get cardAvailable() {
      return payments.cardAvailable;
    },

    async place(buyer: CheckoutBuyer, request: CheckoutRequest, opts: { idempotencyKey: string; locale: Locale }): Promise<PlacedOrder> {
      if (request.payment.method === "card" && !payments.cardAvailable)
        throw new DomainError("validation", "Card payments are not available", { field: "payment", reason: "payment" });
      let orderBuyer: OrderBuyer;
      if (buyer.kind === "account") orderBuyer = buyer;
      else {
        // a retried submit finds its order before the code, which that order spent, is asked for
        const phone = normaliseTanzanianMobile(buyer.guest.phone);
        const repeat = phone ? await orders.guestRepeat(phone, request, opts.idempotencyKey) : null;
        orderBuyer = repeat ? { kind: "guest", phone: phone!, email: null, lines: buyer.lines, codeId: null } : await guestBuyer(buyer, request);
      }
      const placed = await orders.place(orderBuyer, request, opts);
      const started = await startPayment(placed.row);
      // the answer shows the payment as it is now (a repeated submit finds the attempt already started)
      const order = started.payment ? (await orders.byLink(placed.row.id)).order : placed.order;
      return { order, created: placed.created, orderId: placed.row.id, ...started };
    },

    /**
     * Asks for the balance of an order paid by deposit (a signed-in shopper's by number, a guest's by
     * its link's order id), by mobile money (the order's wallet and number unless others are given)
     * or card. Only while a balance is owed on an order still open.
     */
    async payBalance(
      key: OrderKey,
      input: { method?: "mobile_money" | "card"; wallet?: string; phone?: string },
    ): Promise<{ payment: PaymentStart | null; paymentError: string | null }> {
      const row = await orders.balanceToPay(key, input);
      if (row.paymentMethod === "card" && !payments.cardAvailable)
        throw new DomainError("validation", "Card payments are not available", { field: "method", reason: "method" });
      try {
        return { payment: await payments.start({ ...row, total: row.balanceDue, purpose: "balance" }), paymentError: null };
      } catch (error) {
        const known = toDomainError(error);
        if (!known || known.code !== "payment-failed") throw error;
        return { payment: null, paymentError: known.message };
      }
    },

    /** Tries the payment of an unpaid order again (a signed-in shopper's by number, a guest's by its link's order id). */
    async pay(key: OrderKey, input: { wallet?: string; phone?: string }): Promise<{ payment: PaymentStart | null; paymentError: string | null }> {
      const row = await orders.retargetPayment(key, input);
      if (row.status !== "awaiting_payment") throw new DomainError("invalid-state", "This order is not waiting for payment");
      if (row.paymentMethod === "bank_transfer") throw new DomainError("invalid-state", "A bank transfer is paid against the pro-forma invoice");
      return startPayment(row);
    },
  };
}

export type Checkout = ReturnType<typeof createCheckout>;
