"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { api, isApiError, refusedField } from "@/lib/api-client";
import { useErrorText } from "../i18n/error-text";
import { Button } from "../ui/button";
import { Field, Select, TextField } from "../ui/form";
import { toast } from "../ui/toaster";
import { StaffOrderCustomer, type StaffCustomer } from "./staff-order-customer";
import { NEW_DELIVERY, StaffOrderDelivery, deliveryRequest, type StaffDelivery } from "./staff-order-delivery";
import { StaffOrderLines, type StaffOrderLine } from "./staff-order-lines";
import { StaffOrderSection, type StaffOrderProblem } from "./staff-order-section";

/** What staff may take an order to be paid by (a card is paid by the customer on their own page). */
const STAFF_PAYMENT_METHODS = ["mobile_money", "bank_transfer"] as const;
type StaffPaymentMethod = (typeof STAFF_PAYMENT_METHODS)[number];

const newKey = () => (typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/**
 * The staff order screen: the customer by their number (a lookup shows accounts that name it and
 * its earlier orders), the products and options, delivery, coupon and how it will be paid. The
 * server prices it (price breaks, coupon limits per number) and places it once per screen (the
 * Idempotency-Key), then the order's page offers the prompt, the link and the counter payment.
 */
export function StaffOrderForm({ wallets }: { wallets: string[] }) {
  const t = useTranslations("admin.staffOrders");
  const router = useRouter();
  const errorText = useErrorText();
  const key = useRef(newKey());

  const [customer, setCustomer] = useState<StaffCustomer>({ phone: "", fullName: "", email: "" });
  const [lines, setLines] = useState<StaffOrderLine[]>([]);
  const [delivery, setDelivery] = useState<StaffDelivery>(NEW_DELIVERY);
  const [coupon, setCoupon] = useState("");
  const [payment, setPayment] = useState<StaffPaymentMethod>("mobile_money");
  const [wallet, setWallet] = useState(wallets[0] ?? "");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<StaffOrderProblem | null>(null);

  const fieldError = (field: string) => (problem?.field === field ? problem.text : null);

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
        },
        key.current,
      );
      toast({ title: t("created", { number: order.number }) });
      router.push(`/admin/orders/${encodeURIComponent(order.number)}`);
    } catch (error) {
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
                {STAFF_PAYMENT_METHODS.map((m) => (
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
      </StaffOrderSection>

      {problem && problem.field === null && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200">
          {problem.text}
        </p>
      )}
      <Button type="submit" busy={busy} busyText={t("creating")} className="w-full sm:w-auto">
        {t("create")}
      </Button>
    </form>
  );
}
