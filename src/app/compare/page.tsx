import type { Metadata } from "next";
import Link from "next/link";
import { CompareTable } from "@/components/compare/compare-table";
import { StoredComparison } from "@/components/compare/stored-comparison";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/button";
import { COMPARE_MAX, parseCompareIds } from "@/lib/compare";
import { getServices } from "@/server/services";
import { getIntl, getTranslator } from "../i18n";

type Props = { searchParams: Promise<{ ids?: string | string[] }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("catalog.comparePage");
  // a comparison is one shopper's choice of products: not a page for search engines
  return { title: t("title"), robots: { index: false, follow: true } };
}

/** /compare?ids=1,2,3: up to four products side by side (the ids from the address; without any, the ones this browser keeps). */
export default async function ComparePage({ searchParams }: Props) {
  const { locale } = await getIntl();
  const t = await getTranslator("catalog.comparePage");
  const raw = (await searchParams).ids;
  const ids = parseCompareIds(Array.isArray(raw) ? raw.join(",") : raw);
  const { comparison, pageData } = await getServices();
  const [result, categories] = await Promise.all([ids?.length ? comparison.compare(ids, locale) : null, pageData.categories().catch(() => [])]);
  const browse = (
    <Link href="/products" prefetch={false} className={buttonClass({ variant: "secondary", className: "mt-4 text-sm" })}>
      {t("browse")}
    </Link>
  );

  return (
    <div className="mx-auto max-w-6xl px-3 py-4 sm:px-4">
      <PageHeader title={t("title")} intro={t("intro", { max: COMPARE_MAX })} />
      {ids === null ? (
        <div className="mt-6" data-testid="compare-invalid">
          <p>{t("invalid", { max: COMPARE_MAX })}</p>
          {browse}
        </div>
      ) : !result || result.products.length === 0 ? (
        <div className="mt-6" data-testid="compare-empty">
          {ids.length === 0 && <StoredComparison />}
          {result && result.missing.length > 0 && <p className="mb-2">{t("missing", { count: result.missing.length })}</p>}
          <p>{t("empty")}</p>
          {browse}
        </div>
      ) : (
        <>
          {result.missing.length > 0 && (
            <p className="mt-4 text-sm" role="status">
              {t("missing", { count: result.missing.length })}
            </p>
          )}
          <CompareTable comparison={result} categories={categories} />
          {result.products.length === 1 && <p className="mt-4 text-sm text-[var(--muted-fg)]">{t("onlyOne")}</p>}
        </>
      )}
    </div>
  );
}
