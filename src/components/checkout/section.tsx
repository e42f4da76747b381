import type { ReactNode } from "react";
import { cx } from "../ui/cx";

/** A bordered, numbered part of the checkout. */
export function Section({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={`${id}-heading`} className={cx("rounded-xl border border-[var(--border)] p-4", className)}>
      <h2 id={`${id}-heading`} className="mb-3 text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
