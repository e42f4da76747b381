"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { AUTH_TEXT } from "@/lib/auth-rules";
import { useFormAction } from "../ui/use-form-action";
import { Field, SubmitButton, FormMessage } from "./fields";
import { LoginForm } from "./login-form";
import { NetworkFailure, postJson } from "./post-json";

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
  const form = useFormAction(
    async () => {
      const { body } = await postJson<{ message?: string; error?: string }>("/api/auth/forgot-password", { email });
      return body.message ? { ok: true, message: body.message } : { ok: false, message: body.error ?? AUTH_TEXT.network };
    },
    {
      check: () => (email.trim() ? null : AUTH_TEXT.invalidEmail),
      failure: (error) => ({ ok: false, message: error instanceof NetworkFailure ? AUTH_TEXT.network : "Something went wrong. Please try again." }),
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
      const { body } = await postJson<{ success?: boolean; message?: string; error?: string }>("/api/auth/reset-password", { token, password, confirmPassword });
      return body.success ? { ok: true, message: body.message ?? "Password changed." } : { ok: false, message: body.error ?? "Please try again." };
    },
    { failure: AUTH_TEXT.network },
  );
  return (
    <form noValidate className="space-y-3" onSubmit={form.submit}>
      <Field label="New password" type="password" autoComplete="new-password" value={password} onChange={setPassword} />
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
