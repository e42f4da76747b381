import type { Metadata } from "next";
import Link from "next/link";
import { RegisterForm } from "@/components/auth/register-form";
import { returnPath, withRedirect } from "@/lib/redirect";
import { getTranslator } from "../../i18n";
import { loadSiteSettings } from "../../site-settings";
import { AuthCard } from "../auth-card";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("meta.auth");
  return { title: t("register"), robots: { index: false } };
}

export default async function RegisterPage({ searchParams }: { searchParams: Promise<{ redirect?: string | string[] }> }) {
  const redirect = returnPath((await searchParams).redirect);
  const [t, settings] = await Promise.all([getTranslator("auth"), loadSiteSettings()]);
  return (
    <AuthCard title={t("dialog.registerHeading")}>
      <RegisterForm companyName={settings.companyName} redirect={redirect} />
      <p className="mt-4 text-center text-sm text-[var(--muted-fg)]">
        {t.rich("register.haveAccount", {
          link: (chunks) => (
            <Link href={withRedirect("/auth/login", redirect)} className="font-semibold text-brand hover:underline">
              {chunks}
            </Link>
          ),
        })}
      </p>
    </AuthCard>
  );
}
