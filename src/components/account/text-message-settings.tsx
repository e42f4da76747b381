"use client";

import Link from "next/link";
import { useState } from "react";
import { useTranslations } from "use-intl";
import type { MessagePreferencesRequest, MessagePreferencesResponse } from "@/lib/api-contract";
import { api } from "@/lib/api-client";
import { TOAST_MS, toast } from "../ui/toaster";

/**
 * The account's text-message choices for the number on its profile: order updates by SMS (on
 * unless stopped), the same updates also on WhatsApp (off until chosen), offers and news by SMS
 * (off until consented; they need SMS on). Each change is saved at once and honoured at once. With
 * no Tanzanian mobile number on the profile there is nothing to choose: it says where to add one.
 */
export function TextMessageSettings({ initial, phoneLabel }: { initial: MessagePreferencesResponse; phoneLabel: string | null }) {
  const t = useTranslations("account.textMessages");
  const [choices, setChoices] = useState(initial);
  const [busy, setBusy] = useState(false);

  if (!initial.phone)
    return (
      <p className="text-sm" data-testid="text-messages-no-phone">
        {t("noPhone")}{" "}
        <Link href="/account" className="font-semibold text-brand hover:underline">
          {t("noPhoneLink")}
        </Link>
      </p>
    );

  // the box shows the choice at once; the server's answer then stands (or the old choice, if it failed)
  async function change(body: MessagePreferencesRequest) {
    const before = choices;
    setChoices({ ...choices, ...body });
    setBusy(true);
    try {
      setChoices(await api.textMessages.setChoices(body));
      toast({ title: t("saved") });
    } catch {
      setChoices(before);
      toast({ title: t("failed"), variant: "destructive", duration: TOAST_MS.error });
    } finally {
      setBusy(false);
    }
  }

  const row = "flex items-start gap-3 py-3";
  const box = "mt-0.5 h-5 w-5 shrink-0 accent-[var(--brand)]";
  const options = [
    { key: "sms", checked: choices.sms, disabled: false },
    { key: "whatsapp", checked: choices.whatsapp, disabled: false },
    // offers go by SMS: with SMS stopped they could not come, whatever the consent
    { key: "marketing", checked: choices.marketing && choices.sms, disabled: !choices.sms },
  ] as const;
  return (
    <div className="text-sm" aria-busy={busy} data-testid="text-message-settings">
      <p className="text-[var(--muted-fg)]">{t("intro", { phone: (phoneLabel ?? initial.phone).replace(/ /g, "\u00a0") })}</p>
      <div className="divide-y divide-[var(--border)]">
        {options.map(({ key, checked, disabled }) => (
          <label key={key} className={row}>
            <input
              type="checkbox"
              name={`text-${key}`}
              checked={checked}
              disabled={busy || disabled}
              onChange={(e) => void change({ [key]: e.target.checked })}
              className={box}
              aria-labelledby={`text-${key}-label`}
              aria-describedby={`text-${key}-note`}
            />
            <span>
              <span id={`text-${key}-label`} className="block font-medium">
                {t(key)}
              </span>
              <span id={`text-${key}-note`} className="block text-[var(--muted-fg)]">
                {key === "marketing" && disabled ? t("marketingNeedsSms") : t(`${key}Note`)}
              </span>
            </span>
          </label>
        ))}
      </div>
    </div>
  );
}
