import type { Ref, SelectHTMLAttributes } from "react";
import { cx } from "../cx";
import { compactControlClass, controlClass } from "./control-class";

/** A native select with the text box's look (no hooks: the admin's server-rendered filters use it). */
export function Select({ ref, compact, className, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement>; compact?: boolean }) {
  return <select ref={ref} className={cx(compact ? compactControlClass : controlClass, className)} {...props} />;
}
