import { PageFrame, Points } from "@/components/pages/page-frame";
import { getTranslator } from "../i18n";
import { infoPageMetadata } from "../page-metadata";
import { loadSiteSettings } from "../site-settings";

export const generateMetadata = () => infoPageMetadata("careers", "/careers");

export default async function CareersPage() {
  const [s, t] = await Promise.all([loadSiteSettings(), getTranslator("pages.careers")]);
  // the subject is filled in, so an application is easy to tell from an order question
  const mailto = `mailto:${s.contactEmail}?subject=${encodeURIComponent(t("apply.subject"))}`;
  return (
    <PageFrame title={t("title")} lead={t("intro")}>
      <h2>{t("applyTitle")}</h2>
      <Points
        items={[
          t.rich("apply.email", { email: s.contactEmail, mail: (chunks) => <a href={mailto}>{chunks}</a> }),
          t("apply.cv"),
          t("apply.work"),
          t("apply.attachment"),
        ]}
      />
      <h2>{t("whoTitle")}</h2>
      <Points items={[t("who.technicians"), t("who.care"), t("who.logistics"), t("who.students")]} />
      <p className="text-sm text-[var(--muted-fg)]">{t("privacy")}</p>
    </PageFrame>
  );
}
