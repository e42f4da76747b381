"use client";

import { useRef, useState } from "react";
import { AUTH_TEXT } from "@/lib/auth-rules";
import { refreshServerCart, signedInStore } from "../cart/cart-store";
import { mergeGuestCartAfterSignIn } from "../cart/merge-guest-cart";
import { toast } from "../ui/toaster";
import { NetworkFailure, RequestTimeout, postJson } from "./post-json";
import { Field, SubmitButton, FormMessage } from "./fields";

interface LoginAnswer {
  success?: boolean;
  error?: string | null;
  type?: string | null;
  redirectTo?: string | null;
}

const CLOSE_AFTER_MS = 1000;

/** The sign-in form of the dialog and of /auth/login (§2.3, §4.1, §8). */
export function LoginForm({ redirect, onSignedIn, onSwitch }: { redirect: string | null; onSignedIn: (to: string) => void; onSwitch?: () => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string; unverified?: boolean } | null>(null);
  const inFlight = useRef(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (inFlight.current) {
      setMessage({ tone: "error", text: "Login already in progress" });
      return;
    }
    if (!email.trim() || !password) {
      toast({ title: "Error", description: AUTH_TEXT.fillAll, variant: "destructive" });
      setMessage({ tone: "error", text: AUTH_TEXT.fillAll });
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setMessage(null);
    try {
      const { body } = await postJson<LoginAnswer>("/api/auth/login", { email, password, remember, redirect: redirect ?? undefined });
      if (body.success) {
        setMessage({ tone: "success", text: "Login successful! Welcome back." });
        await mergeGuestCartAfterSignIn();
        // adds from now on go to the server cart, even before the page re-renders signed in
        signedInStore.set(true);
        void refreshServerCart();
        setTimeout(() => onSignedIn(redirect ?? body.redirectTo ?? "/"), CLOSE_AFTER_MS);
        return;
      }
      const text = body.error || AUTH_TEXT.loginFailed;
      setMessage({ tone: "error", text, unverified: body.type === "NOT_VERIFIED" });
      toast({ title: "Login Failed", description: text, variant: "destructive" });
    } catch (error) {
      const text = error instanceof RequestTimeout ? "Login request timed out. Please try again." : error instanceof NetworkFailure ? AUTH_TEXT.network : AUTH_TEXT.loginFailed;
      setMessage({ tone: "error", text });
      toast({ title: "Login Error", description: text, variant: "destructive" });
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const resend = async () => {
    const { body } = await postJson<{ message?: string }>("/api/auth/resend-verification", { email }).catch(() => ({ body: { message: AUTH_TEXT.network } }));
    setMessage({ tone: "success", text: body.message ?? "Please check your inbox." });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
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
      <FormMessage message={message}>
        {message?.unverified && (
          <button type="button" onClick={resend} className="ml-1 font-semibold underline">
            Send the link again
          </button>
        )}
      </FormMessage>
      <SubmitButton busy={busy} busyText="Signing In...">
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
