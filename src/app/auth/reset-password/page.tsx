import type { Metadata } from "next";
import Link from "next/link";
import { ResetPasswordForm } from "@/components/auth/auth-page-forms";
import { linkToken } from "@/lib/auth-rules";
import { AuthCard } from "../auth-card";

export const metadata: Metadata = { title: "Choose a new password", robots: { index: false }, referrer: "no-referrer" };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  // one token of the shape the shop issues; a repeated or odd parameter is not a link it sent
  const token = linkToken((await searchParams).token);
  return (
    <AuthCard title="Choose a new password">
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <p className="text-sm">
          This page needs the link from the e-mail.{" "}
          <Link href="/auth/forgot-password" className="font-semibold text-brand underline">
            Ask for a new link
          </Link>
          .
        </p>
      )}
    </AuthCard>
  );
}
