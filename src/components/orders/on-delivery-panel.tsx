import { HandCoins, PackageX } from "lucide-react";
import { formatMoney } from "@/lib/money";
import type { OrderView } from "@/lib/orders";
import { refusalFeeDue, type PayOnDeliverySettings } from "@/lib/pay-on-delivery";
import { serverTranslator } from "../i18n/request-intl";
import { onDeliveryState } from "./on-delivery-state";

/**
 * A pay-on-delivery order's word to its shopper: while it is open and unpaid, what to pay, when and
 * to whom (cash, or the shop's till; never a personal number), that the goods may be checked first
 * and what a refusal at the door costs; once refused there, that its stock went back on sale.
 */
export function OnDeliveryPanel({ order, settings }: { order: OrderView; settings: { payOnDelivery: Pick<PayOnDeliverySettings, "refusalFee"> } }) {
  const t = serverTranslator("orders.order.onDelivery");
  const state = onDeliveryState(order);
  const pickup = order.delivery.method === "pickup" ? "yes" : "no";
  if (state === "refused")
    return (
      <div role="status" className="flex gap-3 rounded-xl bg-rose-50 p-4 text-rose-900 dark:bg-rose-950 dark:text-rose-100" data-testid="order-refused">
        <PackageX className="h-6 w-6 shrink-0" aria-hidden />
        <div>
          <p className="font-semibold">{t("refusedTitle", { pickup })}</p>
          <p className="text-sm">{t("refusedText")}</p>
        </div>
      </div>
    );
  if (state !== "due") return null;
  const fee = refusalFeeDue(settings.payOnDelivery.refusalFee, { deliveryFee: order.deliveryFee, deliveryMethod: order.delivery.method });
  return (
    <section aria-labelledby="on-delivery-heading" className="rounded-xl border-2 border-brand p-4 text-sm" data-testid="on-delivery-panel">
      <h2 id="on-delivery-heading" className="flex items-center gap-2 text-base font-semibold">
        <HandCoins className="h-5 w-5 text-brand" aria-hidden />
        {t("due", { total: formatMoney(order.total, "TZS"), pickup })}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>{t("how", { pickup })}</li>
        <li>{t("inspect")}</li>
        {fee > 0 && <li>{t("refusalFee", { fee: formatMoney(fee, "TZS") })}</li>}
      </ul>
    </section>
  );
}
