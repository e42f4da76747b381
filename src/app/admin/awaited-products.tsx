import Link from "next/link";
import { adminNumberFormat, adminTimeFormat } from "@/components/admin/time-format";
import { getServices } from "@/server/services";
import { getIntl, getTranslator } from "../i18n";

/**
 * The dashboard's "most awaited sold-out products": how many shoppers wait for a "notify me"
 * alert per product, most first (what to import next).
 */
export async function AwaitedProducts() {
  const [products, t, { locale }] = await Promise.all([
    (await getServices()).stockAlerts.mostAwaited(10),
    getTranslator("admin.stockAlerts.awaited"),
    getIntl(),
  ]);
  const count = adminNumberFormat(locale);
  const when = adminTimeFormat(locale);
  return (
    <section aria-labelledby="dashboard-awaited" className="rounded-xl border border-[var(--border)] bg-[var(--surface)] p-4">
      <h2 id="dashboard-awaited" className="text-base font-semibold">
        {t("title")}
      </h2>
      <p className="text-sm text-[var(--muted-fg)]">{t("intro")}</p>
      {products.length === 0 ? (
        <p className="mt-3 text-sm text-[var(--muted-fg)]">{t("none")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-[var(--border)] text-sm" data-testid="awaited-list">
          {products.map((p) => (
            <li key={p.productId} className="flex items-center justify-between gap-3 py-2">
              <span className="min-w-0">
                <Link href={`/admin/products/${p.productId}`} className="font-medium break-words hover:underline">
                  {p.name}
                </Link>
                <span className="block text-xs text-[var(--muted-fg)]">
                  {p.sku} · {t("stock")}: {count.format(p.stock)} · {t("since")}: {when.format(new Date(p.oldest))}
                </span>
              </span>
              <span className="shrink-0 text-right font-bold tabular-nums">
                <span className="sr-only">{t("waiting")}: </span>
                {count.format(p.waiting)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
