"use client";

import { useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import type { NotificationChoicesResponse } from "@/lib/api-contract";
import { api } from "@/lib/api-client";
import { DATE_FORMATS } from "@/lib/date-format";
import { TOAST_MS, toast } from "../ui/toaster";

/**
 * Notification choices: order e-mails (always on, and said so), the newsletter (the footer's list,
 * by the account's address, with its confirmation e-mail) and marketing consent with its date.
 */
export function NotificationSettings({ email, initial }: { email: string; initial: NotificationChoicesResponse }) {
  const t = useTranslations("account.notifications");
  const format = useFormatter();
  const [choices, setChoices] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function change(body: { newsletter?: boolean; marketing?: boolean }) {
    setBusy(true);
    try {
      setChoices(await api.preferences.setNotifications(body));
      toast({ title: t("saved") });
    } catch {
      toast({ title: t("failed"), variant: "destructive", duration: TOAST_MS.error });
    } finally {
      setBusy(false);
    }
  }

  const row = "flex items-start gap-3 py-3";
  const box = "mt-0.5 h-5 w-5 shrink-0 accent-[var(--brand)]";
  return (
    <div className="divide-y divide-[var(--border)] text-sm" aria-busy={busy}>
      <label className={row}>
        <input type="checkbox" checked disabled className={box} aria-describedby="order-updates-note" />
        <span>
          <span className="block font-medium">{t("orderUpdates")}</span>
          <span id="order-updates-note" className="block text-[var(--muted-fg)]">
            {t("orderUpdatesNote")}
          </span>
        </span>
      </label>
      <label className={row}>
        <input
          type="checkbox"
          checked={choices.newsletter !== "none"}
          disabled={busy}
          onChange={(e) => void change({ newsletter: e.target.checked })}
          className={box}
          aria-describedby="newsletter-note"
        />
        <span>
          <span className="block font-medium">{t("newsletter")}</span>
          <span id="newsletter-note" className="block text-[var(--muted-fg)]">
            {choices.newsletter === "unconfirmed"
              ? t("newsletterPending", { email })
              : choices.newsletter === "confirmed"
                ? `${t("newsletterOn")} ${t("newsletterNote", { email })}`
                : t("newsletterNote", { email })}
          </span>
        </span>
      </label>
      <label className={row}>
        <input
          type="checkbox"
          checked={choices.marketing.consent}
          disabled={busy}
          onChange={(e) => void change({ marketing: e.target.checked })}
          className={box}
          aria-describedby="marketing-note"
        />
        <span>
          <span className="block font-medium">{t("marketing")}</span>
          <span id="marketing-note" className="block text-[var(--muted-fg)]">
            {t("marketingNote")}
            {choices.marketing.since && ` ${t("marketingSince", { date: format.dateTime(new Date(choices.marketing.since), DATE_FORMATS.longDate) })}`}
          </span>
        </span>
      </label>
    </div>
  );
}
