import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { DATE_FORMATS } from "@/lib/date-format";
import { formatTanzanianPhone } from "@/lib/phone";
import { AppearanceSettings } from "@/components/account/appearance-settings";
import { NotificationSettings } from "@/components/account/notification-settings";
import { TextMessageSettings } from "@/components/account/text-message-settings";
import { LanguageSetting, PasswordForm, SignOutEverywhere } from "@/components/auth/account-panel";
import { TwoFactorPanel } from "@/components/auth/two-factor-panel";
import { deviceName } from "@/components/i18n/device-name";
import { serverFormatter } from "@/components/i18n/request-intl";
import { getServices } from "@/server/services";
import { getTranslator, languageAlternates } from "../../i18n";
import { loadSessionUser } from "../../session";
import { loadSiteSettings } from "../../site-settings";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("account.meta");
  return { title: t("settings"), description: t("settingsDescription"), alternates: languageAlternates("/account/settings"), robots: { index: false } };
}

/** The account's settings: password, language, theme and currency, notifications, text messages, two-step sign-in, sessions. */
export default async function AccountSettingsPage() {
  const user = await loadSessionUser();
  if (!user) redirect("/auth/login?redirect=/account/settings");
  const t = await getTranslator("account");
  const format = serverFormatter();
  const when = (date: Date) => format.dateTime(date, DATE_FORMATS.dateTime);
  const { auth, preferences, textMessages } = await getServices();
  const [sessions, twoFactor, required, notifications, settings, texts] = await Promise.all([
    auth.listSessions(user.id),
    auth.twoFactorStatus(user.id),
    auth.mustEnrolTwoFactor(user),
    preferences.notifications(user.id, user.email),
    loadSiteSettings(),
    textMessages.choices(user.profile.phone),
  ]);
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-6 md:grid-cols-2">
      <div className="md:col-span-2">
        <Link href="/account" className="text-sm text-brand hover:underline">
          {t("settings.toProfile")}
        </Link>
        <h1 className="mt-1 text-xl font-bold">{t("settings.title")}</h1>
        <p className="text-sm text-[var(--muted-fg)]">{user.email}</p>
      </div>
      <section aria-labelledby="password-heading">
        <h2 id="password-heading" className="mb-4 text-lg font-semibold">
          {t("password.heading")}
        </h2>
        <PasswordForm companyName={settings.companyName} fullName={user.name ?? ""} email={user.email} />
      </section>
      <div className="space-y-8">
        <section id="language" aria-labelledby="language-heading">
          <h2 id="language-heading" className="mb-2 text-lg font-semibold">
            {t("language.heading")}
          </h2>
          <LanguageSetting />
        </section>
        <section id="appearance" aria-labelledby="appearance-heading">
          <h2 id="appearance-heading" className="mb-2 text-lg font-semibold">
            {t("appearance.heading")}
          </h2>
          <AppearanceSettings />
        </section>
      </div>
      <section id="notifications" aria-labelledby="notifications-heading" className="md:col-span-2">
        <h2 id="notifications-heading" className="mb-2 text-lg font-semibold">
          {t("notifications.heading")}
        </h2>
        <NotificationSettings email={user.email} initial={notifications} />
      </section>
      <section id="text-messages" aria-labelledby="text-messages-heading" className="scroll-mt-24 md:col-span-2">
        <h2 id="text-messages-heading" className="mb-2 text-lg font-semibold">
          {t("textMessages.heading")}
        </h2>
        <TextMessageSettings initial={texts} phoneLabel={texts.phone ? formatTanzanianPhone(texts.phone) : null} />
      </section>
      <section id="two-factor" aria-labelledby="two-factor-heading" className="scroll-mt-24 md:col-span-2">
        <h2 id="two-factor-heading" className="mb-2 text-lg font-semibold">
          {t("twoFactor.heading")}
        </h2>
        <TwoFactorPanel enabled={twoFactor.enabled} recoveryCodesLeft={twoFactor.recoveryCodesLeft} required={required} />
      </section>
      <section aria-labelledby="sessions-heading" className="md:col-span-2">
        <h2 id="sessions-heading" className="text-lg font-semibold">
          {t("sessions.heading")}
        </h2>
        <ul className="my-3 divide-y divide-[var(--border)] text-sm">
          {sessions.map((s) => (
            <li key={s.id} className="py-2">
              <span className="font-medium break-words" title={s.userAgent ?? undefined}>
                {deviceName(s.userAgent)}
              </span>
              {s.id === user.sessionId && <span className="ml-2 rounded bg-emerald-100 px-1.5 text-xs text-emerald-900">{t("sessions.thisDevice")}</span>}
              <br />
              <span className="text-[var(--muted-fg)]">
                {t("sessions.details", { ip: s.ip ?? t("sessions.unknownAddress"), signedIn: when(s.createdAt), lastSeen: when(s.lastSeenAt) })}
              </span>
            </li>
          ))}
        </ul>
        <SignOutEverywhere others={sessions.filter((s) => s.id !== user.sessionId).length} />
      </section>
    </div>
  );
}
