"use client";

import { LoaderCircle } from "lucide-react";
import { useLinkStatus } from "next/link";
import { cx } from "./cx";

/**
 * Inside a `<Link>`: a spinner while the page it opens is on its way. The listing and the product
 * pages render whole rather than behind a skeleton (their largest picture then paints with the
 * first frame), so a tap on a slow connection needs this sign that it was heard. Nothing shows when
 * the page was fetched ahead and opens at once.
 */
export function LinkPending({ overlay = false, className }: { overlay?: boolean; className?: string }) {
  const { pending } = useLinkStatus();
  if (!pending) return null;
  const spinner = <LoaderCircle className={cx("animate-spin", overlay ? "h-8 w-8" : "inline h-3.5 w-3.5", className)} aria-hidden />;
  if (!overlay) return <span className="ml-1 align-middle">{spinner}</span>;
  return <span className="absolute inset-0 flex items-center justify-center bg-[var(--page-bg)]/50 text-brand">{spinner}</span>;
}
