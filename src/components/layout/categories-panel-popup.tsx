"use client";

import Link from "next/link";
import { useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { Sheet, SheetContent, SheetTrigger } from "../ui/sheet";
import { CategoriesPanelButton, type HeaderCategory } from "./categories-panel";

/** 'All Categories': a left slide-out panel listing every category, from the header of wide screens (loaded on first press: categories-panel.tsx). */
export function CategoriesPanelPopup({ categories, defaultOpen }: { categories: HeaderCategory[]; defaultOpen: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const t = useTranslations("common.categories");
  const format = useFormatter();
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <CategoriesPanelButton />
      </SheetTrigger>
      <SheetContent title={t("all")} description={t("browse")} hideDescription>
        <nav aria-label={t("label")} className="mt-3">
          <ul className="space-y-0.5">
            <li>
              <Link href="/products" onClick={() => setOpen(false)} className="flex justify-between rounded-md px-2 py-2 font-medium hover:bg-[var(--surface)]">
                {t("allProducts")}
              </Link>
            </li>
            {categories.map((c) => (
              <li key={c.slug}>
                <Link
                  href={`/products?category=${encodeURIComponent(c.slug)}`}
                  prefetch={false}
                  onClick={() => setOpen(false)}
                  className="flex justify-between gap-2 rounded-md px-2 py-2 hover:bg-[var(--surface)]"
                >
                  <span>{c.name}</span>
                  <span className="text-xs text-[var(--muted-fg)]">{format.number(c.productCount)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </SheetContent>
    </Sheet>
  );
}
