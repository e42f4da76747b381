import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Conversation } from "@/components/messages/conversation";
import { ReplyForm } from "@/components/messages/reply-form";
import { ThreadStatusButton } from "@/components/messages/thread-status-button";
import { isDomainError } from "@/server/errors";
import { getServices } from "@/server/services";
import { requireAdmin } from "../../../admin-guard";
import { getTranslator } from "../../../i18n";

type Params = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("messages.meta");
  return { title: t("admin"), robots: { index: false } };
}

/** One customer conversation for an admin: the messages (now marked read), an answer box, close or open again. */
export default async function AdminThreadPage({ params }: Params) {
  const { id: segment } = await params;
  await requireAdmin(`/admin/messages/${encodeURIComponent(segment)}`);
  const id = /^\d{1,9}$/.test(segment) ? Number(segment) : 0;
  if (!id) notFound();
  const [t, found] = await Promise.all([
    getTranslator("messages"),
    (await getServices()).messages.adminThread(id).catch((error: unknown) => {
      if (isDomainError(error) && error.code === "not-found") return null;
      throw error;
    }),
  ]);
  if (!found) notFound();
  const { thread, messages } = found;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <p className="text-sm">
        <Link href="/admin/messages" className="text-brand hover:underline">
          {t("admin.back")}
        </Link>
      </p>
      <h1 className="mt-1 text-xl font-bold break-words">{thread.subject}</h1>
      <p className="mb-4 text-sm text-[var(--muted-fg)]">
        {thread.customer.name} · {thread.customer.email} · {t(`status.${thread.status}`)}
        {thread.orderNumber && (
          <>
            {" · "}
            <Link href={`/admin/orders/${encodeURIComponent(thread.orderNumber)}`} className="text-brand hover:underline">
              {t("list.aboutOrder", { number: thread.orderNumber })}
            </Link>
          </>
        )}
      </p>
      <Conversation messages={messages} viewer="shop" customerName={thread.customer.name} />
      <div className="mt-6 space-y-3">
        <ReplyForm threadId={thread.id} as="shop" />
        <ThreadStatusButton threadId={thread.id} closed={thread.status === "closed"} />
      </div>
    </div>
  );
}
