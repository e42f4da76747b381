"use client";

import { useTranslations } from "use-intl";
import type { CompareItem } from "@/lib/compare";
import { addCompareItem, removeCompareItem, useCompareItems } from "./compare-store";

/**
 * "Add to compare" on a product page: a checkbox (its state is read out, Space toggles it) that
 * puts the product on this browser's comparison list or takes it off. A full list says so and
 * leaves the box clear.
 */
export function CompareToggle({ product }: { product: CompareItem }) {
  const t = useTranslations("catalog.compare");
  const on = useCompareItems().some((i) => i.id === product.id);
  return (
    <label className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-[var(--border)] px-3 text-sm font-medium hover:bg-[var(--surface)] has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand">
      <input
        type="checkbox"
        checked={on}
        onChange={(event) => {
          if (event.target.checked) addCompareItem(product);
          else removeCompareItem(product.id);
        }}
        className="h-4 w-4 accent-[var(--brand)]"
        data-testid="compare-toggle"
      />
      {t("add")}
    </label>
  );
}
