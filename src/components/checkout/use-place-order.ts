"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { api, isApiError } from "@/lib/api-client";
import { attemptFingerprint, checkCheckoutForm, checkoutRequestOf, isCheckoutField, type CheckoutFormValues } from "@/lib/checkout-form";
import type { OnDeliveryCapLine, OnDeliveryRefusal, OutOfStockLine } from "@/lib/error-codes";
import { openAuthDialog } from "../auth/auth-dialog-state";
import { announceCartChange, refreshServerCart } from "../cart/cart-store";
import { useErrorText } from "../i18n/error-text";
import { saveHandoff } from "../orders/payment-handoff";
import { useCouponReasonText } from "../rewards/coupon-field";
import { saveCoupon } from "../rewards/coupon-storage";
import { EMPTY_CART } from "@/lib/guest-cart";
import { saveGuestCart } from "../cart/use-guest-cart";
import { requestedLines, type CheckoutLine } from "./checkout-types";
import type { CheckoutQuoteState } from "./use-checkout-quote";
import { focusField, type CheckoutValues } from "./use-checkout-values";

const ATTEMPT_KEY = "checkout_attempt";

/** The Idempotency-Key of this checkout attempt: kept while the cart and the request stay the same. */
function attemptKey(fingerprint: string): string {
  try {
    const stored = JSON.parse(sessionStorage.getItem(ATTEMPT_KEY) ?? "null") as { fingerprint: string; key: string } | null;
    if (stored && stored.fingerprint === fingerprint) return stored.key;
    const key = crypto.randomUUID();
    sessionStorage.setItem(ATTEMPT_KEY, JSON.stringify({ fingerprint, key }));
    return key;
  } catch {
    return crypto.randomUUID();
  }
}

function forgetAttempt() {
  try {
    sessionStorage.removeItem(ATTEMPT_KEY);
  } catch {
    // nothing stored
  }
}

/**
 * What the summary says went wrong. A text about the coupon or the coins holds only while they stay
 * as they were (`rewards`: the rewards key it was said for): changing them answers it.
 */
export type Notice =
  | { kind: "fields" }
  | { kind: "out-of-stock"; lines: OutOfStockLine[] }
  | { kind: "cart-empty" }
  | { kind: "text"; text: string; rewards?: string }
  | { kind: "on-delivery"; reason: OnDeliveryNoticeReason; lines: OnDeliveryCapLine[] };

/** Why pay on delivery was refused for this order: the shop's rule for it (its setting changed meanwhile), or the number's own limits. */
export type OnDeliveryNoticeReason = OnDeliveryRefusal | "on-delivery-disabled" | "on-delivery-method" | "on-delivery-ceiling";

const ON_DELIVERY_RULES: readonly string[] = ["on-delivery-disabled", "on-delivery-method", "on-delivery-ceiling"];
const ON_DELIVERY_REFUSALS: readonly string[] = ["phone-not-confirmed", "new-customer-limit", "units-cap"];

/**
 * Placing the order with the total the shopper saw: once at a time, under one Idempotency-Key per
 * attempt (a repeated submit after a time-out can never order twice), and every refusal turned into
 * what the form shows: the wrong field focused, the changed total to confirm, the lines out of stock.
 */
export function usePlaceOrder({
  lines,
  form,
  state,
  quote,
  guest,
  storeCredit = 0,
  backOrderRefundBy = "",
  backOrderPayment,
}: {
  lines: CheckoutLine[];
  form: CheckoutFormValues;
  state: CheckoutValues;
  quote: CheckoutQuoteState;
  /** store credit to spend on the order (src/components/checkout/store-credit-choice.tsx); the server caps it at the total */
  storeCredit?: number;
  /** back-orders: the date after which the waiting part's money goes back (src/components/back-orders/back-order-lines.tsx) */
  backOrderRefundBy?: string;
  /** back-orders: "deposit" when the shopper chose to pay a deposit now and the balance when the goods arrive */
  backOrderPayment?: "deposit";
  /** a guest's code and e-mail (null for a signed-in shopper), and where a refused code is said */
  guest: { code: string; email: string; onCodeError: (text: string | null) => void } | null;
}) {
  const t = useTranslations("checkout");
  const tr = useTranslations("rewards");
  const router = useRouter();
  const errorText = useErrorText();
  const couponReasonText = useCouponReasonText();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [changedTotal, setChangedTotal] = useState<{ old: number; total: number } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const inFlight = useRef(false);
  const { couponCode, useCoins, serverQuote, rewardsKey } = quote;

  const showNotice = (next: Notice) => {
    setNotice(next);
    requestAnimationFrame(() => noticeRef.current?.scrollIntoView({ block: "center", behavior: "smooth" }));
  };

  const place = async (expectedTotal: number) => {
    if (inFlight.current) return;
    const wrong = checkCheckoutForm(form);
    if (wrong.length) {
      state.setChecked(true);
      setNotice({ kind: "fields" });
      focusField(wrong[0]!);
      return;
    }
    state.setMarked({});
    setNotice(null);
    const body = {
      ...checkoutRequestOf(form, expectedTotal),
      // coupon and coins: exactly what the quote the shopper saw used
      ...(couponCode ? { couponCode } : {}),
      ...(useCoins && !guest ? { coinsToSpend: serverQuote?.coins.spent ?? 0 } : {}),
      ...(storeCredit > 0 && !guest && form.payment !== "on_delivery" ? { storeCredit: Math.min(storeCredit, expectedTotal) } : {}),
      ...(backOrderRefundBy ? { backOrderRefundBy } : {}),
      ...(backOrderPayment ? { backOrderPayment } : {}),
      // a guest's lines and number (the code is not part of the attempt: a retry with a new code is the same order)
      ...(guest ? { lines: requestedLines(lines), guest: { phone: form.phone, ...(guest.email.trim() ? { email: guest.email.trim() } : {}) } } : {}),
    };
    const key = attemptKey(attemptFingerprint(lines, body));
    inFlight.current = true;
    setBusy(true);
    guest?.onCodeError(null);
    try {
      const code = guest?.code.trim();
      const placed = await api.checkout.place(code && body.guest ? { ...body, guest: { ...body.guest, code } } : body, key);
      forgetAttempt();
      saveCoupon(null);
      saveHandoff(placed.order.number, { payment: placed.payment });
      if (guest) {
        // the order holds the guest's lines now: the browser's cart is emptied, in every tab
        saveGuestCart(EMPTY_CART);
        announceCartChange();
      } else {
        // the server emptied the cart: the header's badge and other tabs follow
        void refreshServerCart();
        announceCartChange();
      }
      router.push(`${placed.orderPath}?placed=1`);
    } catch (error) {
      inFlight.current = false;
      setBusy(false);
      if (isApiError(error, "price-changed")) {
        const next = error.body.quote;
        if (next) {
          quote.accept(next);
          setChangedTotal({ old: expectedTotal, total: next.total });
        } else showNotice({ kind: "text", text: errorText(error) });
        router.refresh();
      } else if (isApiError(error, "coupon-invalid")) {
        const refused = error.body;
        if (refused.quote) quote.accept(refused.quote);
        showNotice({
          kind: "text",
          text: refused.reason
            ? couponReasonText({ code: couponCode ?? "", applied: false, reason: refused.reason, missing: refused.missing })
            : errorText(error),
          rewards: rewardsKey,
        });
      } else if (isApiError(error, "validation") && error.body.field === "coins") {
        if (error.body.quote) quote.accept(error.body.quote);
        showNotice({ kind: "text", text: tr("coins.refused"), rewards: rewardsKey });
      } else if (guest && isApiError(error, "invalid-code")) {
        guest.onCodeError(errorText(error));
        document.getElementById("guest-code")?.focus();
      } else if (isApiError(error, "validation") && error.body.field === "payment" && ON_DELIVERY_RULES.includes(error.body.reason ?? "")) {
        // the shop's pay-on-delivery setting changed since the page was read: read it again
        showNotice({ kind: "on-delivery", reason: error.body.reason as OnDeliveryNoticeReason, lines: [] });
        router.refresh();
      } else if (isApiError(error, "on-delivery-refused") && ON_DELIVERY_REFUSALS.includes(error.body.reason ?? "")) {
        showNotice({ kind: "on-delivery", reason: error.body.reason!, lines: error.body.lines ?? [] });
      } else if (isApiError(error, "validation") && error.body.field === "backOrderPayment") {
        // the shop stopped taking deposits, or nothing waits any more: the order is paid in full or not at all
        showNotice({ kind: "text", text: t("errors.deposit") });
        router.refresh();
      } else if (isApiError(error, "out-of-stock")) {
        showNotice({ kind: "out-of-stock", lines: error.body.lines ?? [] });
        router.refresh();
      } else if (isApiError(error, "cart-empty")) {
        showNotice({ kind: "cart-empty" });
      } else if (isApiError(error, "unauthenticated")) {
        showNotice({ kind: "text", text: t("errors.signedOut") });
        openAuthDialog("login", "/checkout");
      } else if ((isApiError(error, "validation") || isApiError(error, "invalid-input")) && isCheckoutField(error.body.field)) {
        const field = error.body.field;
        state.setMarked({ [field]: true });
        setNotice({ kind: "fields" });
        focusField(field);
      } else if (isApiError(error, "idempotency-conflict")) {
        // this key went with another request: the next submit is a new attempt
        forgetAttempt();
        showNotice({ kind: "text", text: errorText(error) });
      } else {
        // busy, offline, a time-out: the same submit again keeps its key, so it can never order twice
        showNotice({ kind: "text", text: errorText(error) });
      }
    }
  };

  return { notice, busy, changedTotal, dismissChangedTotal: () => setChangedTotal(null), noticeRef, place };
}
