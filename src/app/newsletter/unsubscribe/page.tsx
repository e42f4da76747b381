import type { Metadata } from "next";
import { NewsletterLinkAction } from "@/components/newsletter/newsletter-link-action";
import { AuthCard } from "../../auth/auth-card";

export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false }, referrer: "no-referrer" };

/** The unsubscribe link of every newsletter e-mail: a button that unsubscribes (a GET changes nothing). */
export default async function NewsletterUnsubscribePage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return (
    <AuthCard title="Unsubscribe from the newsletter">
      {typeof token === "string" && token ? (
        <>
          <p className="mb-4 text-sm">Press the button and we will stop sending our newsletter to this address.</p>
          <NewsletterLinkAction token={token} action="unsubscribe" />
        </>
      ) : (
        <p className="text-sm">This page needs the unsubscribe link from one of our e-mails.</p>
      )}
    </AuthCard>
  );
}
