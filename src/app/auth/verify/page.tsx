import type { Metadata } from "next";
import { VerifyEmailForm } from "@/components/auth/auth-page-forms";
import { linkToken } from "@/lib/auth-rules";
import { returnPath } from "@/lib/redirect";
import { getTranslator } from "../../i18n";
import { AuthCard } from "../auth-card";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("meta.auth");
  return { title: t("verify"), robots: { index: false }, referrer: "no-referrer" };
}

/**
 * The link from the confirmation e-mail. Opening it changes nothing: mail scanners and link
 * previews fetch such links before the shopper does, so the address is confirmed only when the
 * shopper presses the button, which POSTs the token.
 */
export default async function VerifyPage({ searchParams }: { searchParams: Promise<{ token?: string | string[]; redirect?: string | string[] }> }) {
  const query = await searchParams;
  const token = linkToken(query.token);
  const t = await getTranslator("auth.verify");
  return (
    <AuthCard title={t("title")}>
      {/* where the shopper registered from (the link carries it): the sign-in after confirming goes back there */}
      <VerifyEmailForm token={token} redirect={returnPath(query.redirect)} />
    </AuthCard>
  );
}
