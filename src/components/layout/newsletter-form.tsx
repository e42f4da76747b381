"use client";

import Link from "next/link";
import { CircleAlert, CircleCheck } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { api, isApiError } from "@/lib/api-client";
import { NEWSLETTER_EMAIL_MAX } from "@/lib/newsletter";
import { useErrorText } from "../i18n/error-text";
import { useFormAction } from "../hooks/use-form-action";
import { useInputBeforeHydration } from "../hooks/use-input-before-hydration";
import { SubmitButton } from "../ui/submit-button";

/** The footer's newsletter box: signs the address up through POST /api/newsletter (confirmed later by e-mail). */
export function NewsletterForm() {
  const id = useId();
  const [email, setEmail] = useState("");
  const emailRef = useRef<HTMLInputElement>(null);
  useInputBeforeHydration(emailRef, email, setEmail);
  const t = useTranslations("newsletter");
  const errorText = useErrorText();

  const send = useFormAction(
    async () => {
      try {
        // every valid address gets the one "check your inbox" answer (nobody learns who is subscribed)
        const reply = await api.newsletter.subscribe(email);
        return reply.success === true ? { ok: true, message: t("subscribed") } : { ok: false, message: t("failed") };
      } catch (error) {
        if (!isApiError(error) || error.kind !== "http") throw error;
        // an error answer meant for people says why (a bad address, too many tries), by its code;
        // a 5xx, a proxy's HTML page or an empty body gets a plain apology
        if (error.status < 400 || error.status >= 500 || !error.serverMessage) return { ok: false, message: t("failed") };
        return { ok: false, message: isApiError(error, "invalid-input") ? t("invalidEmail") : errorText(error, t("failed")) };
      }
    },
    { failure: () => ({ ok: false, message: t("network") }), onSuccess: () => setEmail("") },
  );
  const { busy: sending, message: notice } = send;

  const headingId = `${id}-heading`;
  const inputId = `${id}-email`;
  const noticeId = `${id}-notice`;
  const consentId = `${id}-consent`;
  const Icon = notice?.tone === "success" ? CircleCheck : CircleAlert;

  return (
    <form method="post" onSubmit={send.submit} aria-labelledby={headingId}>
      <p id={headingId} className="font-semibold">
        {t("title")}
      </p>
      <p className="mt-1 text-[var(--muted-fg)]">{t("intro")}</p>
      <label htmlFor={inputId} className="mt-2 block text-xs font-medium">
        {t("emailLabel")}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          ref={emailRef}
          id={inputId}
          type="email"
          name="email"
          required
          autoComplete="email"
          inputMode="email"
          maxLength={NEWSLETTER_EMAIL_MAX}
          placeholder={t("emailPlaceholder")}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={notice?.tone === "error" || undefined}
          aria-describedby={`${noticeId} ${consentId}`}
          className="h-10 min-w-0 flex-1 rounded-lg border border-[var(--border)] bg-[var(--page-bg)] px-3 text-[var(--page-fg)] placeholder:text-[var(--muted-fg)]"
        />
        {/* waits for the page's script: a native submit would send the address nowhere useful */}
        <SubmitButton className="shrink-0" busy={sending} busyText={t("sending")}>
          {t("subscribe")}
        </SubmitButton>
      </div>
      <p id={noticeId} aria-live="polite" aria-atomic="true" className="mt-2 min-h-5 text-sm">
        {notice && (
          <span className="flex items-start gap-1.5">
            <Icon className={`mt-0.5 h-4 w-4 shrink-0 ${notice.tone === "success" ? "text-brand" : "text-red-600"}`} aria-hidden />
            <span>{notice.text}</span>
          </span>
        )}
      </p>
      <p id={consentId} className="mt-1 text-xs text-[var(--muted-fg)]">
        {t("consent")}{" "}
        <Link href="/privacy" prefetch={false} className="underline hover:text-brand">
          {t("privacyPolicy")}
        </Link>
      </p>
    </form>
  );
}
