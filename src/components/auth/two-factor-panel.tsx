"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { TwoFactorSetupResponse } from "@/lib/api-contract";
import { api } from "@/lib/api-client";
import { AUTH_TEXT } from "@/lib/auth-rules";
import { TWO_FACTOR_TEXT } from "@/lib/two-factor";
import { toast } from "../ui/toaster";
import { failureMessage, useFormAction } from "../ui/use-form-action";
import { Field, FormMessage, SubmitButton } from "./fields";

const button = "rounded-md border border-[var(--border)] px-3 py-2 text-sm font-semibold disabled:opacity-50";

/**
 * Two-step sign-in on the account page: set it up (QR code or typed secret, then a code from the
 * app), see the recovery codes once, turn it off or renew the codes (each confirmed by a current
 * code or the password).
 */
export function TwoFactorPanel({ enabled, recoveryCodesLeft, required }: { enabled: boolean; recoveryCodesLeft: number; required: boolean }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  if (enabled) return <TwoFactorOn recoveryCodesLeft={recoveryCodesLeft} onNewCodes={setCodes} />;
  return <TwoFactorSetup required={required} onEnabled={setCodes} />;
}

function TwoFactorSetup({ required, onEnabled }: { required: boolean; onEnabled: (codes: string[]) => void }) {
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [starting, setStarting] = useState(false);
  const [code, setCode] = useState("");
  const confirm = useFormAction(
    async () => {
      const { recoveryCodes } = await api.account.twoFactorConfirm(code);
      onEnabled(recoveryCodes);
      return { ok: true, message: "Two-step sign-in is on." };
    },
    { failure: AUTH_TEXT.network, check: () => (code.trim() ? null : TWO_FACTOR_TEXT.enterCode) },
  );

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await api.account.twoFactorSetup());
    } catch (error) {
      toast({ title: "Error", description: failureMessage(error, AUTH_TEXT.network), variant: "destructive" });
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className="space-y-3 text-sm">
      {required && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {TWO_FACTOR_TEXT.required}
        </p>
      )}
      <p className="text-[var(--muted-fg)]">
        Two-step sign-in asks for a code from an authenticator app (such as Google Authenticator, Microsoft Authenticator or Aegis) after your password, so a
        stolen password alone cannot open your account.
      </p>
      {!setup ? (
        <button type="button" className={button} onClick={start} disabled={starting}>
          {starting ? "Preparing..." : "Set up two-step sign-in"}
        </button>
      ) : (
        <form noValidate className="space-y-3" onSubmit={confirm.submit}>
          <p>1. Scan this code with your authenticator app:</p>
          {/* an SVG the server drew from the otpauth URL (no script, no outside address) */}
          <div
            role="img"
            aria-label="QR code for your authenticator app"
            className="h-44 w-44 bg-white p-1"
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
          <p>
            Or type this key into the app by hand:{" "}
            <code data-testid="totp-secret" className="rounded bg-[var(--surface)] px-1 font-mono break-all select-all">
              {setup.secret}
            </code>
          </p>
          <p>2. Enter the 6-digit code the app shows:</p>
          <Field label="Code from your app" autoComplete="one-time-code" inputMode="numeric" value={code} onChange={setCode} />
          <FormMessage message={confirm.message} />
          <SubmitButton busy={confirm.busy} busyText="Checking...">
            Turn on two-step sign-in
          </SubmitButton>
        </form>
      )}
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const router = useRouter();
  return (
    <div className="space-y-3 text-sm">
      <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
        Two-step sign-in is on. {TWO_FACTOR_TEXT.keepCodes}
      </p>
      <ul data-testid="recovery-codes" aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <button
        type="button"
        className={button}
        onClick={() => {
          onDone();
          router.refresh();
        }}
      >
        I have saved my recovery codes
      </button>
    </div>
  );
}

function TwoFactorOn({ recoveryCodesLeft, onNewCodes }: { recoveryCodesLeft: number; onNewCodes: (codes: string[]) => void }) {
  const router = useRouter();
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const confirmation = () => (code.trim() ? { code } : { password });
  const check = () => (code.trim() || password ? null : "Please enter a current code from your app, or your password.");
  const disable = useFormAction(
    async () => {
      const { message } = await api.account.twoFactorDisable(confirmation());
      return { ok: true, message };
    },
    { failure: AUTH_TEXT.network, check, onSuccess: () => router.refresh() },
  );
  const renew = useFormAction(
    async () => {
      const { recoveryCodes } = await api.account.regenerateRecoveryCodes(confirmation());
      onNewCodes(recoveryCodes);
      return { ok: true, message: "New recovery codes made." };
    },
    { failure: AUTH_TEXT.network, check },
  );
  return (
    <div className="space-y-3 text-sm">
      <p>
        Two-step sign-in is on. {recoveryCodesLeft} unused recovery code{recoveryCodesLeft === 1 ? "" : "s"} left.
      </p>
      <p className="text-[var(--muted-fg)]">To turn it off or make new recovery codes, confirm with a current code or your password.</p>
      <Field label="Current code" autoComplete="one-time-code" inputMode="numeric" value={code} onChange={setCode} optional />
      <Field label="Or your password" type="password" autoComplete="current-password" value={password} onChange={setPassword} optional />
      <FormMessage message={disable.message ?? renew.message} />
      <div className="flex flex-wrap gap-2">
        <button type="button" className={button} disabled={renew.busy} onClick={() => renew.submit()}>
          New recovery codes
        </button>
        <button type="button" className={button} disabled={disable.busy} onClick={() => disable.submit()}>
          Turn off two-step sign-in
        </button>
      </div>
    </div>
  );
}
