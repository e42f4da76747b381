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
