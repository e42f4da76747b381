import type { Metadata } from "next";
import Link from "next/link";
import { RegisterForm } from "@/components/auth/register-form";
import { AuthCard } from "../auth-card";

export const metadata: Metadata = { title: "Create an account", robots: { index: false } };

export default function RegisterPage() {
  return (
    <AuthCard title="Create Your Account">
      <RegisterForm />
      <p className="mt-4 text-center text-sm text-[var(--muted-fg)]">
        Already have an account?{" "}
        <Link href="/auth/login" className="font-semibold text-brand hover:underline">
          Sign in here
        </Link>
      </p>
    </AuthCard>
  );
}
