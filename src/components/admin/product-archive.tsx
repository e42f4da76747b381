"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { ADMIN_PRODUCT_REASON_MAX } from "@/lib/admin-catalog";
import { api } from "@/lib/api-client";
import { FormMessage, TextField } from "../ui/form";
import { useFormAction } from "../hooks/use-form-action";
import { SubmitButton } from "../ui/submit-button";

/**
 * Takes a product off sale or puts it back, with the reason the security log keeps. A product is
 * never deleted (orders name it); archived, shoppers no longer find, add or order it.
 */
export function ProductArchiveForm({ productId, archived }: { productId: number; archived: boolean }) {
  const t = useTranslations("admin.catalog.archive");
  const router = useRouter();
  const [reason, setReason] = useState("");
  const send = useFormAction(
    async () => {
      await api.adminCatalog.setArchived(productId, !archived, reason.trim());
      return { ok: true, message: archived ? t("restored") : t("archived") };
    },
    {
      failure: t("failed"),
      check: () => (!reason.trim() ? t("needReason") : null),
      onSuccess: () => {
        setReason("");
        router.refresh();
      },
    },
  );
  return (
    <form onSubmit={send.submit} noValidate className="grid gap-3 text-sm sm:grid-cols-[1fr_auto] sm:items-end" aria-labelledby="archive-heading">
      <h2 id="archive-heading" className="text-lg font-semibold sm:col-span-2">
        {archived ? t("restoreTitle") : t("archiveTitle")}
      </h2>
      <p className="text-[var(--muted-fg)] sm:col-span-2">{archived ? t("restoreIntro") : t("archiveIntro")}</p>
      <TextField
        name="archive-reason"
        label={t("reason")}
        maxLength={ADMIN_PRODUCT_REASON_MAX}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
      />
      <SubmitButton size="lg" variant={archived ? "primary" : "danger"} busy={send.busy} busyText={t("saving")}>
        {archived ? t("restore") : t("archive")}
      </SubmitButton>
      <div className="sm:col-span-2">
        <FormMessage message={send.message} />
      </div>
    </form>
  );
}
