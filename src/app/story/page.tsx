import Link from "next/link";
import { PageFrame, Points } from "@/components/pages/page-frame";
import { getTranslator } from "../i18n";
import { infoPageMetadata } from "../page-metadata";
import { loadSiteSettings } from "../site-settings";

export const generateMetadata = () => infoPageMetadata("story", "/story");

export default async function StoryPage() {
  const [s, t, nav] = await Promise.all([loadSiteSettings(), getTranslator("pages.story"), getTranslator("common.footer")]);
  return (
    <PageFrame title={t("title")}>
      <h2>{t("problemTitle")}</h2>
      <p>{t("problem")}</p>
      <h2>{t("answerTitle")}</h2>
      <Points items={[t("answer.stock"), t("answer.prices"), t("answer.country"), t("answer.help")]} />
      <h2>{t("nameTitle")}</h2>
      <p>{t("name")}</p>
      <h2>{t("nextTitle")}</h2>
      <p>{t.rich("next", { email: s.contactEmail, mail: (chunks) => <a href={`mailto:${s.contactEmail}`}>{chunks}</a> })}</p>
      <p>
        <Link href="/about">{nav("about")}</Link>
      </p>
    </PageFrame>
  );
}
