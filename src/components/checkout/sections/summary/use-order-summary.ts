"use client";

import type { Notice } from "../../use-place-order";
import type { CheckoutLine } from "../../checkout-types";

/**
 * The summary's lines with their options as one text, and the notice while it still holds: fixed
 * fields answer "fix the fields", a changed coupon or coins answer what was said about them.
 */
export function useOrderSummary({
  lines,
  notice,
  anyError,
  rewardsKey,
}: {
  lines: CheckoutLine[];
  notice: Notice | null;
  anyError: boolean;
  rewardsKey: string;
}) {
  const shownNotice =
    notice?.kind === "fields" && !anyError ? null : notice?.kind === "text" && notice.rewards !== undefined && notice.rewards !== rewardsKey ? null : notice;
  const rows = lines.map((line) => ({
    line,
    key: `${line.productId}-${line.variantId}`,
    attributes: Object.entries(line.attributes)
      .map(([name, value]) => `${name}: ${value}`)
      .join(", "),
  }));
  return { shownNotice, rows };
}
