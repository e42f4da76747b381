import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { LoginPageForm } from "@/components/auth/auth-page-forms";
import { safeRedirect, withRedirect } from "@/lib/redirect";
import { getTranslator } from "../../i18n";
import { loadSessionUser } from "../../session";
import { AuthCard } from "../auth-card";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("meta.auth");
  return { title: t("login"), robots: { index: false } };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ redirect?: string | string[] }> }) {
  const { redirect: target } = await searchParams;
  // a repeated ?redirect= arrives as an array: safeRedirect refuses anything but one string
  const next = target ? safeRedirect(target) : null;
  if (await loadSessionUser()) redirect(next ?? "/");
  const t = await getTranslator("auth");
  return (
    <AuthCard title={t("dialog.signInHeading")}>
      <LoginPageForm redirect={next} />
      <p className="mt-4 text-center text-sm text-[var(--muted-fg)]">
        {t.rich("login.noAccount", {
          link: (chunks) => (
            <Link href={withRedirect("/auth/register", next)} className="font-semibold text-brand hover:underline">
              {chunks}
            </Link>
          ),
        })}
      </p>
    </AuthCard>
  );
}
