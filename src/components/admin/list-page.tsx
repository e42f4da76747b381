import type { ReactNode } from "react";
import { cx } from "../ui/cx";
import { Button } from "../ui/button";
import { PageHeader } from "../ui/page-header";
import { Pager } from "../ui/pager";

/** A list page's filter: a GET form to its own address, so a filtered list is a link to keep or share. */
export interface ListFilter {
  action: string;
  /** the form's accessible name (it is a search landmark) */
  label: string;
  submitLabel: string;
  /** the form's layout (flex-wrap by default; a grid where the fields line up in columns) */
  className?: string;
  children: ReactNode;
}

/**
 * An admin list page: the way back, the heading (with the page's own actions), the filter form,
 * what sits above the list, the count line, the list itself and the pager under it.
 */
export function ListPage({
  back,
  title,
  intro,
  actions,
  filter,
  count,
  pager,
  width = "wide",
  before,
  children,
}: {
  back: { href: string; label: string };
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  filter?: ListFilter;
  /** how many rows the filter found, announced when the page changes */
  count?: ReactNode;
  pager?: Parameters<typeof Pager>[0];
  /** wide for tables, narrow for lists of cards */
  width?: "wide" | "narrow";
  /** what comes between the heading and the filter (the coupon form, the CSV import) */
  before?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={cx("mx-auto py-6", width === "wide" ? "max-w-7xl px-4" : "max-w-5xl px-3 sm:px-4")}>
      <PageHeader back={back} title={title} intro={intro} actions={actions} />
      {before}
      {filter && (
        <form
          method="get"
          action={filter.action}
          role="search"
          aria-label={filter.label}
          className={cx("my-4 text-sm", filter.className ?? "flex flex-wrap items-end gap-2")}
        >
          {filter.children}
          <Button type="submit">{filter.submitLabel}</Button>
        </form>
      )}
      {count !== undefined && (
        <p className="mb-2 text-sm text-[var(--muted-fg)]" role="status">
          {count}
        </p>
      )}
      {children}
      {pager && <Pager {...pager} />}
    </div>
  );
}
