"use client";

import { useTranslations } from "use-intl";
import { formatMoney } from "@/lib/money";
import { shownWasPrice } from "@/lib/was-price";
import type { SiteSettings } from "@/lib/site-settings";

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
 * saved): the company's name, logo, tagline and colour, the chosen theme, the card's corners and
 * the shop's currency. The shop's own styles are used, with the draft's values as their variables.
 */
export function SettingsPreview({ settings, sample }: { settings: SiteSettings; sample: PreviewProduct | null }) {
  const t = useTranslations("admin.settings");
  const brand = colour(settings.companyColor, "#0f766e");
  const radius = Number.isFinite(settings.cardRadius) ? Math.max(0, Math.min(32, settings.cardRadius)) : 12;
  const theme = ["white", "gray", "dark"].includes(settings.theme) ? settings.theme : "white";

  return (
    <aside aria-labelledby="preview-heading" className="min-w-0 lg:sticky lg:top-4 lg:self-start">
      <h2 id="preview-heading" className="mb-2 text-sm font-semibold">
        {t("preview")}
      </h2>
      <div
        data-theme={theme}
        data-testid="settings-preview"
        className="overflow-hidden rounded-lg border border-[var(--border)] bg-[var(--page-bg)] text-[var(--fg)]"
        style={{ "--brand": brand, "--card-radius": `${radius}px` } as React.CSSProperties}
      >
        <div className="truncate bg-brand px-3 py-1 text-xs text-white" style={{ backgroundColor: brand }}>
          <span className="opacity-90">{settings.companyTagline}</span>
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
          <p className="mb-2 text-sm font-semibold" style={{ textAlign: settings.heroTaglineAlignment }}>
            {settings.mainHeadline}
          </p>
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
