import { api, type CallOptions } from "@/lib/api-client";
import type { PayRequest } from "@/lib/api-contract";
import type { PayBalanceRequest } from "@/lib/contract/back-orders";

/**
 * The calls an order page makes about its order: a signed-in shopper's by the order number, a
 * guest's by the signed link's token (/o/<token>), which stands for the sign-in a guest lacks.
 */
export function orderCalls(number: string, token?: string) {
  return {
    get: (options?: CallOptions) => (token ? api.guestOrders.get(token, options) : api.orders.get(number, options)),
    pay: (body: PayRequest, options?: CallOptions) => (token ? api.guestOrders.pay(token, body, options) : api.orders.pay(number, body, options)),
    cancel: (options?: CallOptions) => (token ? api.guestOrders.cancel(token, options) : api.orders.cancel(number, options)),
    /** a deposit order's balance, once the shop asks for it */
    payBalance: (body: PayBalanceRequest, options?: CallOptions) =>
      token ? api.guestOrders.payBalance(token, body, options) : api.backOrders.payBalance(number, body, options),
    /** one payment of the order, as the waiting screen follows it */
    payment: (reference: string, options?: CallOptions) =>
      token ? api.guestOrders.payment(token, reference, options) : api.orders.payment(reference, options),
    /** the sandbox's page for a payment (a guest's carries the order's token, which lets them answer it) */
    sandboxPath: (reference: string) => `/payments/sandbox/${encodeURIComponent(reference)}${token ? `?order=${encodeURIComponent(token)}` : ""}`,
    /** a provider page the server named, with the guest's token where it is the sandbox's own page */
    providerPage: (url: string | null | undefined) =>
      url && token && url.startsWith("/payments/sandbox/") && !url.includes("?") ? `${url}?order=${encodeURIComponent(token)}` : (url ?? null),
  };
}
