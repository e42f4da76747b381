"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { LOCALES, LOCALE_NAMES } from "@/lib/locale";
import { useSwitchLocale } from "../i18n/language-switch";
import { toast } from "../ui/toaster";
import { useFormAction } from "../hooks/use-form-action";
import { SubmitButton } from "../ui/submit-button";
import { FormMessage, TextField } from "../ui/form";
import { PasswordStrength } from "./password-strength";

export function ProfileForm({ profile }: { profile: { fullName: string; phone: string | null; company: string | null } }) {
  const router = useRouter();
  const t = useTranslations();
  const [fullName, setFullName] = useState(profile.fullName);
  const [phone, setPhone] = useState(profile.phone ?? "");
  const [company, setCompany] = useState(profile.company ?? "");
  const form = useFormAction(
    async () => {
      await api.account.saveProfile({ fullName, phone: phone || null, company: company || null });
      return { ok: true, message: t("account.profile.saved") };
    },
    {
      failure: t("errors.generic"),
      check: () => (fullName.trim() ? null : t("account.profile.nameRequired")),
      onSuccess: () => router.refresh(),
    },
  );
  return (
    <form noValidate className="space-y-3" onSubmit={form.submit}>
      <TextField compact label={t("auth.fields.fullName")} autoComplete="name" value={fullName} onValueChange={setFullName} required />
      <TextField compact label={t("auth.fields.phone")} type="tel" autoComplete="tel" value={phone} onValueChange={setPhone} optional />
      <TextField compact label={t("auth.fields.company")} autoComplete="organization" value={company} onValueChange={setCompany} optional />
      <FormMessage message={form.message} />
      <SubmitButton block className="text-sm" busy={form.busy} busyText={t("account.profile.saving")}>
        {t("account.profile.save")}
      </SubmitButton>
    </form>
  );
}

/** Changing the password; the hint checks the new one against the shop's name and the account's, as the server does. */
export function PasswordForm({ companyName, fullName, email }: { companyName: string; fullName: string; email: string }) {
  const t = useTranslations();
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const [confirmPassword, setConfirm] = useState("");
  const form = useFormAction(
    async () => {
      await api.account.changePassword({ currentPassword, newPassword, confirmPassword });
      return { ok: true, message: t("account.password.changed") };
    },
    {
      failure: t("errors.generic"),
      onSuccess: () => {
        setCurrent("");
        setNew("");
        setConfirm("");
      },
    },
  );
  return (
    <form noValidate className="space-y-3" onSubmit={form.submit}>
      <TextField
        compact
        label={t("auth.fields.currentPassword")}
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onValueChange={setCurrent}
        required
      />
      <div>
        <TextField
          compact
          label={t("auth.fields.newPassword")}
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onValueChange={setNew}
          required
        />
        <PasswordStrength password={newPassword} companyName={companyName} fullName={fullName} email={email} />
      </div>
      <TextField
        compact
        label={t("auth.fields.confirmNewPassword")}
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        onValueChange={setConfirm}
        required
      />
      <FormMessage message={form.message} />
      <SubmitButton block className="text-sm" busy={form.busy} busyText={t("account.password.saving")}>
        {t("account.password.submit")}
      </SubmitButton>
    </form>
  );
}

/**
 * The account's language: a radio group in each language's own name. Choosing one switches the
 * page at once and remembers the choice in this browser and on the account (POST /api/locale),
 * for the shopper's other devices and e-mails.
 */
export function LanguageSetting() {
  const locale = useLocale();
  const t = useTranslations("account.language");
  const { switchTo, pending } = useSwitchLocale();
  // the choice shows at once; the page re-renders in it a moment later
  const [chosen, setChosen] = useState(locale);
  return (
    <fieldset aria-busy={pending} className="space-y-2 text-sm">
      <legend className="sr-only">{t("heading")}</legend>
      <p className="text-[var(--muted-fg)]">{t("intro")}</p>
      <div className="flex flex-wrap gap-4">
        {LOCALES.map((option) => (
          <label key={option} className="flex items-center gap-2" lang={option}>
            <input
              type="radio"
              name="locale"
              value={option}
              checked={chosen === option}
              onChange={() => {
                setChosen(option);
                switchTo(option);
              }}
              className="h-4 w-4 accent-[var(--brand)]"
            />
            {LOCALE_NAMES[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function SignOutEverywhere({ others }: { others: number }) {
  const router = useRouter();
  const t = useTranslations("account.sessions");
  return (
    <button
      type="button"
      disabled={others === 0}
      onClick={async () => {
        try {
          const { closed } = await api.account.revokeOtherSessions();
          toast({ title: t("signedOutTitle"), description: t("signedOutText", { count: closed }) });
          router.refresh();
        } catch {
          toast({ title: t("errorTitle"), description: t("signOutFailed"), variant: "destructive" });
        }
      }}
      className="rounded-md border border-[var(--border)] px-3 py-2 text-sm font-semibold disabled:opacity-50"
    >
      {t("signOutOthers")}
    </button>
  );
}
