import type { Metadata } from "next";
import { NewsletterLinkAction } from "@/components/newsletter/newsletter-link-action";
import { AuthCard } from "../../auth/auth-card";
import { getTranslator } from "../../i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("meta.newsletter");
  return { title: t("unsubscribe"), robots: { index: false }, referrer: "no-referrer" };
}

/** The unsubscribe link of every newsletter e-mail: a button that unsubscribes (a GET changes nothing). */
export default async function NewsletterUnsubscribePage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const [{ token }, t] = await Promise.all([searchParams, getTranslator("newsletter.unsubscribe")]);
  return (
    <AuthCard title={t("title")}>
      {typeof token === "string" && token ? (
        <>
          <p className="mb-4 text-sm">{t("intro")}</p>
          <NewsletterLinkAction token={token} action="unsubscribe" />
        </>
      ) : (
        <p className="text-sm">{t("noToken")}</p>
      )}
    </AuthCard>
  );
}
