import type { Metadata } from "next";
import Link from "next/link";
import { ResetPasswordForm } from "@/components/auth/auth-page-forms";
import { linkToken } from "@/lib/auth-rules";
import { getTranslator } from "../../i18n";
import { loadSiteSettings } from "../../site-settings";
import { AuthCard } from "../auth-card";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("meta.auth");
  return { title: t("reset"), robots: { index: false }, referrer: "no-referrer" };
}

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  // one token of the shape the shop issues; a repeated or odd parameter is not a link it sent
  const token = linkToken((await searchParams).token);
  const [t, settings] = await Promise.all([getTranslator("auth.reset"), loadSiteSettings()]);
  return (
    <AuthCard title={t("title")}>
      {token ? (
        <ResetPasswordForm token={token} companyName={settings.companyName} />
      ) : (
        <p className="text-sm">
          {t.rich("needsLink", {
            link: (chunks) => (
              <Link href="/auth/forgot-password" className="font-semibold text-brand underline">
                {chunks}
              </Link>
            ),
          })}
        </p>
      )}
    </AuthCard>
  );
}
