"use client";

import { useTranslations } from "use-intl";
import { RefundPanel } from "./refund-panel";

/** The admin order page's refunds: its heading and the refund panel (a client island under the admin layout's texts). */
export function RefundSection({ number }: { number: string }) {
  const t = useTranslations("admin.refunds");
  return (
    <section aria-labelledby="refunds-heading" className="rounded-xl border border-[var(--border)] p-4">
      <h2 id="refunds-heading" className="mb-3 text-base font-semibold">
        {t("title")}
      </h2>
      <RefundPanel number={number} />
    </section>
  );
}
