"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { SECURITY_LOCK_REASON_MAX } from "@/lib/security-log";
import { FormMessage, TextField } from "../ui/form";
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogTrigger } from "../ui/dialog";
import { useFormAction } from "../hooks/use-form-action";
import { useHydrated } from "../hooks/use-hydrated";
import { SubmitButton } from "../ui/submit-button";
import { buttonClass } from "../ui/button";

/**
 * Locks an account by its e-mail address (typed, or `email` for a customer's own page), with the
 * reason the security log keeps: it cannot sign in and its sessions end at once. The server refuses
 * an unknown address or the admin's own.
 */
export function LockAccountForm({ email: fixedEmail }: { email?: string }) {
  const t = useTranslations("admin.siem");
  const router = useRouter();
  const [typedEmail, setEmail] = useState("");
  const email = fixedEmail ?? typedEmail;
  const [reason, setReason] = useState("");
  const send = useFormAction(
    async () => {
      const answer = await api.adminSecurity.lock(email.trim(), reason.trim());
      return { ok: true, message: t("lockedDone", { email: answer.email, sessions: answer.sessionsEnded }) };
    },
    {
      failure: t("lockFailed"),
      check: () => (!email.trim() ? t("needEmail") : !reason.trim() ? t("needReason") : null),
      onSuccess: () => {
        setEmail("");
        setReason("");
        router.refresh();
      },
    },
  );
  return (
    <form
      onSubmit={send.submit}
      noValidate
      className={`grid gap-3 text-sm sm:items-end ${fixedEmail === undefined ? "sm:grid-cols-[1fr_2fr_auto]" : "sm:grid-cols-[2fr_auto]"}`}
      aria-labelledby="lock-heading"
    >
      <h3 id="lock-heading" className="font-semibold sm:col-span-full">
        {t("lockTitle")}
      </h3>
      {fixedEmail === undefined && (
        <TextField
          name="lock-email"
          label={t("lockEmail")}
          type="email"
          autoComplete="off"
          value={typedEmail}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
      )}
      <TextField
        name="lock-reason"
        label={t("lockReason")}
        maxLength={SECURITY_LOCK_REASON_MAX}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
      />
      <SubmitButton variant="danger" size="lg" busy={send.busy} busyText={t("locking")}>
        {t("lock")}
      </SubmitButton>
      <div className="sm:col-span-full" aria-live="polite">
        <FormMessage message={send.message} />
      </div>
    </form>
  );
}

/** Opens a locked account (an administrator's lock, or a lock of wrong passwords or codes), after asking. */
export function UnlockAccountButton({ email }: { email: string }) {
  const t = useTranslations("admin.siem");
  const router = useRouter();
  // the dialog opens by script: until the page's scripts run, a press would be lost
  const hydrated = useHydrated();
  const send = useFormAction(
    async () => {
      await api.adminSecurity.unlock(email);
      return { ok: true, message: t("unlockedDone", { email }) };
    },
    { failure: t("unlockFailed"), onSuccess: () => router.refresh() },
  );
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <button
            type="button"
            disabled={!hydrated || send.busy}
            className="h-9 rounded-lg border border-[var(--border)] px-3 font-semibold disabled:opacity-70"
            aria-label={t("unlockLabel", { email })}
          >
            {send.busy ? t("unlocking") : t("unlock")}
          </button>
        </AlertDialogTrigger>
        <AlertDialogContent title={t("unlockConfirmTitle")} description={t("unlockConfirmText", { email })}>
          <div className="mt-4 flex justify-end gap-2">
            <AlertDialogCancel className={buttonClass({ variant: "secondary" })}>{t("cancel")}</AlertDialogCancel>
            <AlertDialogAction className={buttonClass()} onClick={() => send.submit()}>
              {t("unlock")}
            </AlertDialogAction>
          </div>
        </AlertDialogContent>
      </AlertDialog>
      <FormMessage message={send.message} />
    </span>
  );
}
