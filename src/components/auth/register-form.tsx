"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { PROBLEM_VALUES, registrationProblem } from "@/lib/auth-rules";
import { PasswordStrength } from "./password-strength";
import { api, isApiError } from "@/lib/api-client";
import { useErrorText } from "../i18n/error-text";
import { toast } from "../ui/toaster";
import { useFormAction } from "../hooks/use-form-action";
import { SubmitButton } from "../ui/submit-button";
import { FormMessage, TextField } from "../ui/form";

const EMPTY = { fullName: "", email: "", phone: "", password: "", confirmPassword: "" };
const CLOSE_AFTER_MS = 3000;

/**
 * The registration form: the same rules as the server, checked here first; a failure is shown in
 * the form (and, on the page of its own, as a toast too: in the dialog a toast would only repeat
 * it under the overlay), a success clears the form and closes the dialog 3 s later. `redirect` is
 * where the shopper was (the checkout): the confirmation link brings them back there after sign-in.
 */
export function RegisterForm({
  companyName,
  onDone,
  onSwitch,
  inDialog = false,
  redirect = null,
}: {
  companyName: string;
  onDone?: () => void;
  onSwitch?: () => void;
  inDialog?: boolean;
  redirect?: string | null;
}) {
  const [form, setForm] = useState(EMPTY);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const set = (key: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const t = useTranslations("auth");
  const reasons = useTranslations("errors.reasons");
  const errorText = useErrorText();

  const failed = (text: string) => {
    if (!inDialog) toast({ title: t("register.failedTitle"), description: text, variant: "destructive" });
    return { ok: false, message: text };
  };

  const send = useFormAction<{ ok: boolean; message: string }>(
    async () => {
      // in the dialog without a target of its own, where the shopper is now is where they were
      const returnTo = redirect ?? (inDialog ? `${window.location.pathname}${window.location.search}` : null);
      await api.auth.register({ ...form, phone: form.phone || undefined, acceptTerms, redirect: returnTo ?? undefined });
      // the server's answer is English; the page says it in its own language
      return { ok: true, message: t("messages.registered") };
    },
    {
      check: () => {
        const problem = registrationProblem({ ...form, acceptTerms });
        if (!problem) return null;
        return failed(reasons(problem, PROBLEM_VALUES)).message;
      },
      onSuccess: () => {
        toast({ title: t("register.successTitle"), description: t("register.successText") });
        setForm(EMPTY);
        setAcceptTerms(false);
        if (onDone) setTimeout(onDone, CLOSE_AFTER_MS);
      },
      failure: (error) => {
        // the server answered: its reason, else the general advice
        if (isApiError(error) && error.kind === "http") return failed(errorText(error, t("register.checkInfo")));
        if (!inDialog) toast({ title: t("register.networkTitle"), description: t("register.networkText"), variant: "destructive" });
        if (!isApiError(error)) console.error(error);
        return { ok: false, message: errorText(error) };
      },
    },
  );

  // an error appears above the button and pushes it down: bring both into view (in the dialog's own
  // scroll area on a short phone screen), once per outcome, not on every keystroke after it. The
  // form can still grow after that (the password's strength verdict arrives once its dictionaries
  // have loaded, later on a slow phone): until the person touches, scrolls or types, a change of
  // the form's size brings them back into view.
  const formRef = useRef<HTMLFormElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const outcome = send.result;
  useEffect(() => {
    const form = formRef.current;
    const shown = outcomeRef.current;
    if (!outcome || outcome.ok || !form || !shown) return;
    const bringIntoView = () => shown.scrollIntoView({ block: "nearest" });
    bringIntoView();
    const resized = new ResizeObserver(bringIntoView);
    resized.observe(form);
    const root = form.ownerDocument;
    const stop = () => resized.disconnect();
    const personActs = ["pointerdown", "keydown", "wheel", "touchstart"] as const;
    for (const type of personActs) root.addEventListener(type, stop, { once: true, capture: true });
    return () => {
      stop();
      for (const type of personActs) root.removeEventListener(type, stop, { capture: true });
    };
  }, [outcome]);

  return (
    <form ref={formRef} onSubmit={send.submit} noValidate className="space-y-3">
      <TextField compact label={t("fields.fullName")} autoComplete="name" value={form.fullName} onValueChange={set("fullName")} required />
      <TextField compact label={t("fields.email")} type="email" autoComplete="email" value={form.email} onValueChange={set("email")} required />
      <TextField compact label={t("fields.phone")} type="tel" autoComplete="tel" value={form.phone} onValueChange={set("phone")} optional />
      <div>
        <TextField
          compact
          label={t("fields.password")}
          type="password"
          autoComplete="new-password"
          value={form.password}
          onValueChange={set("password")}
          required
        />
        <PasswordStrength password={form.password} companyName={companyName} fullName={form.fullName} email={form.email} />
      </div>
      <TextField
        compact
        label={t("fields.confirmPassword")}
        type="password"
        autoComplete="new-password"
        value={form.confirmPassword}
        onValueChange={set("confirmPassword")}
        required
      />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" checked={acceptTerms} onChange={(e) => setAcceptTerms(e.target.checked)} className="mt-0.5 h-4 w-4 accent-[var(--brand)]" />
        <span>
          {t.rich("register.terms", {
            terms: (chunks) => (
              <Link href="/services/terms-of-service" target="_blank" className="text-brand underline">
                {chunks}
              </Link>
            ),
            privacy: (chunks) => (
              <Link href="/services/privacy-policy" target="_blank" className="text-brand underline">
                {chunks}
              </Link>
            ),
          })}
        </span>
      </label>
      <div ref={outcomeRef} className="space-y-3">
        <FormMessage message={send.message} />
        <SubmitButton block className="text-sm" busy={send.busy} busyText={t("register.submitting")}>
          {t("register.submit")}
        </SubmitButton>
      </div>
      {onSwitch && (
        <p className="text-center text-sm text-[var(--muted-fg)]">
          {t.rich("register.haveAccount", {
            link: (chunks) => (
              <button type="button" onClick={onSwitch} className="font-semibold text-brand hover:underline">
                {chunks}
              </button>
            ),
          })}
        </p>
      )}
    </form>
  );
}
