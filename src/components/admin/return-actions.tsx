"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import type { AdminReturnView } from "@/lib/contract/returns";
import { isMoneyDecision, RETURN_DECISIONS, RETURN_STOCK_OUTCOMES, type ReturnDecision, type ReturnStockOutcome } from "@/lib/returns";
import { useFormAction } from "../hooks/use-form-action";
import { Button } from "../ui/button";
import { SubmitButton } from "../ui/submit-button";
import { Field, FormMessage, Input, Select, TextareaField, TextField } from "../ui/form";

/** The route back of a refund the admin may choose here (store credit is its own decision). */
const REFUND_ROUTES = ["mobile_money", "bank_transfer", "cash"] as const;
type RefundRoute = (typeof REFUND_ROUTES)[number];

function defaultRoute(paymentMethod: string): RefundRoute {
  if (paymentMethod === "on_delivery") return "cash";
  if (paymentMethod === "bank_transfer") return "bank_transfer";
  return "mobile_money";
}

/**
 * The step a return's status allows, for the admin: approve or refuse (with the reason the customer
 * reads), mark received, mark inspected, then a decision and the stock's way for each line; money
 * back (refund, store credit) asks for the authenticator's code. Texts: admin.returns.
 */
export function ReturnAdminActions({ view }: { view: AdminReturnView }) {
  const t = useTranslations("admin.returns");
  const router = useRouter();
  const [note, setNote] = useState("");
  const [refusal, setRefusal] = useState("");
  const done = async () => {
    setNote("");
    router.refresh();
  };
  const step = (name: "approve" | "receive" | "inspect") => async () => {
    await api.returns.adminStep(view.number, name, note.trim() || undefined);
    return { ok: true, message: t("done") };
  };
  const approve = useFormAction(step("approve"), { failure: t("failed"), onSuccess: done });
  const receive = useFormAction(step("receive"), { failure: t("failed"), onSuccess: done });
  const inspect = useFormAction(step("inspect"), { failure: t("failed"), onSuccess: done });
  const refuse = useFormAction(
    async () => {
      await api.returns.refuse(view.number, refusal.trim());
      return { ok: true, message: t("done") };
    },
    { failure: t("failed"), check: () => (refusal.trim().length < 3 ? t("refuseReason") : null), onSuccess: done },
  );

  if (view.actions.includes("decide")) return <DecideForm view={view} />;
  const message = approve.message ?? receive.message ?? inspect.message ?? refuse.message;
  return (
    <div className="space-y-3 text-sm">
      {view.actions.some((a) => a !== "refuse") && (
        <TextField name="return-note" label={t("note")} optional value={note} onChange={(event) => setNote(event.target.value)} maxLength={500} />
      )}
      <div className="flex flex-wrap gap-2">
        {view.actions.includes("approve") && (
          <Button onClick={approve.submit} busy={approve.busy} data-testid="return-approve">
            {t("approve")}
          </Button>
        )}
        {view.actions.includes("receive") && (
          <Button onClick={receive.submit} busy={receive.busy} data-testid="return-receive">
            {t("receive")}
          </Button>
        )}
        {view.actions.includes("inspect") && (
          <Button onClick={inspect.submit} busy={inspect.busy} data-testid="return-inspect">
            {t("inspect")}
          </Button>
        )}
      </div>
      {view.actions.includes("refuse") && (
        <form onSubmit={refuse.submit} className="space-y-2 border-t border-[var(--border)] pt-3" noValidate>
          <TextareaField
            name="return-refusal"
            label={t("refuseReason")}
            value={refusal}
            onChange={(event) => setRefusal(event.target.value)}
            rows={2}
            maxLength={500}
          />
          <SubmitButton variant="danger-outline" busy={refuse.busy} data-testid="return-refuse">
            {t("refuse")}
          </SubmitButton>
        </form>
      )}
      <FormMessage message={message} />
    </div>
  );
}

function DecideForm({ view }: { view: AdminReturnView }) {
  const t = useTranslations("admin.returns");
  const router = useRouter();
  const open = view.lines.filter((l) => !l.decision);
  const [choices, setChoices] = useState<Record<number, { decision: ReturnDecision; stock: ReturnStockOutcome }>>(() =>
    Object.fromEntries(open.map((l) => [l.id, { decision: "refund", stock: "sellable" }])),
  );
  const [route, setRoute] = useState<RefundRoute>(defaultRoute(view.paymentMethod));
  const [bankReference, setBankReference] = useState("");
  const [fare, setFare] = useState("");
  const [code, setCode] = useState("");
  const money = Object.values(choices).some((c) => isMoneyDecision(c.decision));
  const refunding = Object.values(choices).some((c) => c.decision === "refund");
  const faultyMoney = Object.values(choices).some((c) => c.stock === "faulty" && isMoneyDecision(c.decision));

  const send = useFormAction(
    async () => {
      const fareValue = Number.parseInt(fare, 10);
      await api.returns.decide(view.number, {
        lines: open.map((l) => ({ returnLineId: l.id, ...choices[l.id]! })),
        ...(refunding ? { refundMethod: route } : {}),
        ...(refunding && route === "bank_transfer" && bankReference.trim() ? { bankReference: bankReference.trim() } : {}),
        ...(faultyMoney && fareValue > 0 ? { returnFare: fareValue } : {}),
        ...(money ? { twoFactorCode: code.trim() } : {}),
      });
      return { ok: true, message: t("done") };
    },
    { failure: t("failed"), onSuccess: () => router.refresh() },
  );

  const set = (id: number, change: Partial<{ decision: ReturnDecision; stock: ReturnStockOutcome }>) =>
    setChoices((now) => ({ ...now, [id]: { ...now[id]!, ...change } }));

  return (
    <form onSubmit={send.submit} className="space-y-3 text-sm" noValidate data-testid="return-decide-form">
      {open.map((line) => (
        <div key={line.id} className="grid gap-2 rounded-lg bg-[var(--surface)] p-3 sm:grid-cols-2">
          <Field id={`decision-${line.id}`} label={t("decision", { name: line.name })}>
            {(control) => (
              <Select {...control} value={choices[line.id]!.decision} onChange={(event) => set(line.id, { decision: event.target.value as ReturnDecision })}>
                {RETURN_DECISIONS.filter((d) => d !== "store_credit" || !view.guest).map((d) => (
                  <option key={d} value={d}>
                    {t(`decisions.${d}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={`stock-${line.id}`} label={t("stock", { name: line.name })}>
            {(control) => (
              <Select {...control} value={choices[line.id]!.stock} onChange={(event) => set(line.id, { stock: event.target.value as ReturnStockOutcome })}>
                {RETURN_STOCK_OUTCOMES.map((s) => (
                  <option key={s} value={s}>
                    {t(`stocks.${s}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
      ))}
      {refunding && (
        <Field id="refund-route" label={t("refundMethod")}>
          {(control) => (
            <Select {...control} value={route} onChange={(event) => setRoute(event.target.value as RefundRoute)}>
              {REFUND_ROUTES.map((r) => (
                <option key={r} value={r}>
                  {t(`refundMethods.${r}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      {refunding && route === "bank_transfer" && (
        <TextField
          name="bank-reference"
          label={t("bankReference")}
          value={bankReference}
          onChange={(event) => setBankReference(event.target.value)}
          maxLength={80}
        />
      )}
      {faultyMoney && (
        <Field id="return-fare" label={t("returnFare")}>
          {(control) => <Input {...control} inputMode="numeric" value={fare} onChange={(event) => setFare(event.target.value.replace(/\D/g, ""))} />}
        </Field>
      )}
      {money && (
        <TextField
          name="two-factor-code"
          label={t("twoFactorCode")}
          hint={t("twoFactorHint")}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={20}
        />
      )}
      <FormMessage message={send.message} />
      <SubmitButton block busy={send.busy} data-testid="return-decide">
        {t("decide")}
      </SubmitButton>
    </form>
  );
}
