import { formatDateRange, isLate } from "@/lib/delivery-estimate";
import { SHOP_TIME_ZONE } from "@/lib/locale";
import type { OrderView } from "@/lib/orders";
import { shopDateOf } from "@/lib/shop-calendar";
import { serverLocale, serverTranslator } from "../i18n/request-intl";

/**
 * The days an order was promised (pick-up: to be ready), on its page for the shopper and for the
 * admin: the promise it was sold with, moved only by a slip the shopper was told of, and "late"
 * once its last day has passed with the order still owed. Rendered on the server. Texts:
 * delivery.promise.
 */
export function OrderPromise({ order }: { order: Pick<OrderView, "promise" | "status" | "delivery"> }) {
  const { promise } = order;
  if (!promise) return null;
  const t = serverTranslator("delivery.promise");
  const locale = serverLocale();
  const late = isLate({ status: order.status, promisedTo: promise.to }, shopDateOf(new Date(), SHOP_TIME_ZONE));
  return (
    <p className="mt-1" data-testid="order-promise" data-from={promise.from} data-to={promise.to}>
      {t("promised", { method: order.delivery.method, dates: formatDateRange(promise.from, promise.to, locale) })}
      {promise.slips > 0 && <span className="text-[var(--muted-fg)]"> {t("moved", { count: promise.slips })}</span>}
      {late && (
        <span className="ml-1 inline-block rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-900" data-testid="order-late">
          {t("late")}
        </span>
      )}
    </p>
  );
}
