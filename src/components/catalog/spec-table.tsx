"use client";

import { useTranslations } from "use-intl";
import type { ProductSpecBody } from "@/lib/contract/specs";
import { chosenOption } from "./chosen-option";

interface Row {
  key: string;
  label: string;
  /** the product's own value (every option has it) */
  shared: string | null;
  /** values carried by options, by variant id */
  byOption: Map<string, string>;
}

/** One row per attribute, in the order given (the category's); values an option carries kept by option. */
function rowsOf(specs: readonly ProductSpecBody[]): Row[] {
  const rows = new Map<string, Row>();
  for (const spec of specs) {
    let row = rows.get(spec.key);
    if (!row) rows.set(spec.key, (row = { key: spec.key, label: spec.label, shared: null, byOption: new Map() }));
    if (spec.variantId === null) row.shared = row.shared ? `${row.shared}, ${spec.display}` : spec.display;
    else row.byOption.set(String(spec.variantId), spec.display);
  }
  return [...rows.values()];
}

/**
 * The product's specifications as a table. A value that depends on the option shows the chosen
 * option's value once one is chosen, and until then every option's value with a note saying so.
 */
export function SpecTable({ specs, productName }: { specs: readonly ProductSpecBody[]; productName: string }) {
  const t = useTranslations("catalog.specTable");
  const chosen = chosenOption.use();
  const rows = rowsOf(specs);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="spec-heading" className="mt-6" data-testid="spec-table">
      <h2 id="spec-heading" className="font-semibold">
        {t("heading")}
      </h2>
      <table className="mt-2 w-full border-collapse text-sm">
        <caption className="sr-only">{productName}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{t("attribute")}</th>
            <th scope="col">{t("value")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const mine = chosen ? row.byOption.get(chosen) : undefined;
            const perOption = row.byOption.size > 0 && !mine;
            const value = mine ?? (perOption ? [...new Set(row.byOption.values())].join(", ") : row.shared);
            return (
              <tr key={row.key} className="border-b border-[var(--border)] last:border-b-0" data-spec={row.key}>
                <th scope="row" className="w-2/5 py-2 pr-3 text-left align-top font-normal text-[var(--muted-fg)]">
                  {row.label}
                </th>
                <td className="py-2 align-top font-medium break-words">
                  {value}
                  {perOption && <span className="block text-xs font-normal text-[var(--muted-fg)]">{t("byOption")}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
