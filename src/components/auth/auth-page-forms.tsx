"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { api, isApiError } from "@/lib/api-client";
import { AUTH_TEXT } from "@/lib/auth-rules";
import { failureMessage, useFormAction, type FormResult } from "../ui/use-form-action";
import { Field, SubmitButton, FormMessage } from "./fields";
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
  const form = useFormAction<FormResult>(
    async () => {
      return { ok: true, message: (await api.auth.forgotPassword(email)).message };
    },
    {
      check: () => (email.trim() ? null : AUTH_TEXT.invalidEmail),
      failure: (error) => ({
        ok: false,
        message: isApiError(error) && error.kind === "http" ? failureMessage(error, "Something went wrong. Please try again.") : AUTH_TEXT.network,
      }),
    },
  );
  return (
    <form noValidate className="space-y-3" onSubmit={form.submit}>
      <Field label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <FormMessage message={form.message} />
      <SubmitButton busy={form.busy} busyText="Sending...">
        Send reset link
      </SubmitButton>
    </form>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirm] = useState("");
  const form = useFormAction(
    async () => {
      return { ok: true, message: (await api.auth.resetPassword({ token, password, confirmPassword })).message };
    },
    { failure: AUTH_TEXT.network },
  );
  return (
    <form noValidate className="space-y-3" onSubmit={form.submit}>
      <div>
        <Field label="New password" type="password" autoComplete="new-password" value={password} onChange={setPassword} />
        <PasswordStrength password={password} />
      </div>
      <Field label="Confirm new password" type="password" autoComplete="new-password" value={confirmPassword} onChange={setConfirm} />
      <FormMessage message={form.message}>
        {form.message?.tone === "success" && (
          <a href="/auth/login" className="ml-1 font-semibold underline">
            Sign in
          </a>
        )}
      </FormMessage>
      <SubmitButton busy={form.busy} busyText="Saving...">
        Set new password
      </SubmitButton>
    </form>
  );
}

/**
 * The confirmation link's page: a button that sends the token (a GET of the link changes nothing,
 * so a mail scanner opening it does not use it up), then the outcome.
 */
export function VerifyEmailForm({ token }: { token: string | null }) {
  const form = useFormAction<FormResult & { invalid?: boolean }>(async () => ({ ok: true, message: (await api.auth.verify(token ?? "")).message }), {
    failure: (error) => {
      if (!isApiError(error) || error.kind !== "http") return { ok: false, message: AUTH_TEXT.network };
      // an unknown, used or expired token: the link itself is dead; other refusals (busy, too
      // many tries) keep the button for another go
      const invalid = error.code === "invalid-token" || error.code === "invalid-input";
      return { ok: false, invalid, message: failureMessage(error, AUTH_TEXT.network) };
    },
  });
  const broken = !token || form.result?.invalid === true;
  if (form.result?.ok) {
    return (
      <div className="space-y-2 text-sm">
        <h2 className="text-lg font-semibold">Your e-mail address is confirmed</h2>
        <p>
          Thank you. You can now{" "}
          <a href="/auth/login" className="font-semibold text-brand underline">
            sign in
          </a>
          .
        </p>
      </div>
    );
  }
  if (broken) {
    return (
      <div className="space-y-2 text-sm">
        <h2 className="text-lg font-semibold">This link does not work</h2>
        <p>
          The confirmation link is invalid, already used or older than 24 hours. Sign in to have a new one sent, or{" "}
          <a href="/auth/register" className="font-semibold text-brand underline">
            register again
          </a>
          .
        </p>
      </div>
    );
  }
  return (
    <form noValidate className="space-y-3" onSubmit={form.submit}>
      <p className="text-sm">Press the button to confirm that this e-mail address is yours.</p>
      <FormMessage message={form.message} />
      <SubmitButton busy={form.busy} busyText="Confirming...">
        Confirm my e-mail address
      </SubmitButton>
    </form>
  );
}
