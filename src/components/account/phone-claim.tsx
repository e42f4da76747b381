"use client";

import Link from "next/link";
import { useState } from "react";
import { CheckCircle2, MessageSquareText } from "lucide-react";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { formatTanzanianPhone, normaliseTanzanianMobile } from "@/lib/phone";
import { useCodeSender } from "../auth/use-code-sender";
import { useErrorText } from "../i18n/error-text";
import { Button } from "../ui/button";
import { SubmitButton } from "../ui/submit-button";
import { FieldError, TextField } from "../ui/form";

/**
 * The account's mobile number confirmed by a one-time SMS code: the orders placed as a guest with
 * that number then move into the account (and the number becomes the account's). A number typed
 * without its code claims nothing.
 */
export function PhoneClaim({ initialPhone = "", compact = false }: { initialPhone?: string; compact?: boolean }) {
  const t = useTranslations("account.phoneClaim");
  const errorText = useErrorText();
  const [phone, setPhone] = useState(initialPhone ? formatTanzanianPhone(initialPhone) : "");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [claimed, setClaimed] = useState<number | null>(null);
  const sender = useCodeSender((to) => api.phone.sendCode({ phone: to }));
  const valid = normaliseTanzanianMobile(phone) !== null;

  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await api.phone.confirm({ phone, code });
      setClaimed(answer.claimedOrders);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  if (claimed !== null)
    return (
      <p role="status" className="flex items-start gap-2 text-sm" data-testid="phone-claimed">
        <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
        <span>
          {t("done", { count: claimed })}{" "}
          {claimed > 0 && (
            <Link href="/account/orders" className="font-semibold text-brand hover:underline">
              {t("title")}
            </Link>
          )}
        </span>
      </p>
    );

  return (
    <form
      className="space-y-3 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        void confirm();
      }}
      noValidate
    >
      {!compact && <p className="text-[var(--muted-fg)]">{t("text")}</p>}
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          id="claim-phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          label={t("phone")}
          className="w-56"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
        <Button variant="secondary" onClick={() => void sender.sendTo(phone)} disabled={!valid || sender.wait > 0} busy={sender.busy} busyText={t("sending")}>
          <MessageSquareText className="h-4 w-4" aria-hidden />
          {sender.sentTo ? t("sendAgain") : t("send")}
        </Button>
      </div>
      <p role="status" aria-live="polite">
        {sender.sentTo ? (sender.wait > 0 ? t("sentWait", { phone: sender.sentTo, seconds: sender.wait }) : t("sent", { phone: sender.sentTo })) : null}
      </p>
      <FieldError id="claim-send-error" text={sender.problem} />
      {sender.sentTo && (
        <div className="flex flex-wrap items-end gap-3">
          <TextField
            id="claim-code"
            name="code"
            label={t("code")}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="w-40"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, 6))}
            error={problem ?? undefined}
          />
          <SubmitButton disabled={code.length !== 6} busy={busy} busyText={t("confirming")}>
            {t("confirm")}
          </SubmitButton>
        </div>
      )}
    </form>
  );
}
