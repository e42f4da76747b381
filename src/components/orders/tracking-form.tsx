"use client";

import { useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { api, isApiError } from "@/lib/api-client";
import type { TrackingView } from "@/lib/orders";
import { useErrorText } from "../i18n/error-text";
import { TextField } from "../ui/form";
import { OrderTimeline } from "./order-timeline";
import { OrderStatusBadge } from "./status-badge";
import { TestOrderBadge } from "./test-order-badge";
import { SubmitButton } from "../ui/submit-button";

/**
 * /tracking: an order number and the e-mail or phone it was placed with give its status timeline,
 * nothing else. "No such order" and "the details do not match" are one message, as the server
 * answers them alike.
 */
export function TrackingForm({ initialNumber = "" }: { initialNumber?: string }) {
  const t = useTranslations("orders.tracking");
  const errorText = useErrorText();
  const [number, setNumber] = useState(initialNumber);
  const [contact, setContact] = useState("");
  const [result, setResult] = useState<TrackingView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    if (!number.trim() || !contact.trim()) {
      setProblem(t("fillBoth"));
      return;
    }
    sending.current = true;
    setBusy(true);
    setProblem(null);
    setResult(null);
    try {
      const { tracking } = await api.tracking.find({ number: number.trim().toUpperCase(), contact: contact.trim() });
      setResult(tracking);
    } catch (error) {
      setProblem(isApiError(error, "not-found") || isApiError(error, "invalid-input") ? t("notFound") : errorText(error));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <form onSubmit={submit} noValidate className="space-y-3 rounded-xl border border-[var(--border)] p-4" aria-label={t("formLabel")}>
        <TextField
          name="trackNumber"
          label={t("number")}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          hint={t("numberHint")}
        />
        <TextField
          name="trackContact"
          label={t("contact")}
          autoComplete="email"
          value={contact}
          onChange={(e) => setContact(e.target.value)}
          hint={t("contactHint")}
        />
        {problem && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            {problem}
          </p>
        )}
        <SubmitButton size="lg" block busy={busy} busyText={t("searching")}>
          {t("submit")}
        </SubmitButton>
      </form>
      {result && (
        <section aria-labelledby="tracking-result" className="rounded-xl border border-[var(--border)] p-4" data-testid="tracking-result">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 id="tracking-result" className="text-base font-semibold">
              {t("result", { number: result.number })}
            </h2>
            <span className="flex flex-wrap items-center gap-2">
              {result.test && <TestOrderBadge />}
              <OrderStatusBadge status={result.status} />
            </span>
          </div>
          <OrderTimeline events={result.events} />
        </section>
      )}
    </div>
  );
}
