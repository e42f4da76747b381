"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { AUTH_TEXT } from "@/lib/auth-rules";
import { Field, SubmitButton, FormMessage } from "./fields";
import { LoginForm } from "./login-form";
import { NetworkFailure, postJson } from "./post-json";

/** /auth/login: after sign-in, the server's redirect target (or the page's redirect), else / (§2.1). */
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
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!email.trim()) return setMessage({ tone: "error", text: AUTH_TEXT.invalidEmail });
        setBusy(true);
        try {
          const { body } = await postJson<{ message?: string; error?: string }>("/api/auth/forgot-password", { email });
          setMessage(body.message ? { tone: "success", text: body.message } : { tone: "error", text: body.error ?? AUTH_TEXT.network });
        } catch (error) {
          setMessage({ tone: "error", text: error instanceof NetworkFailure ? AUTH_TEXT.network : "Something went wrong. Please try again." });
        } finally {
          setBusy(false);
        }
      }}
    >
      <Field label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <FormMessage message={message} />
      <SubmitButton busy={busy} busyText="Sending...">
        Send reset link
      </SubmitButton>
    </form>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        try {
          const { body } = await postJson<{ success?: boolean; message?: string; error?: string }>("/api/auth/reset-password", { token, password, confirmPassword });
          setMessage(body.success ? { tone: "success", text: body.message ?? "Password changed." } : { tone: "error", text: body.error ?? "Please try again." });
        } catch {
          setMessage({ tone: "error", text: AUTH_TEXT.network });
        } finally {
          setBusy(false);
        }
      }}
    >
      <Field label="New password" type="password" autoComplete="new-password" value={password} onChange={setPassword} />
      <Field label="Confirm new password" type="password" autoComplete="new-password" value={confirmPassword} onChange={setConfirm} />
      <FormMessage message={message}>
        {message?.tone === "success" && (
          <a href="/auth/login" className="ml-1 font-semibold underline">
            Sign in
          </a>
        )}
      </FormMessage>
      <SubmitButton busy={busy} busyText="Saving...">
        Set new password
      </SubmitButton>
    </form>
  );
}
