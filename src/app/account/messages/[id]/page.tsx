import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { Conversation } from "@/components/messages/conversation";
import { ReplyForm } from "@/components/messages/reply-form";
import { isDomainError } from "@/server/errors";
import { getServices } from "@/server/services";
import { getTranslator, languageAlternates } from "../../../i18n";
import { loadSessionUser } from "../../../session";

type Params = { params: Promise<{ id: string }> };

/** The id of the address, or null for anything that is not a positive whole number. */
function threadId(segment: string): number | null {
  return /^\d{1,9}$/.test(segment) && Number(segment) > 0 ? Number(segment) : null;
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const [{ id: segment }, t, user] = await Promise.all([params, getTranslator("messages.meta"), loadSessionUser()]);
  const id = threadId(segment);
  // the title names the conversation only for its owner (reading it here marks nothing read: the page does)
  const subject = user && id ? await loadSubject(user.id, id) : null;
  return {
    title: subject ? t("thread", { subject }) : t("list"),
    description: t("description"),
    alternates: languageAlternates(`/account/messages/${id ?? ""}`),
    robots: { index: false },
  };
}

async function loadSubject(userId: number, id: number): Promise<string | null> {
  const { threads } = await (await getServices()).messages.inbox(userId);
  return threads.find((t) => t.id === id)?.subject ?? null;
}

/** One of the shopper's conversations with a reply box; another shopper's, or none, is not found. */
export default async function ThreadPage({ params }: Params) {
  const { id: segment } = await params;
  const user = await loadSessionUser();
  if (!user) redirect(`/auth/login?redirect=${encodeURIComponent(`/account/messages/${segment}`)}`);
  const id = threadId(segment);
  if (!id) notFound();
  const [t, found] = await Promise.all([
    getTranslator("messages"),
    (await getServices()).messages.thread(user.id, id).catch((error: unknown) => {
      if (isDomainError(error) && error.code === "not-found") return null;
      throw error;
    }),
  ]);
  if (!found) notFound();
  const { thread, messages } = found;
  return (
    <div className="mx-auto max-w-2xl px-3 py-4 sm:px-4">
      <Link href="/account/messages" className="text-sm text-brand hover:underline">
        {t("thread.back")}
      </Link>
      <h1 className="mt-1 text-xl font-bold break-words">{thread.subject}</h1>
      <p className="mb-4 text-sm text-[var(--muted-fg)]">
        {t(`status.${thread.status}`)}
        {thread.orderNumber && (
          <>
            {" · "}
            <Link href={`/account/orders/${encodeURIComponent(thread.orderNumber)}`} className="text-brand hover:underline">
              {t("list.aboutOrder", { number: thread.orderNumber })}
            </Link>
          </>
        )}
      </p>
      <Conversation messages={messages} viewer="customer" />
      <div className="mt-6">
        {thread.status === "closed" && <p className="mb-2 text-sm text-[var(--muted-fg)]">{t("thread.closedNote")}</p>}
        <ReplyForm threadId={thread.id} as="customer" />
      </div>
    </div>
  );
}
