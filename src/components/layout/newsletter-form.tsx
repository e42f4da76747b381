"use client";

import Link from "next/link";
import { CircleAlert, CircleCheck } from "lucide-react";
import { useId, useState, useSyncExternalStore } from "react";
import { api, isApiError } from "@/lib/api-client";
import { NEWSLETTER_EMAIL_MAX, NEWSLETTER_TEXT, readNewsletterReply } from "@/lib/newsletter";
import { useFormAction } from "../ui/use-form-action";

const noopSubscribe = () => () => {};

/** The footer's newsletter box: signs the address up through POST /api/newsletter (confirmed later by e-mail). */
export function NewsletterForm() {
  const id = useId();
  const [email, setEmail] = useState("");
  // Until the script runs, a native submit would send the address nowhere useful (or put it in
  // a URL), so the button waits for hydration; a disabled default button also blocks Enter.
  const ready = useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );

  const send = useFormAction(
    async () => {
      try {
        return readNewsletterReply(200, await api.newsletter.subscribe(email));
      } catch (error) {
        // an error answer says why (a bad address, too many tries); no answer is the network message
        if (isApiError(error) && error.kind === "http") return readNewsletterReply(error.status, error.body);
        throw error;
      }
    },
    { failure: NEWSLETTER_TEXT.network, onSuccess: () => setEmail("") },
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
        Newsletter
      </p>
      <p className="mt-1 text-[var(--muted-fg)]">Offers and new arrivals by email.</p>
      <label htmlFor={inputId} className="mt-2 block text-xs font-medium">
        Email address
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={inputId}
          type="email"
          name="email"
          required
          autoComplete="email"
          inputMode="email"
          maxLength={NEWSLETTER_EMAIL_MAX}
          placeholder="you@example.co.tz"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={notice?.tone === "error" || undefined}
          aria-describedby={`${noticeId} ${consentId}`}
          className="h-10 min-w-0 flex-1 rounded-lg border border-[var(--border)] bg-[var(--page-bg)] px-3 text-[var(--page-fg)] placeholder:text-[var(--muted-fg)]"
        />
        <button
          type="submit"
          disabled={!ready || sending}
          aria-busy={sending || undefined}
          className="h-10 shrink-0 rounded-lg bg-brand px-4 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-60"
        >
          {sending ? "Sending…" : "Subscribe"}
        </button>
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
        {NEWSLETTER_TEXT.consent}{" "}
        <Link href="/privacy" prefetch={false} className="underline hover:text-brand">
          Privacy policy
        </Link>
      </p>
    </form>
  );
}
