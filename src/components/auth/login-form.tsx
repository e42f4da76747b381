"use client";

import { useState } from "react";
import { api, isApiError, loginFailureType } from "@/lib/api-client";
import { AUTH_TEXT } from "@/lib/auth-rules";
import { safeRedirect } from "@/lib/redirect";
import { refreshServerCart, signedInStore } from "../cart/cart-store";
import { mergeGuestCartAfterSignIn } from "../cart/merge-guest-cart";
import { toast } from "../ui/toaster";
import { useFormAction } from "../ui/use-form-action";
import { Field, SubmitButton, FormMessage } from "./fields";

interface LoginResult {
  ok: boolean;
  message: string;
  /** the address is not confirmed yet: the message offers to send the link again */
  unverified?: boolean;
  redirectTo?: string | null;
}

const CLOSE_AFTER_MS = 1000;

/**
 * The sign-in form of the dialog and of /auth/login: empty fields are refused before sending, a
 * failure is shown in the form and as a toast, and a success merges the guest cart and moves on
 * a second later.
 */
export function LoginForm({ redirect, onSignedIn, onSwitch }: { redirect: string | null; onSignedIn: (to: string) => void; onSwitch?: () => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);

  const form = useFormAction<LoginResult>(
    async () => {
      const body = await api.auth.login({ email, password, remember, redirect: redirect ?? undefined });
      return { ok: true, message: "Login successful! Welcome back.", redirectTo: body.redirectTo };
    },
    {
      busyMessage: "Login already in progress",
      check: () => {
        if (email.trim() && password) return null;
        toast({ title: "Error", description: AUTH_TEXT.fillAll, variant: "destructive" });
        return AUTH_TEXT.fillAll;
      },
      onSuccess: async (result) => {
        await mergeGuestCartAfterSignIn();
        // adds from now on go to the server cart, even before the page re-renders signed in
        signedInStore.set(true);
        void refreshServerCart();
        setTimeout(() => onSignedIn(safeRedirect(redirect ?? result.redirectTo)), CLOSE_AFTER_MS);
      },
      failure: (error) => {
        // the server refused the sign-in: its reason (wrong password, locked, not verified)
        if (isApiError(error) && error.kind === "http") {
          const text = error.serverMessage ?? AUTH_TEXT.loginFailed;
          toast({ title: "Login Failed", description: text, variant: "destructive" });
          return { ok: false, message: text, unverified: error.code === "not-verified" };
        }
        const type = loginFailureType(error);
        const text = type === "TIMEOUT" ? "Login request timed out. Please try again." : type === "NETWORK_ERROR" ? AUTH_TEXT.network : AUTH_TEXT.loginFailed;
        toast({ title: "Login Error", description: text, variant: "destructive" });
        return { ok: false, message: text };
      },
    },
  );

  const resend = async () => {
    const message = await api.auth.resendVerification(email).then(
      (body) => body.message,
      () => AUTH_TEXT.network,
    );
    form.show({ ok: true, message });
  };

  return (
    <form onSubmit={form.submit} noValidate className="space-y-3">
      <Field label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <Field label="Password" type="password" autoComplete="current-password" value={password} onChange={setPassword} />
      <div className="flex items-center justify-between text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} className="h-4 w-4 accent-[var(--brand)]" />
          Remember me
        </label>
        <a href="/auth/forgot-password" className="text-brand hover:underline">
          Forgot password?
        </a>
      </div>
      <FormMessage message={form.message}>
        {form.result?.unverified && (
          <button type="button" onClick={resend} className="ml-1 font-semibold underline">
            Send the link again
          </button>
        )}
      </FormMessage>
      <SubmitButton busy={form.busy} busyText="Signing In...">
        Sign In
      </SubmitButton>
      {onSwitch && (
        <p className="text-center text-sm text-[var(--muted-fg)]">
          No account yet?{" "}
          <button type="button" onClick={onSwitch} className="font-semibold text-brand hover:underline">
            Create one here
          </button>
        </p>
      )}
    </form>
  );
}
