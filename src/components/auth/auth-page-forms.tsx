"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { api, isApiError } from "@/lib/api-client";
import { withRedirect } from "@/lib/redirect";
import { useErrorText } from "../i18n/error-text";
import { useFormAction, type FormResult } from "../hooks/use-form-action";
import { SubmitButton } from "../ui/submit-button";
import { FormMessage, TextField } from "../ui/form";
import { PasswordStrength } from "./password-strength";
import { LoginForm } from "./login-form";

/** /auth/login: after sign-in, go to the page's redirect, else the server's redirect target, else /. */
export function LoginPageForm({ redirect }: { redirect: string | null }) {
  const router = useRouter();
  return (
    <LoginForm
      redirect={redirect}
      onSignedIn={(to) => {
        router.replace(to);
        router.refresh();
      }}
    />
  );
}

export function ForgotPasswordForm() {
  const [email, setEmail] = useState("");
  const t = useTranslations("auth");
  const reasons = useTranslations("errors.reasons");
  const errorText = useErrorText();
  const form = useFormAction<FormResult>(
    async () => {
      await api.auth.forgotPassword(email);
      return { ok: true, message: t("messages.resetSent") };
    },
    {
      check: () => (email.trim() ? null : reasons("invalidEmail")),
      failure: (error) => ({ ok: false, message: errorText(error) }),
    },
  );
  return (
    <form noValidate className="space-y-3" onSubmit={form.submit}>
      <TextField compact label={t("fields.email")} type="email" autoComplete="email" value={email} onValueChange={setEmail} required />
      <FormMessage message={form.message} />
      <SubmitButton block className="text-sm" busy={form.busy} busyText={t("forgot.sending")}>
        {t("forgot.submit")}
      </SubmitButton>
    </form>
  );
}

export function ResetPasswordForm({ token, companyName }: { token: string; companyName: string }) {
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirm] = useState("");
  const t = useTranslations("auth");
  const errors = useTranslations("errors");
  const form = useFormAction(
    async () => {
      await api.auth.resetPassword({ token, password, confirmPassword });
      return { ok: true, message: t("messages.passwordReset") };
    },
    { failure: errors("generic") },
  );
  return (
    <form noValidate className="space-y-3" onSubmit={form.submit}>
      <div>
        <TextField compact label={t("fields.newPassword")} type="password" autoComplete="new-password" value={password} onValueChange={setPassword} required />
        <PasswordStrength password={password} companyName={companyName} />
      </div>
      <TextField
        compact
        label={t("fields.confirmNewPassword")}
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        onValueChange={setConfirm}
        required
      />
      <FormMessage message={form.message}>
        {form.message?.tone === "success" && (
          <a href="/auth/login" className="ml-1 font-semibold underline">
            {t("reset.signIn")}
          </a>
        )}
      </FormMessage>
      <SubmitButton block className="text-sm" busy={form.busy} busyText={t("reset.saving")}>
        {t("reset.submit")}
      </SubmitButton>
    </form>
  );
}

/**
 * The confirmation link's page: a button that sends the token (a GET of the link changes nothing,
 * so a mail scanner opening it does not use it up), then the outcome; its sign-in link returns to
 * `redirect` (where the shopper registered from) once signed in.
 */
export function VerifyEmailForm({ token, redirect = null }: { token: string | null; redirect?: string | null }) {
  const t = useTranslations("auth");
  const errorText = useErrorText();
  const form = useFormAction<FormResult & { invalid?: boolean }>(
    async () => {
      await api.auth.verify(token ?? "");
      return { ok: true, message: t("messages.verified") };
    },
    {
      failure: (error) => {
        if (!isApiError(error) || error.kind !== "http") return { ok: false, message: errorText(error) };
        // an unknown, used or expired token: the link itself is dead; other refusals (busy, too
        // many tries) keep the button for another go
        const invalid = error.code === "invalid-token" || error.code === "invalid-input";
        return { ok: false, invalid, message: errorText(error) };
      },
    },
  );
  const link = (href: string) =>
    function TextLink(chunks: React.ReactNode) {
      return (
        <a href={href} className="font-semibold text-brand underline">
          {chunks}
        </a>
      );
    };
  const broken = !token || form.result?.invalid === true;
  if (form.result?.ok) {
    return (
      <div className="space-y-2 text-sm">
        <h2 className="text-lg font-semibold">{t("verify.doneTitle")}</h2>
        <p>{t.rich("verify.doneText", { link: link(withRedirect("/auth/login", redirect)) })}</p>
      </div>
    );
  }
  if (broken) {
    return (
      <div className="space-y-2 text-sm">
        <h2 className="text-lg font-semibold">{t("verify.brokenTitle")}</h2>
        <p>{t.rich("verify.brokenText", { link: link(withRedirect("/auth/register", redirect)) })}</p>
      </div>
    );
  }
  return (
    <form noValidate className="space-y-3" onSubmit={form.submit}>
      <p className="text-sm">{t("verify.prompt")}</p>
      <FormMessage message={form.message} />
      <SubmitButton block className="text-sm" busy={form.busy} busyText={t("verify.confirming")}>
        {t("verify.submit")}
      </SubmitButton>
    </form>
  );
}
