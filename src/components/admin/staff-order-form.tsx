"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { api, isApiError, refusedField } from "@/lib/api-client";
import { onDeliveryOffer, type PayOnDeliverySettings } from "@/lib/pay-on-delivery";
import { normaliseTanzanianMobile } from "@/lib/phone";
import { useErrorText } from "../i18n/error-text";
import { SubmitButton } from "../ui/submit-button";
import { Field, Select, TextField } from "../ui/form";
import { toast } from "../ui/toaster";
import { StaffOrderCustomer, type StaffCustomer } from "./staff-order-customer";
import { NEW_DELIVERY, StaffOrderDelivery, deliveryRequest, type StaffDelivery } from "./staff-order-delivery";
import { StaffOrderLines, type StaffOrderLine } from "./staff-order-lines";
import { STAFF_CODE_FIELD, StaffOrderOnDelivery } from "./staff-order-on-delivery";
import { StaffOrderSection, type StaffOrderProblem } from "./staff-order-section";

/**
 * What staff may take an order to be paid by (a card is paid by the customer on their own page;
 * pay on delivery only while the shop offers it and the delivery is one it goes with).
 */
const STAFF_PAYMENT_METHODS = ["mobile_money", "bank_transfer", "on_delivery"] as const;
type StaffPaymentMethod = (typeof STAFF_PAYMENT_METHODS)[number];

const newKey = () => (typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/**
 * The staff order screen: the customer by their number (a lookup shows accounts that name it and
 * its earlier orders), the products and options, delivery, coupon and how it will be paid. The
 * server prices it (price breaks, coupon limits per number) and places it once per screen (the
 * Idempotency-Key), then the order's page offers the prompt, the link and the counter payment.
 */
export function StaffOrderForm({
  wallets,
  payOnDelivery,
}: {
  wallets: string[];
  /** the shop's pay-on-delivery setting (the ceiling is the server's to check: the screen has no live total) */
  payOnDelivery: Pick<PayOnDeliverySettings, "enabled" | "maxOrderTotal">;
}) {
  const t = useTranslations("admin.staffOrders");
  const tCap = useTranslations("checkout.onDeliveryRefused");
  const router = useRouter();
  const errorText = useErrorText();
  const key = useRef(newKey());

  const [customer, setCustomer] = useState<StaffCustomer>({ phone: "", fullName: "", email: "" });
  const [lines, setLines] = useState<StaffOrderLine[]>([]);
  const [delivery, setDelivery] = useState<StaffDelivery>(NEW_DELIVERY);
  const [coupon, setCoupon] = useState("");
  const [chosenPayment, setPayment] = useState<StaffPaymentMethod>("mobile_money");
  const [code, setCode] = useState("");
  const [wallet, setWallet] = useState(wallets[0] ?? "");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<StaffOrderProblem | null>(null);

  const fieldError = (field: string) => (problem?.field === field ? problem.text : null);
  const onDeliveryOffered = onDeliveryOffer(payOnDelivery, { deliveryMethod: delivery.method, total: 0 }).offered;
  const methods = STAFF_PAYMENT_METHODS.filter((m) => m !== "on_delivery" || onDeliveryOffered);
  // a delivery pay on delivery does not go with (a bus parcel) takes mobile money instead
  const payment: StaffPaymentMethod = methods.includes(chosenPayment) ? chosenPayment : "mobile_money";

  /** The words for a refused code, said to staff (the customer reads the code out, staff type it). */
  function codeText(error: unknown): string {
    if (!isApiError(error, "invalid-code")) return errorText(error);
    switch (error.body.reason) {
      case "phoneCodeNeeded":
        return t("onDelivery.codeNeeded");
      case "phoneCodeWrong":
        return typeof error.body.attemptsLeft === "number" ? t("onDelivery.codeWrong", { attempts: error.body.attemptsLeft }) : errorText(error);
      case "phoneCodeExpired":
        return t("onDelivery.codeExpired");
      default:
        return errorText(error);
    }
  }

  function productAdded() {
    // a changed order is a new order: a new key, so the server does not answer the earlier one
    key.current = newKey();
    // and it has a product now
    setProblem((current) => (current?.field === "lines" ? null : current));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (lines.length === 0) {
      setProblem({ field: "lines", text: t("needsLines") });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const { order } = await api.staffOrders.place(
        {
          fullName: customer.fullName.trim(),
          phone: customer.phone.trim(),
          email: customer.email.trim() || undefined,
          lines: lines.map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: l.quantity })),
          delivery: deliveryRequest(delivery),
          payment: payment === "mobile_money" ? { method: payment, wallet } : { method: payment },
          couponCode: coupon.trim() || undefined,
          code: payment === "on_delivery" ? code || undefined : undefined,
        },
        key.current,
      );
      toast({ title: t("created", { number: order.number }) });
      router.push(`/admin/orders/${encodeURIComponent(order.number)}`);
    } catch (error) {
      // refusals that placed nothing: the corrected order goes with a new key
      if (isApiError(error, "invalid-code") || isApiError(error, "on-delivery-refused")) key.current = newKey();
      if (isApiError(error, "invalid-code")) {
        setProblem({ field: "code", text: codeText(error) });
        document.getElementById(STAFF_CODE_FIELD)?.focus();
        return;
      }
      if (isApiError(error, "on-delivery-refused")) {
        // the number's own limits: the same words as the checkout's, with the products over the cap
        const over = (error.body.lines ?? []).map((l) => tCap("unitsCapLine", { name: l.name, count: l.available }));
        setProblem({ field: "payment", text: [errorText(error), ...over].join(" ") });
        return;
      }
      const refused = refusedField(error);
      setProblem({ field: refused?.field ?? null, text: errorText(error) });
      if (!isApiError(error, "idempotency-conflict")) return;
      key.current = newKey();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4 text-sm" noValidate data-testid="staff-order-form">
      <StaffOrderCustomer value={customer} onChange={setCustomer} fieldError={fieldError} onProblem={setProblem} />
      <StaffOrderLines lines={lines} onLines={setLines} onAdded={productAdded} error={fieldError("lines")} onProblem={setProblem} />
      <StaffOrderDelivery value={delivery} onChange={setDelivery} fieldError={fieldError} />

      <StaffOrderSection id="payment-heading" title={t("payment")}>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            name="couponCode"
            label={t("coupon")}
            optionalText={t("optional")}
            value={coupon}
            onChange={(e) => setCoupon(e.target.value)}
            error={fieldError("coupon")}
          />
          <Field id="field-paymentMethod" label={t("payment")} error={fieldError("payment")}>
            {(control) => (
              <Select {...control} value={payment} onChange={(e) => setPayment(e.target.value as StaffPaymentMethod)}>
                {methods.map((m) => (
                  <option key={m} value={m}>
                    {t(`paymentMethod.${m}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {payment === "mobile_money" && (
            <Field id="field-wallet" label={t("wallet")} error={fieldError("wallet")}>
              {(control) => (
                <Select {...control} value={wallet} onChange={(e) => setWallet(e.target.value)}>
                  {wallets.map((w) => (
                    <option key={w} value={w}>
                      {w}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
        </div>
        {payment === "on_delivery" && (
          <StaffOrderOnDelivery
            // a code goes to one number: another number starts again
            key={normaliseTanzanianMobile(customer.phone) ?? ""}
            phone={customer.phone}
            code={code}
            onCode={(typed) => {
              setCode(typed);
              // a code typed again is no longer the one refused
              setProblem((current) => (current?.field === "code" ? null : current));
            }}
            error={fieldError("code")}
          />
        )}
      </StaffOrderSection>

      {problem && problem.field === null && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200">
          {problem.text}
        </p>
      )}
      <SubmitButton busy={busy} busyText={t("creating")} className="w-full sm:w-auto">
        {t("create")}
      </SubmitButton>
    </form>
  );
}
