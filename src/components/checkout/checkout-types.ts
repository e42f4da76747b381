import type { DeliverySettings, PaymentMethod } from "@/lib/checkout";
import type { Cart } from "@/lib/guest-cart";
import type { SiteSettings } from "@/lib/site-settings";

/** One line of the cart as the checkout shows and prices it. */
export interface CheckoutLine {
  productId: number;
  variantId: string;
  name: string;
  attributes: Record<string, string>;
  quantity: number;
  unitPrice: number;
  freeDelivery: boolean;
  sameDayDelivery: boolean;
}

/** The settings the checkout needs in the browser (no secrets: the public settings hold them all); the shop's address in the page's language. */
export type CheckoutShop = DeliverySettings &
  Pick<SiteSettings, "vatRates" | "payOnDelivery"> & {
    address: string;
    mobileMoneyProviders: string[];
    bankTransferHours: number;
    courierArea: string;
    /** the days a back-order's balance may be paid in, told with the deposit choice */
    backOrders: Pick<SiteSettings["backOrders"], "balanceDays">;
  };

/** The preferred method and the first saved mobile-money number, as the checkout page read them. */
export interface SavedPayment {
  method: PaymentMethod | null;
  wallet: string | null;
  /** E.164 */
  phone: string | null;
}

/** The signed-in shopper's name and phone, which a new address starts with. */
export interface CheckoutContact {
  fullName: string;
  phone: string;
}

/** The lines as a guest's requests carry them: what is wanted, never a price (the server prices them). */
export function requestedLines(lines: readonly CheckoutLine[]) {
  return lines.map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: l.quantity }));
}

/** A cart (the account's from the server, or a guest's from the browser) as the checkout's lines. */
export function checkoutLinesOf(cart: Cart): CheckoutLine[] {
  return cart.items.flatMap((item) =>
    item.variants.map((v) => ({
      productId: item.productId,
      variantId: v.variantId,
      name: item.product.name,
      attributes: v.attributes,
      quantity: v.quantity,
      unitPrice: v.price,
      freeDelivery: Boolean(item.product.free_delivery),
      sameDayDelivery: Boolean(item.product.same_day_delivery),
    })),
  );
}
