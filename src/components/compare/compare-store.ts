"use client";

import { useMemo } from "react";
import { COMPARE_MAX, COMPARE_STORAGE_KEY, addToCompare, readStoredCompare, type CompareItem } from "@/lib/compare";
import { readLocal, useLocalValue, writeLocal } from "../stores/local-store";
import { TOAST_MS, toast } from "../ui/toaster";

/**
 * The products chosen for comparison, kept in this browser (localStorage, so every tab and later
 * visits see the same list), at most COMPARE_MAX. The server never sees the list: the comparison
 * page reads the ids from its address.
 */
export function useCompareItems(): CompareItem[] {
  const text = useLocalValue(COMPARE_STORAGE_KEY);
  return useMemo(() => readStoredCompare(text), [text]);
}

const save = (items: CompareItem[]) => writeLocal(COMPARE_STORAGE_KEY, JSON.stringify(items));
const current = () => readStoredCompare(readLocal(COMPARE_STORAGE_KEY));

/** Adds a product; a full list refuses it with a toast that says why. True when it is on the list afterwards. */
export function addCompareItem(item: CompareItem): boolean {
  const { items, full } = addToCompare(current(), item);
  if (full) {
    toast({
      title: (t) => t("catalog.compare.fullTitle"),
      description: (t) => t("catalog.compare.full", { max: COMPARE_MAX }),
      variant: "destructive",
      duration: TOAST_MS.error,
    });
    return false;
  }
  save(items);
  toast({ title: (t) => t("catalog.compare.added"), description: (t) => t("catalog.compare.addedText", { name: item.name }) });
  return true;
}

export function removeCompareItem(id: number, announce = true): void {
  const before = current();
  const gone = before.find((i) => i.id === id);
  save(before.filter((i) => i.id !== id));
  if (gone && announce) toast({ title: (t) => t("catalog.compare.removedText", { name: gone.name }) });
}

export function clearCompare(): void {
  save([]);
}
