import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/auth/auth-page-forms";
import { AuthCard } from "../auth-card";

export const metadata: Metadata = { title: "Forgot password", robots: { index: false } };

export default function ForgotPasswordPage() {
  return (
    <AuthCard title="Reset your password">
      <p className="mb-3 text-sm text-[var(--muted-fg)]">Enter the e-mail address of your account; we will send a link to choose a new password.</p>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
