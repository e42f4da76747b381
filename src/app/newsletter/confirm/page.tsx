import type { Metadata } from "next";
import { NewsletterLinkAction } from "@/components/newsletter/newsletter-link-action";
import { AuthCard } from "../../auth/auth-card";
import { getTranslator } from "../../i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("meta.newsletter");
  return { title: t("confirm"), robots: { index: false }, referrer: "no-referrer" };
}

/** The confirmation link of a newsletter sign-up: a button that confirms (a GET changes nothing). */
export default async function NewsletterConfirmPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const [{ token }, t] = await Promise.all([searchParams, getTranslator("newsletter.confirm")]);
  return (
    <AuthCard title={t("title")}>
      {typeof token === "string" && token ? (
        <>
          <p className="mb-4 text-sm">{t("intro")}</p>
          <NewsletterLinkAction token={token} action="confirm" />
        </>
      ) : (
        <p className="text-sm">{t("noToken")}</p>
      )}
    </AuthCard>
  );
}
