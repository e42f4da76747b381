"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { TOAST_MS, toast } from "../ui/toaster";

/** The admin's close / open-again button of a conversation. */
export function ThreadStatusButton({ threadId, closed }: { threadId: number; closed: boolean }) {
  const t = useTranslations("messages.admin");
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await api.messages.adminSetStatus(threadId, closed ? "open" : "closed");
          router.refresh();
        } catch {
          toast({ title: t("failed"), variant: "destructive", duration: TOAST_MS.error });
        } finally {
          setBusy(false);
        }
      }}
      className="h-10 rounded-lg border border-[var(--border)] px-3 text-sm font-semibold disabled:opacity-50"
    >
      {closed ? t("reopen") : t("close")}
    </button>
  );
}
