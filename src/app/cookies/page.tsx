import { InfoTable } from "@/components/pages/page-frame";
import { LOCALE_COOKIE } from "@/lib/locale";
import { REMEMBER_DAYS, SECURE_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/auth-rules";
import { GUEST_CART_KEY } from "@/lib/guest-cart";
import { PREFERENCE_COOKIES } from "@/lib/preferences";
import { THEME_KEY } from "@/lib/theme";
import { CART_CHANGED_KEY, CURRENCY_KEY, MERGE_ID_KEY } from "@/lib/browser-storage";
import { getTranslator } from "../i18n";
import { infoPageMetadata } from "../page-metadata";
import { loadSiteSettings } from "../site-settings";
import { LegalPage } from "../services/legal-page";

export const generateMetadata = () => infoPageMetadata("cookies", "/cookies");

/** Every cookie and storage entry the shop's code sets, by the names the code uses. */
export default async function CookiesPage() {
  const [s, t, common] = await Promise.all([loadSiteSettings(), getTranslator("pages.cookies"), getTranslator("pages.legalCommon")]);
  const code = (name: string) => <code className="rounded bg-[var(--surface)] px-1 text-[13px]">{name}</code>;
  return (
    <LegalPage title={t("title")} updated={common("updated")}>
      <p>{t("intro", { company: s.companyName })}</p>
      <h2>{t("cookiesTitle")}</h2>
      <InfoTable
        head={[t("name"), t("purpose"), t("lifetime")]}
        rows={[
          [
            <>
              {code(SECURE_SESSION_COOKIE)} / {code(SESSION_COOKIE)}
            </>,
            t("session"),
            t("sessionLife", { days: REMEMBER_DAYS }),
          ],
          [code(LOCALE_COOKIE), t("locale"), t("localeLife")],
          [
            <>
              {code(PREFERENCE_COOKIES.theme)} / {code(PREFERENCE_COOKIES.currency)} / {code(PREFERENCE_COOKIES.guestCartCount)}
            </>,
            t("preferences"),
            t("preferencesLife"),
          ],
        ]}
      />
      <h2>{t("storageTitle")}</h2>
      <p>{t("storageIntro")}</p>
      <InfoTable
        head={[t("name"), t("purpose"), t("lifetime")]}
        rows={[
          [code(GUEST_CART_KEY), t("guestCart"), t("storageLife")],
          [code(MERGE_ID_KEY), t("mergeId"), t("storageLife")],
          [code(CART_CHANGED_KEY), t("cartChanged"), t("storageLife")],
          [code(CURRENCY_KEY), t("currency"), t("storageLife")],
          [code(THEME_KEY), t("theme"), t("storageLife")],
        ]}
      />
      <h2>{t("workerTitle")}</h2>
      <p>{t("worker")}</p>
      <h2>{t("controlTitle")}</h2>
      <p>{t("control")}</p>
    </LegalPage>
  );
}
