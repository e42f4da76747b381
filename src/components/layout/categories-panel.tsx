import Link from "next/link";
import { LayoutGrid } from "lucide-react";
import { PopoverPanel } from "../ui/popover";
import { serverFormatter, serverTranslator } from "../i18n/request-intl";

export interface HeaderCategory {
  name: string;
  slug: string;
  productCount: number;
}

const PANEL_ID = "categories-panel";

/**
 * 'All Categories': a left slide-out panel listing every category, from the header of wide
 * screens. Server HTML opened by its button with no script (ui/popover.tsx).
 */
export function CategoriesPanel({ categories }: { categories: HeaderCategory[] }) {
  const t = serverTranslator("common");
  const format = serverFormatter();
  const row = "flex justify-between gap-2 rounded-md px-2 py-2 hover:bg-[var(--surface)]";
  return (
    <>
      <button
        type="button"
        popoverTarget={PANEL_ID}
        aria-haspopup="dialog"
        className="hidden h-10 shrink-0 items-center gap-2 rounded-lg px-3 text-sm font-medium hover:bg-[var(--surface)] md:flex"
      >
        <LayoutGrid className="h-5 w-5" aria-hidden /> {t("categories.all")}
      </button>
      <PopoverPanel id={PANEL_ID} title={t("categories.all")} description={t("categories.browse")} hideDescription closeLabel={t("ui.close")}>
        <nav aria-label={t("categories.label")} className="mt-3">
          <ul className="space-y-0.5">
            <li>
              <Link href="/products" className={`${row} font-medium`}>
                {t("categories.allProducts")}
              </Link>
            </li>
            {categories.map((c) => (
              <li key={c.slug}>
                <Link href={`/products?category=${encodeURIComponent(c.slug)}`} prefetch={false} className={row}>
                  <span>{c.name}</span>
                  <span className="text-xs text-[var(--muted-fg)]">{format.number(c.productCount)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </PopoverPanel>
    </>
  );
}
