"use client";

import { MessageSquareText } from "lucide-react";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { normaliseTanzanianMobile } from "@/lib/phone";
import { useCodeSender } from "../../../auth/use-code-sender";
import { Button } from "../../../ui/button";
import { FieldError, TextField } from "../../../ui/form";
import { Section } from "../../section";

export interface GuestFields {
  code: string;
  email: string;
}

/**
 * A guest's number confirmed by a one-time SMS code (sent to the contact's number), and an e-mail
 * address if they like. Paying by mobile money from that same number needs no code: the payment's
 * approval on the phone proves it, and the form says so.
 */
export function GuestConfirmSection({
  phone,
  values,
  set,
  codeError,
}: {
  phone: string;
  values: GuestFields;
  set: (change: Partial<GuestFields>) => void;
  codeError?: string | null;
}) {
  const t = useTranslations("checkout.guestConfirm");
  const sender = useCodeSender((to) => api.checkout.phoneCode({ phone: to }));
  const valid = normaliseTanzanianMobile(phone) !== null;
  return (
    <Section id="confirm" title={t("title")}>
      <p className="mb-3 text-sm text-[var(--muted-fg)]">{t("text")}</p>
      <div className="flex flex-wrap items-end gap-3">
        <Button
          variant="secondary"
          onClick={() => void sender.sendTo(phone)}
          disabled={!valid || sender.wait > 0}
          busy={sender.busy}
          busyText={t("sending")}
          data-testid="send-code"
        >
          <MessageSquareText className="h-4 w-4" aria-hidden />
          {sender.sentTo ? t("sendAgain") : t("send")}
        </Button>
        <TextField
          id="guest-code"
          name="code"
          label={t("code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          className="w-40"
          value={values.code}
          onChange={(e) => set({ code: e.target.value.replace(/\D/g, "").slice(0, 6) })}
          error={codeError ?? undefined}
        />
      </div>
      <p role="status" aria-live="polite" className="mt-2 text-sm">
        {!valid
          ? t("needPhone")
          : sender.sentTo
            ? sender.wait > 0
              ? t("sentWait", { phone: sender.sentTo, seconds: sender.wait })
              : t("sent", { phone: sender.sentTo })
            : null}
      </p>
      <FieldError id="guest-code-send-error" text={sender.problem} />
      <p className="mt-2 text-xs text-[var(--muted-fg)]">{t("mobileMoneyHint")}</p>
      <TextField
        id="guest-email"
        name="email"
        type="email"
        autoComplete="email"
        label={t("email")}
        optional
        hint={t("emailHint")}
        className="mt-3"
        value={values.email}
        onChange={(e) => set({ email: e.target.value })}
      />
    </Section>
  );
}
