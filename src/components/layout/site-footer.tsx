import { Suspense } from "react";
import Link from "next/link";
import { CreditCard, Headphones, Smartphone, Truck } from "lucide-react";
import { groupBusinessHours, openAllWeekAllDay } from "@/lib/business-hours";
import { offeredPaymentMethods } from "@/lib/checkout";
import { textIn, type SiteSettings } from "@/lib/site-settings";
import { SOCIAL_NETWORK_NAMES, configuredSocialLinks } from "@/lib/social";
import { regionName } from "@/lib/tanzania-regions";
import { serverLocale, serverTranslator } from "../i18n/request-intl";
import { InstallApp } from "../pwa/install-app";
import { NewsletterForm } from "./newsletter-form";

/** The footer's link columns (titles and labels: the catalogue's common.footer). */
export const FOOTER_COLUMNS = [
  {
    title: "company",
    links: [
      { href: "/about", label: "about" },
      { href: "/story", label: "story" },
      { href: "/careers", label: "careers" },
      { href: "/press", label: "press" },
      { href: "/contact", label: "contact" },
    ],
  },
  {
    title: "services",
    links: [
      { href: "/services/electronics", label: "electronics" },
      { href: "/services/prototyping", label: "prototyping" },
      { href: "/services/pcb", label: "pcb" },
      { href: "/services/ai", label: "ai" },
      { href: "/services/logistics", label: "logistics" },
    ],
  },
  {
    title: "help",
    links: [
      { href: "/help", label: "helpCentre" },
      { href: "/tracking", label: "tracking" },
      { href: "/returns", label: "returns" },
      { href: "/shipping", label: "shipping" },
      { href: "/support", label: "support" },
    ],
  },
  {
    title: "legal",
    links: [
      { href: "/privacy", label: "privacy" },
      { href: "/terms", label: "terms" },
      { href: "/cookies", label: "cookies" },
      { href: "/gdpr", label: "gdpr" },
      { href: "/data-protection", label: "dataProtection" },
    ],
  },
] as const;

/** Card brands shown when the settings accept cards; mobile-money brands come from the settings. */
const CARD_BRANDS = ["Visa", "Mastercard"] as const;
/** Older names shoppers still know a wallet by. */
const FORMER_NAMES: Record<string, string> = { "Mixx by Yas": "Tigo Pesa" };

const badge = "flex h-8 items-center gap-1.5 rounded-md border border-[var(--border)] bg-[var(--page-bg)] px-2 text-xs font-semibold text-[var(--page-fg)]";

/** Two overlapping circles, the card brand's well-known mark; decorative, the name is text. */
function MastercardMark() {
  return (
    <svg viewBox="0 0 24 16" width="20" height="13" aria-hidden focusable="false">
      <circle cx="8" cy="8" r="7" fill="#eb001b" />
      <circle cx="16" cy="8" r="7" fill="#f79e1b" />
      <path d="M12 2.3a7 7 0 0 1 0 11.4 7 7 0 0 1 0-11.4z" fill="#ff5f00" />
    </svg>
  );
}

function PaymentBadges({ payment, cardAvailable }: { payment: SiteSettings["paymentSettings"]; cardAvailable: boolean }) {
  const t = serverTranslator("common.footer");
  const cards = payment.methods.includes("card") && cardAvailable ? CARD_BRANDS : [];
  const wallets = payment.methods.includes("mobile_money") ? payment.mobileMoneyProviders : [];
  if (!cards.length && !wallets.length) return null;
  return (
    <div>
      <p id="footer-payments" className="font-semibold">
        {t("weAccept")}
      </p>
      <ul aria-labelledby="footer-payments" className="mt-2 flex flex-wrap gap-2">
        {cards.map((brand) => (
          <li key={brand} className={badge}>
            {brand === "Mastercard" ? <MastercardMark /> : <CreditCard className="h-4 w-4 text-brand" aria-hidden />}
            <span className={brand === "Visa" ? "tracking-wider uppercase italic" : undefined}>{brand}</span>
          </li>
        ))}
        {wallets.map((wallet) => (
          <li key={wallet} className={badge}>
            <Smartphone className="h-4 w-4 text-brand" aria-hidden />
            <span>
              {wallet}
              {FORMER_NAMES[wallet] && <span className="font-normal text-[var(--muted-fg)]"> {t("formerly", { name: FORMER_NAMES[wallet] })}</span>}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The shop's profiles on the networks the settings name, and only those: each links to
 * /social/{network}, which sends the visitor on to the configured address.
 */
function SocialLinks({ links }: { links: SiteSettings["socialLinks"] }) {
  const t = serverTranslator("pages.common");
  const profiles = configuredSocialLinks(links);
  if (!profiles.length) return null;
  return (
    <nav aria-labelledby="footer-social">
      <p id="footer-social" className="font-semibold">
        {t("followUs")}
      </p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {profiles.map(({ network }) => (
          <li key={network}>
            <a href={`/social/${network}`} className={badge}>
              {SOCIAL_NETWORK_NAMES[network]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The three promises over the footer, each true to the settings: the payment methods the checkout
 * offers now, the shop's real hours (round the clock only if every day is), and free delivery as
 * the delivery rules give it.
 */
function promises(settings: SiteSettings, cardAvailable: boolean) {
  const t = serverTranslator("common.footer");
  const locale = serverLocale();
  const list = (items: string[]) => new Intl.ListFormat(locale === "sw" ? "sw" : "en-GB", { type: "conjunction" }).format(items);
  const methods = offeredPaymentMethods(settings, cardAvailable).flatMap((m) =>
    m === "mobile_money" ? settings.paymentSettings.mobileMoneyProviders : m === "card" ? [t("payCards", { brands: CARD_BRANDS.join(", ") })] : [t("payBank")],
  );
  const day = (d: string) => t(`days.${d as "monday"}`);
  const hours = groupBusinessHours(settings.businessHours).map((g) => {
    const days = g.from === g.to ? day(g.from) : t("dayRange", { from: day(g.from), to: day(g.to) });
    return g.closed ? t("closedOn", { days }) : t("openOn", { days, open: g.open, close: g.close });
  });
  const area = list(settings.delivery.courierRegions.map((code) => regionName(code, locale)));
  return [
    methods.length > 0 && { icon: CreditCard, title: t("securePayment"), text: t("securePaymentText", { methods: list(methods) }) },
    openAllWeekAllDay(settings.businessHours)
      ? { icon: Headphones, title: t("support247"), text: t("support247Text") }
      : { icon: Headphones, title: t("supportHours"), text: hours.join(" · ") },
    { icon: Truck, title: t("freeShipping"), text: t("freeShippingText", { area }) },
  ].filter((p) => p !== false);
}

export function SiteFooter({ settings, cardAvailable }: { settings: SiteSettings; cardAvailable: boolean }) {
  const t = serverTranslator("common.footer");
  const locale = serverLocale();
  return (
    <footer className="mt-12 border-t border-[var(--border)] bg-[var(--surface)] text-sm">
      <div className="mx-auto grid max-w-7xl gap-4 px-4 py-6 sm:grid-cols-3">
        {promises(settings, cardAvailable).map(({ icon: Icon, title, text }) => (
          <div key={title} className="flex items-start gap-3">
            <Icon className="mt-0.5 h-5 w-5 text-brand" aria-hidden />
            <div>
              <p className="font-semibold">{title}</p>
              <p className="text-[var(--muted-fg)]">{text}</p>
            </div>
          </div>
        ))}
      </div>
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-6 md:grid-cols-5">
        <div className="col-span-2 md:col-span-1">
          <p className="font-semibold">{settings.companyName}</p>
          <p className="mt-1 text-[var(--muted-fg)]" data-testid="footer-tagline">
            {textIn(settings.companyTagline, locale)}
          </p>
          <p className="mt-2 text-[var(--muted-fg)]">{textIn(settings.address, locale)}</p>
          <p className="text-[var(--muted-fg)]">
            <a href={`tel:${settings.contactPhone.replace(/\s/g, "")}`}>{settings.contactPhone}</a> ·{" "}
            <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>
          </p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={t(column.title)}>
            <p className="font-semibold">{t(column.title)}</p>
            <ul className="mt-2 space-y-1">
              {column.links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} prefetch={false} className="text-[var(--muted-fg)] hover:text-brand">
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-[var(--border)]">
        <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 md:grid-cols-3">
          {settings.footer.showNewsletter && (
            <Suspense>
              <NewsletterForm />
            </Suspense>
          )}
          {settings.footer.showPaymentBadges && <PaymentBadges payment={settings.paymentSettings} cardAvailable={cardAvailable} />}
          <div className="space-y-6">
            <InstallApp companyName={settings.companyName} />
            <SocialLinks links={settings.socialLinks} />
          </div>
        </div>
      </div>
      <p className="border-t border-[var(--border)] px-4 py-4 text-center text-[var(--muted-fg)]">
        {t("rights", { year: String(new Date().getFullYear()), company: settings.companyName })}
      </p>
    </footer>
  );
}
