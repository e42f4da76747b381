"use client";

import Link from "next/link";
import { useState } from "react";
import { AUTH_TEXT, registrationProblem } from "@/lib/auth-rules";
import { PasswordStrength } from "./password-strength";
import { api, isApiError } from "@/lib/api-client";
import { toast } from "../ui/toaster";
import { useFormAction } from "../ui/use-form-action";
import { Field, SubmitButton, FormMessage } from "./fields";

const EMPTY = { fullName: "", email: "", phone: "", password: "", confirmPassword: "" };
const CLOSE_AFTER_MS = 3000;

/**
 * The registration form: the same rules as the server, checked here first; a failure is shown in
 * the form and as a toast, a success clears the form and closes the dialog 3 s later.
 */
export function RegisterForm({ onDone, onSwitch }: { onDone?: () => void; onSwitch?: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const set = (key: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const failed = (text: string) => {
    toast({ title: "Registration Failed", description: text, variant: "destructive" });
    return { ok: false, message: text };
  };

  const send = useFormAction(
    async () => {
      const body = await api.auth.register({ ...form, phone: form.phone || undefined, acceptTerms });
      return { ok: true, message: body.message || AUTH_TEXT.registered };
    },
    {
      check: () => {
        const problem = registrationProblem({ ...form, acceptTerms });
        if (problem) failed(problem);
        return problem;
      },
      onSuccess: () => {
        toast({ title: "Registration Successful!", description: "Please check your email to verify your account." });
        setForm(EMPTY);
        setAcceptTerms(false);
        if (onDone) setTimeout(onDone, CLOSE_AFTER_MS);
      },
      failure: (error) => {
        // the server answered: its reason, else the general advice
        if (isApiError(error) && error.kind === "http") return failed(error.serverMessage ?? "Please check your information and try again.");
        toast({ title: "Network Error", description: "Please check your internet connection and try again.", variant: "destructive" });
        if (!isApiError(error)) console.error(error);
        return { ok: false, message: AUTH_TEXT.network };
      },
    },
  );

  return (
    <form onSubmit={send.submit} noValidate className="space-y-3">
      <Field label="Full name" autoComplete="name" value={form.fullName} onChange={set("fullName")} />
      <Field label="Email" type="email" autoComplete="email" value={form.email} onChange={set("email")} />
      <Field label="Phone" type="tel" autoComplete="tel" value={form.phone} onChange={set("phone")} optional />
      <div>
        <Field label="Password" type="password" autoComplete="new-password" value={form.password} onChange={set("password")} />
        <PasswordStrength password={form.password} userInputs={[form.fullName, form.email]} />
      </div>
      <Field label="Confirm password" type="password" autoComplete="new-password" value={form.confirmPassword} onChange={set("confirmPassword")} />
      <p className="text-xs text-[var(--muted-fg)]">At least 8 characters, with an uppercase letter, a lowercase letter and a number.</p>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" checked={acceptTerms} onChange={(e) => setAcceptTerms(e.target.checked)} className="mt-0.5 h-4 w-4 accent-[var(--brand)]" />
        <span>
          I agree to the{" "}
          <Link href="/services/terms-of-service" target="_blank" className="text-brand underline">
            Terms of Service
          </Link>{" "}
          and the{" "}
          <Link href="/services/privacy-policy" target="_blank" className="text-brand underline">
            Privacy Policy
          </Link>
        </span>
      </label>
      <FormMessage message={send.message} />
      <SubmitButton busy={send.busy} busyText="Creating Account...">
        Create Account
      </SubmitButton>
      {onSwitch && (
        <p className="text-center text-sm text-[var(--muted-fg)]">
          Already have an account?{" "}
          <button type="button" onClick={onSwitch} className="font-semibold text-brand hover:underline">
            Sign in here
          </button>
        </p>
      )}
    </form>
  );
}
