import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { NewThreadForm } from "@/components/messages/new-thread-form";
import { getServices } from "@/server/services";
import { getTranslator, languageAlternates } from "../../../i18n";
import { loadSessionUser } from "../../../session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("messages.meta");
  return { title: t("new"), description: t("description"), alternates: languageAlternates("/account/messages/new"), robots: { index: false } };
}

/** A new message to the shop; `?order=` starts it about one of the shopper's orders. */
export default async function NewMessagePage({ searchParams }: { searchParams: Promise<{ order?: string }> }) {
  const user = await loadSessionUser();
  if (!user) redirect("/auth/login?redirect=/account/messages/new");
  const [t, orders, query] = await Promise.all([getTranslator("messages"), (await getServices()).messages.orderChoices(user.id), searchParams]);
  return (
    <div className="mx-auto max-w-2xl px-3 py-4 sm:px-4">
      <Link href="/account/messages" className="text-sm text-brand hover:underline">
        {t("thread.back")}
      </Link>
      <h1 className="mt-1 text-xl font-bold">{t("form.title")}</h1>
      <p className="mb-4 text-sm text-[var(--muted-fg)]">{t("form.intro")}</p>
      <NewThreadForm orders={orders} initialOrder={typeof query.order === "string" ? query.order : null} />
    </div>
  );
}
