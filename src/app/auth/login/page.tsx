import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { LoginPageForm } from "@/components/auth/auth-page-forms";
import { safeRedirect } from "@/lib/redirect";
import { loadSessionUser } from "../../session";
import { AuthCard } from "../auth-card";

export const metadata: Metadata = { title: "Sign in", robots: { index: false } };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ redirect?: string | string[] }> }) {
  const { redirect: target } = await searchParams;
  // a repeated ?redirect= arrives as an array: safeRedirect refuses anything but one string
  const next = target ? safeRedirect(target) : null;
  if (await loadSessionUser()) redirect(next ?? "/");
  return (
    <AuthCard title="Sign In to Your Account">
      <LoginPageForm redirect={next} />
      <p className="mt-4 text-center text-sm text-[var(--muted-fg)]">
        No account yet?{" "}
        <Link href="/auth/register" className="font-semibold text-brand hover:underline">
          Create one here
        </Link>
      </p>
    </AuthCard>
  );
}
