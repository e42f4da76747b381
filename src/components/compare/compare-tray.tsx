"use client";

import Link from "next/link";
import { ImageOff, X } from "lucide-react";
import { useTranslations } from "use-intl";
import { compareHref } from "@/lib/compare";
import { productImageSrcSet } from "@/lib/product-image";
import { useHydrated } from "../hooks/use-hydrated";
import { buttonClass } from "../ui/button";
import { clearCompare, removeCompareItem, useCompareItems } from "./compare-store";

/**
 * The comparison list at the foot of the window while there is one: each product's picture with a
 * button that takes it off, and the link to compare them (two or more) or a word that one more is
 * needed. Nothing before hydration (the list lives in this browser only).
 */
export function CompareTray() {
  const t = useTranslations("catalog.compare");
  const items = useCompareItems();
  const hydrated = useHydrated();
  if (!hydrated || items.length === 0) return null;
  return (
    <section
      aria-label={t("trayLabel")}
      className="sticky bottom-0 z-20 -mx-3 mt-6 flex flex-wrap items-center gap-2 border-t border-[var(--border)] bg-[var(--page-bg)] px-3 py-2 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] sm:mx-0 sm:rounded-t-xl sm:border-x"
      data-testid="compare-tray"
    >
      <ul className="flex gap-2">
        {items.map((item) => (
          <li key={item.id} className="relative">
            <span className="relative block h-11 w-11 overflow-hidden rounded-md border border-[var(--border)] bg-[var(--surface)]">
              <ImageOff className="absolute inset-0 m-auto h-5 w-5 text-[var(--muted-fg)]" aria-hidden />
              {item.image && (
                // eslint-disable-next-line @next/next/no-img-element
                <img
                  src={item.image}
                  srcSet={productImageSrcSet(item.image)}
                  sizes="44px"
                  alt=""
                  width={44}
                  height={44}
                  className="relative h-full w-full object-cover"
                />
              )}
            </span>
            <button
              type="button"
              onClick={() => removeCompareItem(item.id)}
              aria-label={t("remove", { name: item.name })}
              title={t("remove", { name: item.name })}
              className="absolute -top-2 -right-2 flex h-6 w-6 items-center justify-center rounded-full border border-[var(--border)] bg-[var(--page-bg)] text-[var(--muted-fg)] hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand"
            >
              <X className="h-3.5 w-3.5" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
      <div className="ml-auto flex items-center gap-2">
        <button
          type="button"
          onClick={clearCompare}
          aria-label={t("clearLabel")}
          className={buttonClass({ variant: "ghost", size: "sm", className: "text-sm" })}
        >
          {t("clear")}
        </button>
        {items.length > 1 ? (
          <Link
            href={compareHref(items.map((i) => i.id))}
            prefetch={false}
            className={buttonClass({ size: "sm", className: "text-sm" })}
            data-testid="compare-open"
          >
            {t("open", { count: items.length })}
          </Link>
        ) : (
          <p className="text-sm text-[var(--muted-fg)]">{t("needAnother")}</p>
        )}
      </div>
    </section>
  );
}
