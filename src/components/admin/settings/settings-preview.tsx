"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { isLocale, type Locale } from "@/lib/locale";
import { formatMoney } from "@/lib/money";
import { shownWasPrice } from "@/lib/was-price";
import { textIn, type SiteSettings } from "@/lib/site-settings";
import { FIELD_LOCALES } from "./fields";

export interface PreviewProduct {
  name: string;
  image: string;
  price: number;
  originalPrice: number;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
const colour = (value: string, fallback: string) => (HEX.test(value) ? value : fallback);

/**
 * What the header and a product card look like with the settings being edited (before they are
 * saved): the company's name, logo and colour, the headline and tagline in the language chosen
 * (the admin's own at first), the chosen theme, the card's corners and the shop's currency. The
 * shop's own styles are used, with the draft's values as their variables.
 */
export function SettingsPreview({ settings, sample }: { settings: SiteSettings; sample: PreviewProduct | null }) {
  const t = useTranslations("admin.settings");
  const pageLocale = useLocale();
  const [language, setLanguage] = useState<Locale>(isLocale(pageLocale) ? pageLocale : "en");
  const brand = colour(settings.companyColor, "#0f766e");
  const radius = Number.isFinite(settings.cardRadius) ? Math.max(0, Math.min(32, settings.cardRadius)) : 12;
  const theme = ["white", "gray", "dark"].includes(settings.theme) ? settings.theme : "white";

  return (
    <aside aria-labelledby="preview-heading" className="min-w-0 lg:sticky lg:top-4 lg:self-start">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="preview-heading" className="text-sm font-semibold">
          {t("preview")}
        </h2>
        <div role="group" aria-label={t("previewLanguage")} className="flex overflow-hidden rounded-md border border-[var(--border)] text-xs">
          {FIELD_LOCALES.map((locale) => (
            <button
              key={locale}
              type="button"
              lang={locale}
              aria-pressed={language === locale}
              onClick={() => setLanguage(locale)}
              className={`min-h-8 px-2.5 ${language === locale ? "bg-brand text-white" : "bg-[var(--surface)]"}`}
            >
              {t(`inLanguage.${locale}`)}
            </button>
          ))}
        </div>
      </div>
      <div
        data-theme={theme}
        data-testid="settings-preview"
        className="overflow-hidden rounded-lg border border-[var(--border)] bg-[var(--page-bg)] text-[var(--fg)]"
        style={{ "--brand": brand, "--card-radius": `${radius}px` } as React.CSSProperties}
      >
        <div className="truncate bg-brand px-3 py-1 text-xs text-white" style={{ backgroundColor: brand }}>
          <span className="opacity-90">{settings.companyName}</span>
        </div>
        <div className="flex items-center gap-2 border-b border-[var(--border)] px-3 py-2">
          {settings.companyLogo ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={settings.companyLogo} alt="" width={28} height={28} className="h-7 w-7" />
          ) : null}
          <span className="truncate font-bold" data-testid="preview-company">
            {settings.companyName}
          </span>
        </div>
        <div className="p-3">
          <div className="mb-2" style={{ textAlign: settings.heroTaglineAlignment }} lang={language}>
            <p className="text-sm font-semibold" data-testid="preview-headline">
              {textIn(settings.mainHeadline, language)}
            </p>
            <p className="text-xs text-[var(--muted-fg)]" data-testid="preview-tagline">
              {textIn(settings.companyTagline, language)}
            </p>
          </div>
          {sample && (
            <article className="w-40 overflow-hidden border border-[var(--border)] bg-[var(--page-bg)]" style={{ borderRadius: `${radius}px` }}>
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img src={sample.image} alt="" width={160} height={160} className="aspect-square w-full bg-[var(--surface)] object-cover" />
              <div className="space-y-1 p-2 text-xs">
                <p className="line-clamp-2 font-medium">{sample.name}</p>
                <p>
                  <span className="font-semibold">{formatMoney(sample.price, "TZS")}</span>
                  {shownWasPrice(sample.price, sample.originalPrice) && (
                    <span className="ml-1 text-[var(--muted-fg)] line-through">{formatMoney(sample.originalPrice, "TZS")}</span>
                  )}
                </p>
                <span className="block rounded-md py-1.5 text-center font-semibold text-white" style={{ backgroundColor: brand }}>
                  {t("previewAddToCart")}
                </span>
              </div>
            </article>
          )}
        </div>
      </div>
    </aside>
  );
}
