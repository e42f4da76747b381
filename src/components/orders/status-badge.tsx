"use client";

import { useTranslations } from "use-intl";
import type { OrderStatus } from "@/lib/checkout";
import { cx } from "../ui/cx";

const TONES: Record<OrderStatus, string> = {
  awaiting_payment: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  confirmed: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  paid: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  processing: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  ready_for_pickup: "bg-teal-100 text-teal-900 dark:bg-teal-950 dark:text-teal-100",
  shipped: "bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100",
  partly_shipped: "bg-indigo-50 text-indigo-900 ring-1 ring-indigo-300 dark:bg-indigo-950 dark:text-indigo-100",
  delivered: "bg-emerald-600 text-white",
  refused: "bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-100",
  cancelled: "bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100",
  partly_refunded: "bg-zinc-100 text-zinc-800 ring-1 ring-zinc-300 dark:bg-zinc-900 dark:text-zinc-100",
  refunded: "bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100",
};

/** An order's status as a coloured label, in the page's language (the colour is never the only sign). */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  const t = useTranslations("orders.status");
  return (
    <span
      data-testid="order-status"
      data-status={status}
      className={cx("inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold", TONES[status], className)}
    >
      {t(status)}
    </span>
  );
}
