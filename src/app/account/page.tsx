import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PasswordForm, ProfileForm, SignOutEverywhere } from "@/components/auth/account-panel";
import { TwoFactorPanel } from "@/components/auth/two-factor-panel";
import { getServices } from "@/server/services";
import { loadSessionUser } from "../session";

export const metadata: Metadata = { title: "Your account", robots: { index: false } };

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Dar_es_Salaam" });

export default async function AccountPage() {
  const user = await loadSessionUser();
  if (!user) redirect("/auth/login?redirect=/account");
  const { auth } = await getServices();
  const [sessions, twoFactor, required] = await Promise.all([auth.listSessions(user.id), auth.twoFactorStatus(user.id), auth.mustEnrolTwoFactor(user)]);
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-6 md:grid-cols-2">
      <section aria-labelledby="profile-heading">
        <h1 id="profile-heading" className="text-xl font-bold">
          Your account
        </h1>
        <p className="mb-4 text-sm text-[var(--muted-fg)]">{user.email}</p>
        <ProfileForm profile={user.profile} />
      </section>
      <section aria-labelledby="password-heading">
        <h2 id="password-heading" className="mb-4 text-lg font-semibold">
          Password
        </h2>
        <PasswordForm />
      </section>
      <section id="two-factor" aria-labelledby="two-factor-heading" className="scroll-mt-24 md:col-span-2">
        <h2 id="two-factor-heading" className="mb-2 text-lg font-semibold">
          Two-step sign-in
        </h2>
        <TwoFactorPanel enabled={twoFactor.enabled} recoveryCodesLeft={twoFactor.recoveryCodesLeft} required={required} />
      </section>
      <section aria-labelledby="sessions-heading" className="md:col-span-2">
        <h2 id="sessions-heading" className="text-lg font-semibold">
          Where you are signed in
        </h2>
        <ul className="my-3 divide-y divide-[var(--border)] text-sm">
          {sessions.map((s) => (
            <li key={s.id} className="py-2">
              <span className="font-medium">{s.userAgent ?? "Unknown browser"}</span>
              {s.id === user.sessionId && <span className="ml-2 rounded bg-emerald-100 px-1.5 text-xs text-emerald-900">this device</span>}
              <br />
              <span className="text-[var(--muted-fg)]">
                {s.ip ?? "unknown address"} · signed in {when.format(s.createdAt)} · last seen {when.format(s.lastSeenAt)}
              </span>
            </li>
          ))}
        </ul>
        <SignOutEverywhere others={sessions.filter((s) => s.id !== user.sessionId).length} />
      </section>
    </div>
  );
}
