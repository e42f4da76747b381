"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "../ui/toaster";
import { Field, SubmitButton, FormMessage } from "./fields";
import { postJson } from "./post-json";

type Message = { tone: "error" | "success"; text: string } | null;

async function send(url: string, body: unknown, setMessage: (m: Message) => void): Promise<boolean> {
  try {
    const res = await postJson<{ success?: boolean; message?: string; error?: string }>(url, body);
    setMessage(res.body.success ? { tone: "success", text: res.body.message ?? "Saved" } : { tone: "error", text: res.body.error ?? `HTTP ${res.status}` });
    return Boolean(res.body.success);
  } catch {
    setMessage({ tone: "error", text: "Network error. Please check your connection and try again." });
    return false;
  }
}

export function ProfileForm({ profile }: { profile: { fullName: string; phone: string | null; company: string | null } }) {
  const router = useRouter();
  const [fullName, setFullName] = useState(profile.fullName);
  const [phone, setPhone] = useState(profile.phone ?? "");
  const [company, setCompany] = useState(profile.company ?? "");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        if (await send("/api/account/profile", { fullName, phone: phone || null, company: company || null }, setMessage)) router.refresh();
        setBusy(false);
      }}
    >
      <Field label="Full name" autoComplete="name" value={fullName} onChange={setFullName} />
      <Field label="Phone" type="tel" autoComplete="tel" value={phone} onChange={setPhone} optional />
      <Field label="Company" autoComplete="organization" value={company} onChange={setCompany} optional />
      <FormMessage message={message} />
      <SubmitButton busy={busy} busyText="Saving...">
        Save profile
      </SubmitButton>
    </form>
  );
}

export function PasswordForm() {
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const [confirmPassword, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        if (await send("/api/account/password", { currentPassword, newPassword, confirmPassword }, setMessage)) {
          setCurrent("");
          setNew("");
          setConfirm("");
        }
        setBusy(false);
      }}
    >
      <Field label="Current password" type="password" autoComplete="current-password" value={currentPassword} onChange={setCurrent} />
      <Field label="New password" type="password" autoComplete="new-password" value={newPassword} onChange={setNew} />
      <Field label="Confirm new password" type="password" autoComplete="new-password" value={confirmPassword} onChange={setConfirm} />
      <FormMessage message={message} />
      <SubmitButton busy={busy} busyText="Saving...">
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
          const { body } = await postJson<{ success?: boolean; closed?: number }>("/api/account/sessions/revoke-others", {});
          if (!body.success) throw new Error();
          toast({ title: "Signed out elsewhere", description: `${body.closed ?? 0} other session(s) ended.` });
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
