import type { Locale } from "@/lib/locale";
import type { ProductQuery } from "@/lib/product-query";
import type { Database } from "../db";
import { attributeIndex } from "./attributes";
import { facetCounts } from "./facets";
import type { SpecFilter } from "./filters";
import { understandSearch } from "./understanding";

/** Specifications for the pages and the API: facet counts, a search's understanding, the definitions. */
export function createSpecService(db: Database) {
  return {
    facets: (query: ProductQuery, locale: Locale, extra?: readonly SpecFilter[]) => facetCounts(db, query, locale, extra),
    understand: (text: string, categoryId: number | null) => understandSearch(db, text, categoryId, []),
    attributes: () => attributeIndex(db),
  };
}

export type SpecService = ReturnType<typeof createSpecService>;
