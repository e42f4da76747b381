"use client";

import type { PaymentMethod } from "@/lib/checkout";
import type { Notice } from "../../use-place-order";
import type { CheckoutLine } from "../../checkout-types";

/**
 * The summary's lines with their options as one text, and the notice while it still holds: fixed
 * fields answer "fix the fields", a changed coupon or coins answer what was said about them, and
 * another payment method chosen answers what was said about paying on delivery.
 */
export function useOrderSummary({
  lines,
  notice,
  anyError,
  rewardsKey,
  payment,
}: {
  lines: CheckoutLine[];
  notice: Notice | null;
  anyError: boolean;
  rewardsKey: string;
  payment: PaymentMethod | null;
}) {
  const shownNotice =
    notice?.kind === "fields" && !anyError
      ? null
      : notice?.kind === "text" && notice.rewards !== undefined && notice.rewards !== rewardsKey
        ? null
        : notice?.kind === "on-delivery" && payment !== null && payment !== "on_delivery"
          ? null
          : notice;
  const rows = lines.map((line) => ({
    line,
    key: `${line.productId}-${line.variantId}`,
    attributes: Object.entries(line.attributes)
      .map(([name, value]) => `${name}: ${value}`)
      .join(", "),
  }));
  return { shownNotice, rows };
}
