import Link from "next/link";
import { PageFrame, Points } from "@/components/pages/page-frame";
import { textIn } from "@/lib/site-settings";
import { getIntl, getTranslator } from "../i18n";
import { infoPageMetadata } from "../page-metadata";
import { loadSiteSettings } from "../site-settings";

export const generateMetadata = () => infoPageMetadata("returns", "/returns");

export default async function ReturnsPage() {
  const [s, t, { locale }] = await Promise.all([loadSiteSettings(), getTranslator("pages.returns"), getIntl()]);
  return (
    <PageFrame title={t("title")} lead={t("intro", { company: s.companyName })}>
      <h2>{t("unusedTitle")}</h2>
      <p>{t("unused")}</p>
      <h2>{t("faultyTitle")}</h2>
      <p>{t("faulty")}</p>
      <h2>{t("notTitle")}</h2>
      <Points items={[t("not.damaged"), t("not.used"), t("not.cut")]} />
      <h2>{t("howTitle")}</h2>
      <ol className="mb-3 list-decimal space-y-1.5 pl-5">
        <li>
          {t.rich("how.tell", {
            contact: (chunks) => <Link href="/contact">{chunks}</Link>,
            messages: (chunks) => <Link href="/account/messages">{chunks}</Link>,
          })}
        </li>
        <li>{t("how.answer", { address: textIn(s.address, locale) })}</li>
        <li>{t("how.check")}</li>
      </ol>
      <h2>{t("refundTitle")}</h2>
      <Points
        items={[
          t("refund.mobile"),
          ...(s.paymentSettings.methods.includes("bank_transfer") ? [t("refund.bank")] : []),
          ...(s.paymentSettings.methods.includes("card") ? [t("refund.card")] : []),
          t("refund.receipt"),
        ]}
      />
      <p>{t("cancel")}</p>
    </PageFrame>
  );
}
