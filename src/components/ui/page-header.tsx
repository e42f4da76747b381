import Link from "next/link";
import type { ReactNode } from "react";

/**
 * The top of a page: the way back, the heading, what the page is for, and the page's own actions
 * (a "new" button) beside the heading.
 */
export function PageHeader({
  back,
  title,
  intro,
  actions,
}: {
  back?: { href: string; label: string };
  title: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <>
      {back && (
        <p className="text-sm">
          <Link href={back.href} className="text-brand hover:underline">
            {back.label}
          </Link>
        </p>
      )}
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <h1 className="text-xl font-bold break-words">{title}</h1>
          <div className="flex flex-wrap gap-2">{actions}</div>
        </div>
      ) : (
        <h1 className="text-xl font-bold break-words">{title}</h1>
      )}
      {intro && <p className="mb-4 text-sm text-[var(--muted-fg)]">{intro}</p>}
    </>
  );
}
