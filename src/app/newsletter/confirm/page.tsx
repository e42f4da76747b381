import type { Metadata } from "next";
import { NewsletterLinkAction } from "@/components/newsletter/newsletter-link-action";
import { AuthCard } from "../../auth/auth-card";

export const metadata: Metadata = { title: "Confirm your subscription", robots: { index: false }, referrer: "no-referrer" };

/** The confirmation link of a newsletter sign-up: a button that confirms (a GET changes nothing). */
export default async function NewsletterConfirmPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return (
    <AuthCard title="Confirm your subscription">
      {typeof token === "string" && token ? (
        <>
          <p className="mb-4 text-sm">Press the button to start receiving our offers and news by e-mail.</p>
          <NewsletterLinkAction token={token} action="confirm" />
        </>
      ) : (
        <p className="text-sm">This page needs the link from the confirmation e-mail. Subscribe again in the footer of any page to get a new one.</p>
      )}
    </AuthCard>
  );
}
