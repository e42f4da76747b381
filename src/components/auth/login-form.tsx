"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { api, isApiError, loginFailureType } from "@/lib/api-client";
import { safeRedirect } from "@/lib/redirect";
import { TWO_FACTOR_FLAGS } from "@/lib/two-factor";
import { useErrorText } from "../i18n/error-text";
import { refreshServerCart, signedInStore } from "../cart/cart-store";
import { mergeGuestCartAfterSignIn } from "../cart/merge-guest-cart";
import { toast } from "../ui/toaster";
import { useFormAction } from "../hooks/use-form-action";
import { SubmitButton } from "../ui/submit-button";
import { FormMessage, TextField } from "../ui/form";

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

/** The message and toast of a refused or failed sign-in step, in the page's language. */
function useLoginFailure() {
  const t = useTranslations("auth.login");
  const errorText = useErrorText();
  return (error: unknown): LoginResult => {
    // the server refused the sign-in: its reason (wrong password or code, locked, not verified)
    if (isApiError(error) && error.kind === "http") {
      const text = errorText(error, t("failed"));
      toast({ title: t("failedTitle"), description: text, variant: "destructive" });
      return { ok: false, message: text, unverified: error.code === "not-verified" };
    }
    const type = loginFailureType(error);
    const text = type === "TIMEOUT" ? t("timeout") : type === "NETWORK_ERROR" ? errorText(error) : t("failed");
    toast({ title: t("errorTitle"), description: text, variant: "destructive" });
    return { ok: false, message: text };
  };
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
  const t = useTranslations("auth");
  const reasons = useTranslations("errors.reasons");
  const errorText = useErrorText();
  const loginFailure = useLoginFailure();

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
      return { ok: true, message: t("login.success"), redirectTo: body.redirectTo };
    },
    {
      busyMessage: t("login.inProgress"),
      check: () => {
        if (email.trim() && password) return null;
        const text = reasons("fillAll");
        toast({ title: t("login.emptyTitle"), description: text, variant: "destructive" });
        return text;
      },
      onSuccess: signedIn,
      failure: loginFailure,
    },
  );

  const resend = async () => {
    // the answer is the same whatever the address: the catalogue's words for it, in the page's language
    const result = await api.auth.resendVerification(email, redirect).then(
      () => ({ ok: true, message: t("messages.resent") }),
      (error: unknown) => ({ ok: false, message: errorText(error) }),
    );
    form.show(result);
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
      <TextField compact label={t("fields.email")} type="email" autoComplete="email" value={email} onValueChange={setEmail} required />
      <TextField compact label={t("fields.password")} type="password" autoComplete="current-password" value={password} onValueChange={setPassword} required />
      <div className="flex items-center justify-between text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} className="h-4 w-4 accent-[var(--brand)]" />
          {t("login.rememberMe")}
        </label>
        <a href="/auth/forgot-password" className="text-brand hover:underline">
          {t("login.forgotPassword")}
        </a>
      </div>
      <FormMessage message={form.message?.text ? form.message : null}>
        {form.result?.unverified && (
          <button type="button" onClick={resend} className="ml-1 font-semibold underline">
            {t("login.resendLink")}
          </button>
        )}
      </FormMessage>
      <SubmitButton block className="text-sm" busy={form.busy} busyText={t("login.submitting")}>
        {t("login.submit")}
      </SubmitButton>
      {onSwitch && (
        <p className="text-center text-sm text-[var(--muted-fg)]">
          {t.rich("login.noAccount", {
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
  const t = useTranslations("auth");
  const reasons = useTranslations("errors.reasons");
  const errorText = useErrorText();
  const loginFailure = useLoginFailure();
  const form = useFormAction<LoginResult>(
    async () => {
      const body = await api.auth.loginTwoFactor({ challenge, code });
      setTwoFactorFlag("verified");
      return { ok: true, message: t("login.success"), redirectTo: body.redirectTo };
    },
    {
      busyMessage: t("login.inProgress"),
      check: () => (code.trim() ? null : reasons("enterCode")),
      onSuccess: onSignedIn,
      failure: (error) => {
        // too late or already used: back to the password, which starts a new challenge
        if (isApiError(error, "sign-in-expired")) onRestart(errorText(error));
        return loginFailure(error);
      },
    },
  );
  return (
    <form onSubmit={form.submit} noValidate className="space-y-3" aria-label={t("twoFactor.formLabel")}>
      <p className="text-sm">{t("twoFactor.prompt")}</p>
      <TextField compact label={t("twoFactor.codeLabel")} autoComplete="one-time-code" inputMode="text" value={code} onValueChange={setCode} required />
      <FormMessage message={form.message} />
      <SubmitButton block className="text-sm" busy={form.busy} busyText={t("twoFactor.checking")}>
        {t("twoFactor.submit")}
      </SubmitButton>
      <button type="button" onClick={() => onRestart("")} className="w-full text-center text-sm text-[var(--muted-fg)] hover:underline">
        {t("twoFactor.back")}
      </button>
    </form>
  );
}
