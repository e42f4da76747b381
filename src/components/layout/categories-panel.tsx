"use client";

import Link from "next/link";
import { Dialog } from "radix-ui";
import { LayoutGrid, X } from "lucide-react";
import { useState } from "react";
import { sheetContent, sheetOverlay } from "../ui/styles";

export interface HeaderCategory {
  name: string;
  slug: string;
  productCount: number;
}

/** 'All Categories': a left slide-out panel listing every category (§2.2). */
export function CategoriesPanel({ categories }: { categories: HeaderCategory[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="hidden h-10 shrink-0 items-center gap-2 rounded-lg px-3 text-sm font-medium hover:bg-[var(--surface)] md:flex">
        <LayoutGrid className="h-5 w-5" aria-hidden /> All Categories
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={sheetOverlay} />
        <Dialog.Content className={sheetContent}>
          <Dialog.Title className="text-lg font-semibold">All Categories</Dialog.Title>
          <Dialog.Description className="sr-only">Browse the catalogue by category.</Dialog.Description>
          <nav aria-label="Categories" className="mt-3">
            <ul className="space-y-0.5">
              <li>
                <Link href="/products" onClick={() => setOpen(false)} className="flex justify-between rounded-md px-2 py-2 font-medium hover:bg-[var(--surface)]">
                  All products
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
                    <span className="text-xs text-[var(--muted-fg)]">{c.productCount.toLocaleString("en-US")}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <Dialog.Close aria-label="Close" className="absolute right-3 top-3 rounded p-1 hover:bg-[var(--surface)]">
            <X className="h-5 w-5" aria-hidden />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
