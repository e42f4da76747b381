import type { ComponentProps, CSSProperties } from "react";
import { cx } from "./cx";

/**
 * A price as one unit that always fits the width it is given: never wrapped (formatMoney's space
 * does not break) and never clipped. Inside a size container (Tailwind's `@container` on an
 * ancestor) its type shrinks with the container's width and the price's own length, from the size
 * set by `--price-max` (default 1rem) down, so "TSh 1,050,000" fits a phone's three-column card
 * as "TSh 500" does. Outside a container it stays at `--price-max` (the viewport is the container).
 */
export function FittedPrice({ text, className, style, ...props }: Omit<ComponentProps<"span">, "children"> & { text: string }) {
  return (
    <span {...props} className={cx("price-fit", className)} style={{ ...style, "--price-chars": text.length } as CSSProperties}>
      {text}
    </span>
  );
}
