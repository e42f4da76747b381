"use client";

import { FlaskConical } from "lucide-react";
import { useTranslations } from "use-intl";
import { cx } from "../ui/cx";

/** Marks a test order (paid in the payment sandbox: no money moved) wherever an order is shown; words and an icon, never colour alone. */
export function TestOrderBadge({ className }: { className?: string }) {
  const t = useTranslations("orders.test");
  return (
    <span
      data-testid="test-order-badge"
      className={cx(
        "inline-flex items-center gap-1 rounded-full border border-amber-600 bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-950 dark:bg-amber-950 dark:text-amber-100",
        className,
      )}
    >
      <FlaskConical className="h-3 w-3" aria-hidden />
      {t("badge")}
    </span>
  );
}
