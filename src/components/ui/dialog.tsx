"use client";

import { AlertDialog as RadixAlertDialog, Dialog as RadixDialog } from "radix-ui";
import { X } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { useTranslations } from "use-intl";
import { useHydrated } from "../hooks/use-hydrated";

/** Radix Dialog's state parts, unchanged: Root holds open/onOpenChange, Trigger opens, Close closes. */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

const overlayClass = "fixed inset-0 z-40 bg-black/40";
const panelClass = "fixed left-1/2 z-50 -translate-x-1/2 rounded-xl bg-[var(--page-bg)] p-5 text-[var(--page-fg)] shadow-xl";
const titleClass = "text-lg font-semibold";
const descriptionClass = "text-sm text-[var(--muted-fg)]";

export interface ShellProps extends Omit<ComponentProps<typeof RadixDialog.Content>, "title"> {
  /** The dialog's accessible name, shown as its heading unless hideTitle. */
  title: ReactNode;
  hideTitle?: boolean;
  description?: ReactNode;
  hideDescription?: boolean;
  /** The accessible name of the X button in the top right corner. */
  closeLabel?: string;
}

/**
 * Portal, overlay, content, title, description and the X close button: the frame every modal and
 * side sheet shares. Content's own props (onOpenAutoFocus, onCloseAutoFocus, onEscapeKeyDown…) pass through.
 */
export function ModalShell({
  title,
  hideTitle,
  description,
  hideDescription,
  closeLabel,
  iconClassName,
  className,
  children,
  ...contentProps
}: ShellProps & { iconClassName: string }) {
  const t = useTranslations("common.ui");
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={overlayClass} />
      <RadixDialog.Content {...(description === undefined && { "aria-describedby": undefined })} {...contentProps} className={className}>
        <RadixDialog.Title className={hideTitle ? "sr-only" : titleClass}>{title}</RadixDialog.Title>
        {description !== undefined && (
          <RadixDialog.Description className={hideDescription ? "sr-only" : descriptionClass}>{description}</RadixDialog.Description>
        )}
        {children}
        <RadixDialog.Close aria-label={closeLabel ?? t("close")} className="absolute top-3 right-3 rounded p-1 hover:bg-[var(--surface)]">
          <X className={iconClassName} aria-hidden />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/**
 * A centred modal. className sets its size and its top edge (e.g. `top-[10vh] max-h-[85vh]
 * w-[min(32rem,calc(100vw-1.5rem))] overflow-y-auto`); without one it sits in the middle of the
 * screen, 26rem wide at most.
 */
export function DialogContent({ className = "top-1/2 -translate-y-1/2 w-[min(26rem,calc(100vw-2rem))]", ...props }: ShellProps) {
  return <ModalShell {...props} iconClassName="h-4 w-4" className={`${panelClass} ${className}`} />;
}

/** Radix AlertDialog's parts, for a confirmation that must be answered (no X, no outside click). */
export const AlertDialog = RadixAlertDialog.Root;
export const AlertDialogCancel = RadixAlertDialog.Cancel;
export const AlertDialogAction = RadixAlertDialog.Action;

/**
 * Opens the confirmation. Disabled until the page has hydrated: before then nothing listens, so a
 * press would be lost while the button looked ready.
 */
export function AlertDialogTrigger({ disabled, ...props }: ComponentProps<typeof RadixAlertDialog.Trigger>) {
  const hydrated = useHydrated();
  return <RadixAlertDialog.Trigger disabled={disabled || !hydrated} {...props} />;
}
/** The confirmation's frame, styled like DialogContent: children are its Cancel and Action buttons. */
export function AlertDialogContent({
  title,
  description,
  className = "top-1/3 w-[min(24rem,calc(100vw-2rem))]",
  children,
  ...contentProps
}: Omit<ComponentProps<typeof RadixAlertDialog.Content>, "title"> & { title: ReactNode; description: ReactNode }) {
  return (
    <RadixAlertDialog.Portal>
      <RadixAlertDialog.Overlay className={overlayClass} />
      <RadixAlertDialog.Content {...contentProps} className={`${panelClass} ${className}`}>
        <RadixAlertDialog.Title className={titleClass}>{title}</RadixAlertDialog.Title>
        <RadixAlertDialog.Description className={`mt-1 ${descriptionClass}`}>{description}</RadixAlertDialog.Description>
        {children}
      </RadixAlertDialog.Content>
    </RadixAlertDialog.Portal>
  );
}
