import type { Metadata } from "next";
import { ListPage } from "@/components/admin/list-page";
import { formatMoney } from "@/lib/money";
import { CouponActiveToggle, CouponCreateForm } from "@/components/rewards/admin-coupons";
import { getServices } from "@/server/services";
import { requireAdmin } from "../../admin-guard";
import { getTranslator } from "../../i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("rewards.meta");
  return { title: t("admin"), robots: { index: false } };
}

/** The admin's coupons: every coupon with its uses, a form for a new one, and switching one off. */
export default async function AdminCouponsPage() {
  await requireAdmin("/admin/coupons");
  const [t, coupons] = await Promise.all([getTranslator("rewards.admin"), (await getServices()).rewards.adminList()]);
  const money = (n: number) => formatMoney(n, "TZS");
  return (
    <ListPage
      back={{ href: "/admin", label: t("toAdmin") }}
      title={t("title")}
      before={
        <div className="mt-6">
          <CouponCreateForm />
        </div>
      }
    >
      <section aria-labelledby="list-heading" className="mt-6">
        <h2 id="list-heading" className="mb-2 text-lg font-semibold">
          {t("list")}
        </h2>
        {coupons.length === 0 ? (
          <p className="text-sm text-[var(--muted-fg)]">{t("none")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <thead className="border-b border-[var(--border)] text-xs text-[var(--muted-fg)] uppercase">
                <tr>
                  <th className="py-2 pr-3">{t("code")}</th>
                  <th className="py-2 pr-3">{t("value")}</th>
                  <th className="py-2 pr-3">{t("minSubtotal")}</th>
                  <th className="py-2 pr-3">{t("window")}</th>
                  <th className="py-2 pr-3">{t("uses")}</th>
                  <th className="py-2 pr-3">{t("status")}</th>
                  <th className="py-2" />
                </tr>
              </thead>
              <tbody>
                {coupons.map((c) => (
                  <tr key={c.code} className="border-b border-[var(--border)]" data-testid="admin-coupon-row">
                    <td className="py-1.5 pr-3 font-mono font-semibold">
                      {c.code}
                      <span className="block font-sans text-xs font-normal text-[var(--muted-fg)]">
                        {c.public ? t("listedPublic") : t("listedPrivate")}
                        {c.firstOrderOnly ? ` · ${t("firstOrderOnly")}` : ""}
                      </span>
                    </td>
                    <td className="py-1.5 pr-3 whitespace-nowrap">{c.kind === "percent" ? `${c.value}%` : money(c.value)}</td>
                    <td className="py-1.5 pr-3 whitespace-nowrap">{money(c.minSubtotal)}</td>
                    <td className="py-1.5 pr-3 whitespace-nowrap">
                      {c.validFrom || c.validUntil ? `${c.validFrom ?? "…"} – ${c.validUntil ?? "…"}` : t("always")}
                    </td>
                    <td className="py-1.5 pr-3 whitespace-nowrap">
                      {c.uses} / {c.usageLimit ?? t("unlimited")}
                      {c.perCustomerLimit !== null && (
                        <span className="block text-xs text-[var(--muted-fg)]">{t("perShopper", { count: c.perCustomerLimit })}</span>
                      )}
                    </td>
                    <td className="py-1.5 pr-3">{c.active ? t("active") : t("inactive")}</td>
                    <td className="py-1.5 text-right">
                      <CouponActiveToggle code={c.code} active={c.active} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </ListPage>
  );
}
