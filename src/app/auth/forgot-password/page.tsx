import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/auth/auth-page-forms";
import { getTranslator } from "../../i18n";
import { AuthCard } from "../auth-card";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("meta.auth");
  return { title: t("forgot"), robots: { index: false } };
}

export default async function ForgotPasswordPage() {
  const t = await getTranslator("auth.forgot");
  return (
    <AuthCard title={t("title")}>
      <p className="mb-3 text-sm text-[var(--muted-fg)]">{t("intro")}</p>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
