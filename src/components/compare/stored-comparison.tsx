"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { compareHref } from "@/lib/compare";
import { useCompareItems } from "./compare-store";

/**
 * On /compare without ids: opens the comparison of the products this browser keeps, when it
 * keeps any (the tray's link names them; a bookmark of the bare page finds them this way).
 */
export function StoredComparison() {
  const items = useCompareItems();
  const router = useRouter();
  const href = items.length ? compareHref(items.map((i) => i.id)) : null;
  useEffect(() => {
    if (href) router.replace(href);
  }, [href, router]);
  return null;
}
