"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import type { TwoFactorSetupResponse } from "@/lib/api-contract";
import { api } from "@/lib/api-client";
import { useErrorText } from "../i18n/error-text";
import { toast } from "../ui/toaster";
import { useFormAction } from "../hooks/use-form-action";
import { SubmitButton } from "../ui/submit-button";
import { FormMessage, TextField } from "../ui/form";

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
  const [password, setPassword] = useState("");
  const t = useTranslations("account.twoFactor");
  const errors = useTranslations("errors");
  const errorText = useErrorText();
  const confirm = useFormAction(
    async () => {
      const { recoveryCodes } = await api.account.twoFactorConfirm({ code, password });
      onEnabled(recoveryCodes);
      return { ok: true, message: t("on") };
    },
    { failure: errors("generic"), check: () => (!code.trim() ? errors("reasons.enterCode") : !password ? t("passwordNeeded") : null) },
  );

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await api.account.twoFactorSetup());
    } catch (error) {
      toast({ title: t("errorTitle"), description: errorText(error), variant: "destructive" });
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className="space-y-3 text-sm">
      {required && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {t("required")}
        </p>
      )}
      <p className="text-[var(--muted-fg)]">{t("intro")}</p>
      {!setup ? (
        <button type="button" className={button} onClick={start} disabled={starting}>
          {starting ? t("preparing") : t("setUp")}
        </button>
      ) : (
        <form noValidate className="space-y-3" onSubmit={confirm.submit}>
          <p>{t("scan")}</p>
          {/* an SVG the server drew from the otpauth URL (no script, no outside address) */}
          <div role="img" aria-label={t("qrLabel")} className="h-44 w-44 bg-white p-1" dangerouslySetInnerHTML={{ __html: setup.qrSvg }} />
          <p>
            {t("typeKey")}{" "}
            <code data-testid="totp-secret" className="rounded bg-[var(--surface)] px-1 font-mono break-all select-all">
              {setup.secret}
            </code>
          </p>
          <p>{t("enterCode")}</p>
          <TextField compact label={t("codeLabel")} autoComplete="one-time-code" inputMode="numeric" value={code} onValueChange={setCode} required />
          <TextField compact label={t("passwordLabel")} type="password" autoComplete="current-password" value={password} onValueChange={setPassword} required />
          <FormMessage message={confirm.message} />
          <SubmitButton block className="text-sm" busy={confirm.busy} busyText={t("checking")}>
            {t("turnOn")}
          </SubmitButton>
        </form>
      )}
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const router = useRouter();
  const t = useTranslations("account.twoFactor");
  return (
    <div className="space-y-3 text-sm">
      <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
        {t("keepCodes")}
      </p>
      <ul data-testid="recovery-codes" aria-label={t("codesLabel")} className="grid grid-cols-2 gap-1 font-mono">
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
        {t("saved")}
      </button>
    </div>
  );
}

function TwoFactorOn({ recoveryCodesLeft, onNewCodes }: { recoveryCodesLeft: number; onNewCodes: (codes: string[]) => void }) {
  const router = useRouter();
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const t = useTranslations("account.twoFactor");
  const errors = useTranslations("errors");
  const confirmation = () => (code.trim() ? { code } : { password });
  const check = () => (code.trim() || password ? null : t("confirmNeeded"));
  const disable = useFormAction(
    async () => {
      await api.account.twoFactorDisable(confirmation());
      return { ok: true, message: t("off") };
    },
    { failure: errors("generic"), check, onSuccess: () => router.refresh() },
  );
  const renew = useFormAction(
    async () => {
      const { recoveryCodes } = await api.account.regenerateRecoveryCodes(confirmation());
      onNewCodes(recoveryCodes);
      return { ok: true, message: t("newCodesMade") };
    },
    { failure: errors("generic"), check },
  );
  return (
    <div className="space-y-3 text-sm">
      <p>{t("status", { count: recoveryCodesLeft })}</p>
      <p className="text-[var(--muted-fg)]">{t("confirmHint")}</p>
      <TextField compact label={t("currentCode")} autoComplete="one-time-code" inputMode="numeric" value={code} onValueChange={setCode} optional />
      <TextField compact label={t("orPassword")} type="password" autoComplete="current-password" value={password} onValueChange={setPassword} optional />
      <FormMessage message={disable.message ?? renew.message} />
      <div className="flex flex-wrap gap-2">
        <button type="button" className={button} disabled={renew.busy} onClick={() => renew.submit()}>
          {t("newCodes")}
        </button>
        <button type="button" className={button} disabled={disable.busy} onClick={() => disable.submit()}>
          {t("turnOff")}
        </button>
      </div>
    </div>
  );
}
