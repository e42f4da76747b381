"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { orderCalls } from "./order-calls";
import { useErrorText } from "../i18n/error-text";
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogTrigger } from "../ui/dialog";
import { toast } from "../ui/toaster";

/** Cancel an unpaid order, after a confirmation; its items go back on the shelf. */
export function CancelOrder({ number, token }: { number: string; token?: string }) {
  const t = useTranslations("orders.cancel");
  const router = useRouter();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      await orderCalls(number, token).cancel();
      toast({ title: t("done"), description: t("doneText", { number }) });
      router.refresh();
    } catch (error) {
      toast({ title: t("failed"), description: errorText(error), variant: "destructive" });
      router.refresh();
    } finally {
      setBusy(false);
    }
  };
  return (
    <AlertDialog>
      <AlertDialogTrigger
        disabled={busy}
        className="h-10 rounded-lg border border-red-700 px-4 text-sm font-semibold text-red-700 disabled:opacity-60 dark:text-red-300"
      >
        {t("button")}
      </AlertDialogTrigger>
      <AlertDialogContent title={t("title", { number })} description={t("description")}>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <AlertDialogCancel className="rounded-md border border-[var(--border)] px-3 py-2 text-sm">{t("keep")}</AlertDialogCancel>
          <AlertDialogAction onClick={cancel} className="rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white">
            {t("confirm")}
          </AlertDialogAction>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
