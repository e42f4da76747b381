"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { api, refusedField } from "@/lib/api-client";
import type { StaffLookupResponse } from "@/lib/contract/admin-staff-orders";
import { formatMoney } from "@/lib/money";
import { useErrorText } from "../i18n/error-text";
import { Button } from "../ui/button";
import { TextField } from "../ui/form";
import { StaffOrderSection, type FieldErrorOf, type StaffOrderProblem } from "./staff-order-section";

export interface StaffCustomer {
  phone: string;
  fullName: string;
  email: string;
}

/**
 * The staff order screen's customer: their number, with a lookup of the accounts that name it and
 * its earlier orders (an earlier order's name fills an empty name), their name and e-mail.
 */
export function StaffOrderCustomer({
  value,
  onChange,
  fieldError,
  onProblem,
}: {
  value: StaffCustomer;
  onChange: (change: (current: StaffCustomer) => StaffCustomer) => void;
  fieldError: FieldErrorOf;
  onProblem: (problem: StaffOrderProblem | null) => void;
}) {
  const t = useTranslations("admin.staffOrders");
  const locale = useLocale();
  const errorText = useErrorText();
  const [lookup, setLookup] = useState<StaffLookupResponse | null>(null);
  const [lookingUp, setLookingUp] = useState(false);
  const when = new Intl.DateTimeFormat(locale === "en" ? "en-GB" : "sw-TZ", { dateStyle: "medium" });

  async function findCustomer() {
    const phone = value.phone.trim();
    if (!phone) return;
    setLookingUp(true);
    onProblem(null);
    try {
      setLookup(await api.staffOrders.lookup(phone));
    } catch (error) {
      onProblem({ field: refusedField(error)?.field ?? "phone", text: errorText(error) });
    } finally {
      setLookingUp(false);
    }
  }

  return (
    <StaffOrderSection id="customer-heading" title={t("customer")}>
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          name="phone"
          label={t("phone")}
          type="tel"
          autoComplete="off"
          value={value.phone}
          onChange={(e) => {
            const phone = e.target.value;
            onChange((current) => ({ ...current, phone }));
            setLookup(null);
          }}
          onBlur={() => void findCustomer()}
          hint={t("phoneHint")}
          error={fieldError("phone") ?? fieldError("paymentPhone")}
          className="min-w-[12rem] flex-1"
        />
        <Button variant="secondary" onClick={() => void findCustomer()} busy={lookingUp} busyText={t("lookingUp")} className="mb-5">
          {t("lookup")}
        </Button>
      </div>
      {lookup && (
        <div data-testid="staff-lookup" className="space-y-2 rounded-lg bg-[var(--muted)] p-3">
          {lookup.accounts.length === 0 && lookup.orders.length === 0 && <p>{t("noMatches")}</p>}
          {lookup.accounts.length > 0 && (
            <div>
              <p className="font-medium">{t("accountsTitle")}</p>
              <ul className="list-disc pl-5">
                {lookup.accounts.map((a) => (
                  <li key={a.email} className="break-words">
                    {a.name} <span className="text-[var(--muted-fg)]">{a.email}</span>
                  </li>
                ))}
              </ul>
              <p className="text-xs text-[var(--muted-fg)]">{t("accountsNote")}</p>
            </div>
          )}
          {lookup.orders.length > 0 && (
            <div>
              <p className="font-medium">{t("ordersTitle")}</p>
              <ul className="list-disc pl-5">
                {lookup.orders.map((o) => (
                  <li key={o.number}>
                    <button
                      type="button"
                      className="text-brand hover:underline"
                      onClick={() => onChange((current) => ({ ...current, fullName: current.fullName || o.fullName }))}
                    >
                      {o.fullName}
                    </button>{" "}
                    · <span className="whitespace-nowrap">{o.number}</span> · <span className="whitespace-nowrap">{when.format(new Date(o.createdAt))}</span> ·{" "}
                    <span className="whitespace-nowrap">{formatMoney(o.total, "TZS")}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          name="fullName"
          label={t("name")}
          autoComplete="off"
          value={value.fullName}
          onChange={(e) => {
            const fullName = e.target.value;
            onChange((current) => ({ ...current, fullName }));
          }}
          error={fieldError("fullName")}
        />
        <TextField
          name="email"
          label={t("email")}
          optionalText={t("optional")}
          type="email"
          autoComplete="off"
          value={value.email}
          onChange={(e) => {
            const email = e.target.value;
            onChange((current) => ({ ...current, email }));
          }}
          hint={t("emailHint")}
          error={fieldError("email")}
        />
      </div>
    </StaffOrderSection>
  );
}
