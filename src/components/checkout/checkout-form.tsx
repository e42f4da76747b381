"use client";

import type { PaymentMethod } from "@/lib/checkout";
import type { SavedAddress } from "@/lib/orders";
import { CheckoutRewards } from "../rewards/checkout-rewards";
import { saveCoupon } from "../rewards/coupon-storage";
import { requestedLines, type CheckoutContact, type CheckoutLine, type CheckoutShop, type SavedPayment } from "./checkout-types";
import { useState } from "react";
import { ContactSection } from "./sections/contact/contact-section";
import { GuestConfirmSection, type GuestFields } from "./sections/contact/guest-confirm-section";
import { DeliverySection } from "./sections/delivery/delivery-section";
import { onDeliveryChoice, usablePayment } from "./sections/payment/on-delivery";
import { PaymentSection } from "./sections/payment/payment-section";
import { PriceChangedDialog } from "./sections/summary/price-changed-dialog";
import { SummarySection } from "./sections/summary/summary-section";
import { useCheckoutQuote } from "./use-checkout-quote";
import { fieldErrors, useCheckoutValues, type SectionFields } from "./use-checkout-values";
import { usePlaceOrder } from "./use-place-order";
import { StoreCreditChoice } from "./store-credit-choice";
import { BackOrderPlanView, useBackOrderPlan } from "../back-orders/back-order-lines";
import type { BackOrderPaymentChoice } from "@/lib/back-orders";
import { chosenDeposit, depositOffer } from "./deposit-offer";

export type { CheckoutLine, CheckoutShop, SavedPayment } from "./checkout-types";

interface Props {
  lines: CheckoutLine[];
  addresses: SavedAddress[];
  contact: CheckoutContact;
  shop: CheckoutShop;
  methods: PaymentMethod[];
  /** the server's clock when the page was rendered (same-day delivery has a cut-off) */
  now: string;
  /** the shopper's saved payment choices (/account/payment), which the form starts with */
  savedPayment?: SavedPayment;
  /** a guest: the number is confirmed by an SMS code, the lines go with the requests, no coins */
  guest?: boolean;
}

/**
 * The checkout: contact, delivery, payment, the coupon and coins, and the summary. The totals show at
 * once from the shared rules and are confirmed by the server's quote (useCheckoutQuote); the order is
 * placed with that total, and the server refuses it if anything changed meanwhile (usePlaceOrder).
 */
export function CheckoutForm({ lines, addresses, contact, shop, methods, now, savedPayment, guest = false }: Props) {
  const state = useCheckoutValues({ addresses, contact, savedPayment, methods, wallets: shop.mobileMoneyProviders, now });
  const quote = useCheckoutQuote({ lines, shop, values: state.values, clock: state.clock, guest });
  // pay on delivery, where the shop allows it for this delivery and total (the number's own limits are the server's to check)
  const onDelivery = onDeliveryChoice(methods, shop.payOnDelivery, { deliveryMethod: quote.method, total: quote.total });
  const form = { ...state.values, method: quote.method, payment: usablePayment(state.values.payment, onDelivery) };
  const errors = fieldErrors(form, state.marked, state.checked);
  const [guestFields, setGuestFields] = useState<GuestFields>({ code: "", email: "" });
  const [codeError, setCodeError] = useState<string | null>(null);
  const [useStoreCredit, setUseStoreCredit] = useState(false);
  const [storeCreditBalance, setStoreCreditBalance] = useState(0);
  const [refundBy, setRefundBy] = useState("");
  const [backOrderPayment, setBackOrderPayment] = useState<BackOrderPaymentChoice>("full");
  const plan = useBackOrderPlan(guest ? requestedLines(lines) : null, lines.map((l) => `${l.productId}:${l.variantId}:${l.quantity}`).join(","));
  // the quote's figures per line (after the coupon and coins) once the server answered, the shared rules' until then
  const grossOf = (i: number) => quote.serverQuote?.lines[i]?.gross ?? lines[i]!.unitPrice * lines[i]!.quantity;
  const offer = depositOffer({
    plan,
    payment: form.payment,
    figures: {
      total: quote.total,
      deliveryFee: quote.shown.deliveryFee,
      lines: lines.map((l, i) => ({ productId: l.productId, variantId: l.variantId, quantity: l.quantity, gross: grossOf(i) })),
    },
  });
  const deposit = chosenDeposit(offer, backOrderPayment);
  const placing = usePlaceOrder({
    lines,
    form,
    state,
    quote,
    guest: guest ? { ...guestFields, onCodeError: setCodeError } : null,
    storeCredit: useStoreCredit ? storeCreditBalance : 0,
    backOrderRefundBy: refundBy,
    backOrderPayment: deposit ? "deposit" : undefined,
  });
  const fields: SectionFields = { values: state.values, set: state.set, errors, mark: state.mark };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void placing.place(quote.total);
      }}
      noValidate
      className="grid gap-4 lg:grid-cols-[1fr_22rem] lg:items-start"
      aria-busy={placing.busy}
    >
      <div className="min-w-0 space-y-4">
        <BackOrderPlanView
          plan={plan}
          refundBy={{ value: refundBy, onChange: setRefundBy }}
          deposit={{ offer, choice: backOrderPayment, onChange: setBackOrderPayment, total: quote.total, balanceDays: shop.backOrders.balanceDays }}
        />
        <ContactSection fields={fields} />
        {guest && (
          <GuestConfirmSection
            phone={state.values.phone}
            values={guestFields}
            set={(change) => {
              setGuestFields((current) => ({ ...current, ...change }));
              if (change.code !== undefined) setCodeError(null);
            }}
            codeError={codeError}
          />
        )}
        <DeliverySection fields={fields} state={state} addresses={addresses} contact={contact} shop={shop} options={quote.options} method={quote.method} />
        <PaymentSection
          fields={fields}
          methods={methods}
          shop={shop}
          onDelivery={onDelivery}
          order={{ deliveryMethod: quote.method, total: quote.total, deliveryFee: quote.shown.deliveryFee }}
          guest={guest}
        />
        <CheckoutRewards
          quote={quote.rewardsQuote}
          couponCode={quote.couponCode}
          onCoupon={saveCoupon}
          useCoins={quote.useCoins}
          onUseCoins={quote.setUseCoins}
          busy={Boolean(quote.couponCode || quote.useCoins) && !quote.serverQuote}
          guest={guest}
        />
        {!guest && (
          <StoreCreditChoice use={useStoreCredit} onUse={setUseStoreCredit} onBalance={setStoreCreditBalance} disabled={form.payment === "on_delivery"} />
        )}
      </div>
      <SummarySection
        lines={lines}
        quote={quote}
        method={quote.method}
        notice={placing.notice}
        anyError={Object.values(errors).some(Boolean)}
        noticeRef={placing.noticeRef}
        busy={placing.busy}
        canPay={methods.length > 0}
        payment={form.payment}
        deposit={deposit}
        guest={guest}
      />
      <PriceChangedDialog changed={placing.changedTotal} onDismiss={placing.dismissChangedTotal} onConfirm={(total) => void placing.place(total)} />
    </form>
  );
}
