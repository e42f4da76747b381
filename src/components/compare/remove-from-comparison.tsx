"use client";

import Link from "next/link";
import { X } from "lucide-react";
import { useTranslations } from "use-intl";
import { compareHref } from "@/lib/compare";
import { removeCompareItem } from "./compare-store";

/**
 * A compared product's Remove: a link to the comparison without it (it works before the page's
 * script has run), which also takes it off this browser's list.
 */
export function RemoveFromComparison({ id, name, remaining }: { id: number; name: string; remaining: number[] }) {
  const t = useTranslations("catalog.comparePage");
  return (
    <Link
      href={compareHref(remaining)}
      prefetch={false}
      replace
      onClick={() => removeCompareItem(id, false)}
      aria-label={t("removeLabel", { name })}
      className="mt-1 inline-flex min-h-9 items-center gap-1 rounded text-xs font-medium text-[var(--muted-fg)] hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand"
      data-testid="compare-remove"
    >
      <X className="h-3.5 w-3.5" aria-hidden />
      {t("remove")}
    </Link>
  );
}
