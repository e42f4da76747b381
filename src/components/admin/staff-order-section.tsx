import type { ReactNode } from "react";

/** The error text of a field the server or the screen refused, or null: how the staff order screen's parts show a problem at its field. */
export type FieldErrorOf = (field: string) => string | null;

/** A problem of the staff order screen: at a field, or (field null) for the whole order. */
export interface StaffOrderProblem {
  field: string | null;
  text: string;
}

/** One framed part of the staff order screen (customer, products, delivery, payment), named by its heading. */
export function StaffOrderSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="min-w-0 space-y-3 rounded-xl border border-[var(--border)] p-4" aria-labelledby={id}>
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
