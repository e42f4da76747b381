"use client";

import { useImperativeHandle, useRef, type ChangeEvent, type InputHTMLAttributes, type Ref } from "react";
import { useInputBeforeHydration } from "../../hooks/use-input-before-hydration";
import { cx } from "../cx";
import { compactControlClass, controlClass } from "./control-class";

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement | null>;
  /** the denser look (sign-in dialogs, admin filters) */
  compact?: boolean;
  /** called with the new text on every change, beside onChange */
  onValueChange?: (value: string) => void;
}

/**
 * A text box. A controlled one keeps what was typed before React hydrated it: that early input is
 * handed to its change handlers once, right after hydration (useInputBeforeHydration).
 */
export function Input({ ref, compact, className, onValueChange, onChange, ...props }: InputProps) {
  const inner = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => inner.current as HTMLInputElement);
  useInputBeforeHydration(inner, props.value === undefined ? null : String(props.value), (value) => {
    const element = inner.current;
    // the handlers read event.target, which already holds the early input
    if (element) onChange?.({ target: element, currentTarget: element } as ChangeEvent<HTMLInputElement>);
    onValueChange?.(value);
  });
  return (
    <input
      ref={inner}
      className={cx(compact ? compactControlClass : controlClass, className)}
      onChange={(event) => {
        onChange?.(event);
        onValueChange?.(event.target.value);
      }}
      {...props}
    />
  );
}
