import type { Locale } from "@/lib/locale";
import type { CheckoutRequest, OrderView, PaymentStart } from "@/lib/orders";
import { DomainError, toDomainError } from "../errors";
import type { OrdersService } from "./orders";
import type { OrderRow } from "./views";

/** What the checkout needs of the payments module: start (or find) the payment of an order. */
export interface PaymentStarter {
  start(order: Pick<OrderRow, "id" | "number" | "total" | "paymentMethod" | "wallet" | "paymentPhone">): Promise<PaymentStart>;
  /** card payments can be offered (a provider that takes cards is configured) */
  readonly cardAvailable: boolean;
}

export interface PlacedOrder {
  order: OrderView;
  created: boolean;
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
export function createCheckout(orders: OrdersService, payments: PaymentStarter) {
  async function startPayment(row: OrderRow): Promise<{ payment: PaymentStart | null; paymentError: string | null }> {
    if (row.paymentMethod === "bank_transfer" || row.status !== "awaiting_payment") return { payment: null, paymentError: null };
    try {
      return { payment: await payments.start(row), paymentError: null };
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

    async place(userId: number, request: CheckoutRequest, opts: { idempotencyKey: string; locale: Locale }): Promise<PlacedOrder> {
      if (request.payment.method === "card" && !payments.cardAvailable)
        throw new DomainError("validation", "Card payments are not available", { field: "payment", reason: "payment" });
      const placed = await orders.place(userId, request, opts);
      const started = await startPayment(placed.row);
      // the answer shows the payment as it is now (a repeated submit finds the attempt already started)
      const order = started.payment ? await orders.get(userId, placed.order.number) : placed.order;
      return { order, created: placed.created, ...started };
    },

    /** Tries the payment of an unpaid order again, with another wallet or number if given. */
    async pay(
      userId: number,
      number: string,
      input: { wallet?: string; phone?: string },
    ): Promise<{ payment: PaymentStart | null; paymentError: string | null }> {
      const row = await orders.retargetPayment(userId, number, input);
      if (row.status !== "awaiting_payment") throw new DomainError("invalid-state", "This order is not waiting for payment");
      if (row.paymentMethod === "bank_transfer") throw new DomainError("invalid-state", "A bank transfer is paid against the pro-forma invoice");
      return startPayment(row);
    },
  };
}

export type Checkout = ReturnType<typeof createCheckout>;
