import Link from "next/link";
import { LoaderCircle } from "lucide-react";
import type { ButtonHTMLAttributes, ComponentProps, ReactNode, Ref } from "react";
import { cx } from "./cx";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger" | "danger-outline";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-wait";
const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand text-white",
  secondary: "border border-[var(--border)] hover:bg-[var(--surface)]",
  ghost: "text-brand hover:bg-[var(--surface)]",
  danger: "bg-red-700 text-white",
  "danger-outline": "border border-red-700 text-red-700 dark:text-red-300",
};
// no font size here: a caller adds text-sm where its row is small, without two sizes competing
const sizes: Record<ButtonSize, string> = {
  sm: "h-9 px-3",
  md: "h-10 px-4",
  lg: "h-11 px-5",
  icon: "h-10 w-11",
};

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** the full width of its container */
  block?: boolean;
  className?: string;
}

/** The class list of a button of this style, for the parts that render their own element (Radix's Close and Action). */
export function buttonClass({ variant = "primary", size = "md", block, className }: ButtonStyle = {}): string {
  return cx(base, variants[variant], sizes[size], block && "w-full", className);
}

export interface ButtonProps extends ButtonStyle, Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className"> {
  ref?: Ref<HTMLButtonElement>;
  /** while true: disabled, aria-busy and a spinner, so a second press cannot send twice */
  busy?: boolean;
  /** the label while busy (e.g. "Sending…"); the usual label stays without one */
  busyText?: ReactNode;
}

/** A button: primary (the brand colour), secondary (outlined), ghost, danger; sm, md, lg or a square icon. */
export function Button({ variant, size, block, className, busy, busyText, disabled, type = "button", children, ...props }: ButtonProps) {
  return (
    <button type={type} disabled={disabled || busy} aria-busy={busy || undefined} className={buttonClass({ variant, size, block, className })} {...props}>
      {busy && <LoaderCircle className="h-4 w-4 shrink-0 animate-spin" aria-hidden />}
      {busy && busyText ? busyText : children}
    </button>
  );
}

/** A link that looks like a button (a page to go to, not an action). */
export function ButtonLink({ variant, size, block, className, ...props }: ButtonStyle & ComponentProps<typeof Link>) {
  return <Link className={buttonClass({ variant, size, block, className })} {...props} />;
}
