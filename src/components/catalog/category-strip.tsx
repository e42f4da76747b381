"use client";

import Link from "next/link";
import { LinkPending } from "../ui/link-pending";
import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { categoryWindow, filtersFromParams } from "@/lib/listing";
import { imageResults } from "../search/image-search-state";

const PHONE_WINDOW = 4;
const PHONE_ROTATION_MS = 60_000;
const WIDE_COUNT = 10;

/**
 * Categories come with their names in the page's language. On a phone 4 categories at a time, the
 * window moving every 60 s; wide screens show the first 10. The highlight follows the filter the
 * listing shows now (the URL the filter bar and panels change in place), and none while results
 * of an image search stand in for the listing.
 */
export function CategoryStrip({ categories }: { categories: { name: string; slug: string }[] }) {
  const t = useTranslations("catalog");
  const params = useSearchParams();
  const showingImageResults = imageResults.use() !== null;
  const filters = filtersFromParams(Object.fromEntries(params));
  const activeSlugs = new Set(showingImageResults ? [] : [filters.category, ...filters.categories].filter(Boolean));
  const [start, setStart] = useState(0);
  useEffect(() => {
    if (categories.length <= PHONE_WINDOW) return;
    const timer = setInterval(() => setStart((s) => (s + PHONE_WINDOW) % categories.length), PHONE_ROTATION_MS);
    return () => clearInterval(timer);
  }, [categories.length]);

  const chip = (c: { name: string; slug: string }) => (
    <li key={c.slug} className="shrink-0">
      <Link
        href={`/products?category=${encodeURIComponent(c.slug)}`}
        prefetch={false}
        aria-current={activeSlugs.has(c.slug) ? "page" : undefined}
        className={`block rounded-full border px-3 py-1.5 text-xs whitespace-nowrap sm:text-sm ${activeSlugs.has(c.slug) ? "border-brand bg-brand text-white" : "border-[var(--border)] hover:border-brand hover:text-brand"}`}
      >
        {c.name}
        <LinkPending />
      </Link>
    </li>
  );

  return (
    <nav aria-label={t("categoryStrip")} className="mt-3">
      <ul className="-mx-3 flex [scrollbar-width:none] gap-1.5 overflow-x-auto px-3 pb-1 md:hidden">{categoryWindow(categories, start).map(chip)}</ul>
      <ul className="hidden flex-wrap gap-2 md:flex">{categories.slice(0, WIDE_COUNT).map(chip)}</ul>
    </nav>
  );
}
