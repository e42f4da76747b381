"use client";

import { useTranslations } from "use-intl";
import { formatMoney } from "@/lib/money";
import { buttonClass } from "../../../ui/button";
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent } from "../../../ui/dialog";

/** The server refused the order because the total changed: the new total to confirm, or back to review. */
export function PriceChangedDialog({
  changed,
  onDismiss,
  onConfirm,
}: {
  changed: { old: number; total: number } | null;
  onDismiss: () => void;
  onConfirm: (total: number) => void;
}) {
  const t = useTranslations("checkout");
  const money = (n: number) => formatMoney(n, "TZS");
  return (
    <AlertDialog open={changed !== null} onOpenChange={(open) => !open && onDismiss()}>
      {changed && (
        <AlertDialogContent title={t("priceChanged.title")} description={t("priceChanged.text", { total: money(changed.total), old: money(changed.old) })}>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <AlertDialogCancel className={buttonClass({ variant: "secondary", size: "sm", className: "text-sm" })}>
              {t("priceChanged.review")}
            </AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                const next = changed.total;
                onDismiss();
                onConfirm(next);
              }}
              className={buttonClass({ size: "sm", className: "text-sm" })}
            >
              {t("priceChanged.confirm", { total: money(changed.total) })}
            </AlertDialogAction>
          </div>
        </AlertDialogContent>
      )}
    </AlertDialog>
  );
}
