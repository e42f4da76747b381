import type { Ref, TextareaHTMLAttributes } from "react";
import { cx } from "../cx";
import { textareaClass } from "./control-class";

/** A multi-line text box with the text box's look. */
export function Textarea({ ref, className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea ref={ref} className={cx(textareaClass, className)} {...props} />;
}
