"use client";

import { useState } from "react";
import { api, isApiError, loginFailureType } from "@/lib/api-client";
import { AUTH_TEXT } from "@/lib/auth-rules";
import { safeRedirect } from "@/lib/redirect";
import { TWO_FACTOR_FLAGS, TWO_FACTOR_TEXT } from "@/lib/two-factor";
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

/** Marks in this tab whether a second sign-in step is on screen or was passed (sign-out clears both). */
function setTwoFactorFlag(state: "pending" | "verified" | "none") {
  try {
    sessionStorage.removeItem(TWO_FACTOR_FLAGS.pending);
    if (state === "pending") sessionStorage.setItem(TWO_FACTOR_FLAGS.pending, "1");
    if (state === "verified") sessionStorage.setItem(TWO_FACTOR_FLAGS.verified, "1");
  } catch {
    // storage can be off (private modes); the flags are only hints for this tab
  }
}

/** The message and toast of a refused or failed sign-in step. */
function loginFailure(error: unknown): LoginResult {
  // the server refused the sign-in: its reason (wrong password or code, locked, not verified)
  if (isApiError(error) && error.kind === "http") {
    const text = error.serverMessage ?? AUTH_TEXT.loginFailed;
    toast({ title: "Login Failed", description: text, variant: "destructive" });
    return { ok: false, message: text, unverified: error.code === "not-verified" };
  }
  const type = loginFailureType(error);
  const text = type === "TIMEOUT" ? "Login request timed out. Please try again." : type === "NETWORK_ERROR" ? AUTH_TEXT.network : AUTH_TEXT.loginFailed;
  toast({ title: "Login Error", description: text, variant: "destructive" });
  return { ok: false, message: text };
}

/**
 * The sign-in form of the dialog and of /auth/login: empty fields are refused before sending, a
 * failure is shown in the form and as a toast, and a success merges the guest cart and moves on
 * a second later. An account with two-step sign-in gets a second step for its code in between.
 */
export function LoginForm({ redirect, onSignedIn, onSwitch }: { redirect: string | null; onSignedIn: (to: string) => void; onSwitch?: () => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);

  const signedIn = async (result: LoginResult) => {
    await mergeGuestCartAfterSignIn();
    // adds from now on go to the server cart, even before the page re-renders signed in
    signedInStore.set(true);
    void refreshServerCart();
    setTimeout(() => onSignedIn(safeRedirect(redirect ?? result.redirectTo)), CLOSE_AFTER_MS);
  };

  const form = useFormAction<LoginResult>(
    async () => {
      const body = await api.auth.login({ email, password, remember, redirect: redirect ?? undefined });
      if (!body.success) {
        // the password was right; the account's code comes next (no message: the next step explains itself)
        setTwoFactorFlag("pending");
        setChallenge(body.challenge);
        return { ok: false, message: "" };
      }
      return { ok: true, message: "Login successful! Welcome back.", redirectTo: body.redirectTo };
    },
    {
      busyMessage: "Login already in progress",
      check: () => {
        if (email.trim() && password) return null;
        toast({ title: "Error", description: AUTH_TEXT.fillAll, variant: "destructive" });
        return AUTH_TEXT.fillAll;
      },
      onSuccess: signedIn,
      failure: loginFailure,
    },
  );

  const resend = async () => {
    const message = await api.auth.resendVerification(email).then(
      (body) => body.message,
      () => AUTH_TEXT.network,
    );
    form.show({ ok: true, message });
  };

  if (challenge)
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={signedIn}
        onRestart={(message) => {
          setTwoFactorFlag("none");
          setChallenge(null);
          setPassword("");
          form.show({ ok: false, message });
        }}
      />
    );

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
      <FormMessage message={form.message?.text ? form.message : null}>
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

/** The second step: the code from the authenticator app (or a recovery code), sent with the challenge. */
function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (result: LoginResult) => Promise<void>;
  onRestart: (message: string) => void;
}) {
  const [code, setCode] = useState("");
  const form = useFormAction<LoginResult>(
    async () => {
      const body = await api.auth.loginTwoFactor({ challenge, code });
      setTwoFactorFlag("verified");
      return { ok: true, message: "Login successful! Welcome back.", redirectTo: body.redirectTo };
    },
    {
      busyMessage: "Login already in progress",
      check: () => (code.trim() ? null : TWO_FACTOR_TEXT.enterCode),
      onSuccess: onSignedIn,
      failure: (error) => {
        // too late or already used: back to the password, which starts a new challenge
        if (isApiError(error, "sign-in-expired")) onRestart(error.serverMessage ?? TWO_FACTOR_TEXT.expired);
        return loginFailure(error);
      },
    },
  );
  return (
    <form onSubmit={form.submit} noValidate className="space-y-3" aria-label="Two-step sign-in">
      <p className="text-sm">{TWO_FACTOR_TEXT.prompt}</p>
      <Field label="Verification code" autoComplete="one-time-code" inputMode="text" value={code} onChange={setCode} />
      <FormMessage message={form.message} />
      <SubmitButton busy={form.busy} busyText="Checking...">
        Verify
      </SubmitButton>
      <button type="button" onClick={() => onRestart("")} className="w-full text-center text-sm text-[var(--muted-fg)] hover:underline">
        Back to the password
      </button>
    </form>
  );
}
