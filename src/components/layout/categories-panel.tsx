"use client";

import { lazy, type ComponentProps } from "react";
import { LayoutGrid } from "lucide-react";
import { useTranslations } from "use-intl";
import { DeferredPopup } from "../ui/deferred-popup";
import { loadOnce } from "../ui/prefetch";

export interface HeaderCategory {
  name: string;
  slug: string;
  productCount: number;
}

const loadPopup = loadOnce(() => import("./categories-panel-popup"));
const CategoriesPanelPopup = lazy(() => loadPopup().then((m) => ({ default: m.CategoriesPanelPopup })));

/** 'All Categories', the same button before and after its panel's script has loaded. */
export function CategoriesPanelButton(props: ComponentProps<"button">) {
  const t = useTranslations("common.categories");
  return (
    <button type="button" className="hidden h-10 shrink-0 items-center gap-2 rounded-lg px-3 text-sm font-medium hover:bg-[var(--surface)] md:flex" {...props}>
      <LayoutGrid className="h-5 w-5" aria-hidden /> {t("all")}
    </button>
  );
}

/** 'All Categories': a left slide-out panel listing every category, from the header of wide screens. */
export function CategoriesPanel({ categories }: { categories: HeaderCategory[] }) {
  return (
    <DeferredPopup load={loadPopup} popup="dialog" shell={(props) => <CategoriesPanelButton {...props} />}>
      {(open) => <CategoriesPanelPopup categories={categories} defaultOpen={open} />}
    </DeferredPopup>
  );
}
