import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ButtonLink } from "@/components/ui/button";
import { StockAlertLinkAction } from "@/components/stock-alerts/link-action";
import { productPath } from "@/lib/slug";
import { getServices } from "@/server/services";
import { AuthCard } from "../../auth/auth-card";
import { getTranslator } from "../../i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("meta.stockAlert");
  return { title: t("title"), robots: { index: false }, referrer: "no-referrer" };
}

/**
 * A stock alert's link (in its message and its confirmation e-mail). Once the shopper was told the
 * product is back, the link opens the product; before, it says what the alert waits for, with a
 * button to confirm an e-mailed alert and one to stop it (opening a link changes nothing).
 */
export default async function StockAlertPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [alert, t] = await Promise.all([(await getServices()).stockAlerts.byToken(token), getTranslator("catalog.stockAlert.page")]);
  if (!alert) {
    return (
      <AuthCard title={t("title")}>
        <p className="text-sm">{t("unknown")}</p>
      </AuthCard>
    );
  }
  const product = productPath({ id: alert.productId, slug: alert.productSlug });
  if (alert.status === "notified" || alert.status === "held") redirect(product);
  const live = alert.status === "waiting" || alert.status === "pending-confirmation";
  return (
    <AuthCard title={t("title")}>
      <p className="mb-4 text-sm" data-testid="stock-alert-state">
        {alert.status === "waiting"
          ? t("waiting", { product: alert.productName })
          : alert.status === "pending-confirmation"
            ? t("pending", { product: alert.productName })
            : t("ended", { product: alert.productName })}
      </p>
      {live && <StockAlertLinkAction token={token} confirm={alert.status === "pending-confirmation" && alert.channel === "email"} />}
      <ButtonLink href={product} variant="ghost" className="mt-3">
        {t("view")}
      </ButtonLink>
    </AuthCard>
  );
}
