"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { api } from "@/lib/api-client";
import { AUTH_TEXT } from "@/lib/auth-rules";
import { toast } from "../ui/toaster";
import { useFormAction } from "../ui/use-form-action";
import { Field, SubmitButton, FormMessage } from "./fields";
import { PasswordStrength } from "./password-strength";

export function ProfileForm({ profile }: { profile: { fullName: string; phone: string | null; company: string | null } }) {
  const router = useRouter();
  const [fullName, setFullName] = useState(profile.fullName);
  const [phone, setPhone] = useState(profile.phone ?? "");
  const [company, setCompany] = useState(profile.company ?? "");
  const form = useFormAction(
    async () => ({ ok: true, message: (await api.account.saveProfile({ fullName, phone: phone || null, company: company || null })).message }),
    {
      failure: AUTH_TEXT.network,
      onSuccess: () => router.refresh(),
    },
  );
  return (
    <form noValidate className="space-y-3" onSubmit={form.submit}>
      <Field label="Full name" autoComplete="name" value={fullName} onChange={setFullName} />
      <Field label="Phone" type="tel" autoComplete="tel" value={phone} onChange={setPhone} optional />
      <Field label="Company" autoComplete="organization" value={company} onChange={setCompany} optional />
      <FormMessage message={form.message} />
      <SubmitButton busy={form.busy} busyText="Saving...">
        Save profile
      </SubmitButton>
    </form>
  );
}

export function PasswordForm() {
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const [confirmPassword, setConfirm] = useState("");
  const form = useFormAction(
    async () => ({ ok: true, message: (await api.account.changePassword({ currentPassword, newPassword, confirmPassword })).message }),
    {
      failure: AUTH_TEXT.network,
      onSuccess: () => {
        setCurrent("");
        setNew("");
        setConfirm("");
      },
    },
  );
  return (
    <form noValidate className="space-y-3" onSubmit={form.submit}>
      <Field label="Current password" type="password" autoComplete="current-password" value={currentPassword} onChange={setCurrent} />
      <div>
        <Field label="New password" type="password" autoComplete="new-password" value={newPassword} onChange={setNew} />
        <PasswordStrength password={newPassword} />
      </div>
      <Field label="Confirm new password" type="password" autoComplete="new-password" value={confirmPassword} onChange={setConfirm} />
      <FormMessage message={form.message} />
      <SubmitButton busy={form.busy} busyText="Saving...">
        Change password
      </SubmitButton>
    </form>
  );
}

export function SignOutEverywhere({ others }: { others: number }) {
  const router = useRouter();
  return (
    <button
      type="button"
      disabled={others === 0}
      onClick={async () => {
        try {
          const { closed } = await api.account.revokeOtherSessions();
          toast({ title: "Signed out elsewhere", description: `${closed} other session(s) ended.` });
          router.refresh();
        } catch {
          toast({ title: "Error", description: "Could not sign out the other devices. Please try again.", variant: "destructive" });
        }
      }}
      className="rounded-md border border-[var(--border)] px-3 py-2 text-sm font-semibold disabled:opacity-50"
    >
      Sign out everywhere else
    </button>
  );
}
