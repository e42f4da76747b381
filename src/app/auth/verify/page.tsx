import type { Metadata } from "next";
import Link from "next/link";
import { getServices } from "@/server/services";
import { AuthCard } from "../auth-card";

export const metadata: Metadata = { title: "Confirm your e-mail", robots: { index: false }, referrer: "no-referrer" };

export default async function VerifyPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  const ok = token ? await (await getServices()).auth.verifyEmail(token, {}) : false;
  return (
    <AuthCard title={ok ? "Your e-mail address is confirmed" : "This link does not work"}>
      {ok ? (
        <p className="text-sm">
          Thank you. You can now{" "}
          <Link href="/auth/login" className="font-semibold text-brand underline">
            sign in
          </Link>
          .
        </p>
      ) : (
        <p className="text-sm">
          The confirmation link is invalid, already used or older than 24 hours. Sign in to have a new one sent, or{" "}
          <Link href="/auth/register" className="font-semibold text-brand underline">
            register again
          </Link>
          .
        </p>
      )}
    </AuthCard>
  );
}
