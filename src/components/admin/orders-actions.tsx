"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { api, isApiError } from "@/lib/api-client";
import type { OrderStatus } from "@/lib/checkout";
import { handsOverGoods, type AdminOrderAction } from "@/lib/orders";
import { TextField } from "../ui/form";
import { useErrorText } from "../i18n/error-text";
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogTrigger } from "../ui/dialog";
import { toast } from "../ui/toaster";
import { buttonClass } from "../ui/button";
import { CollectDialog, RefuseDialog } from "../rider/outcome-dialogs";
import { AssignRiderDialog } from "./assign-rider";

/** Actions that undo something (stock returned, money owed back) ask first. */
const CONFIRM = ["cancel", "refund", "mark-paid"] as const satisfies readonly AdminOrderAction[];
type Confirmed = (typeof CONFIRM)[number];
const asksFirst = (action: AdminOrderAction): action is Confirmed => (CONFIRM as readonly AdminOrderAction[]).includes(action);

/**
 * The admin's actions on one order: only those its state allows (the server says which, and checks
 * again). Shipping needs the carrier and the tracking number; a note goes on the order's timeline.
 * Handing over the goods of a test order (paid in the sandbox: no money came in) asks first, and
 * only the confirmed request carries the flag the server requires for it.
 */
export function AdminOrderActions({
  number,
  actions,
  test = false,
  status,
  total = 0,
  refusalFee = 0,
  riderId = null,
}: {
  number: string;
  actions: AdminOrderAction[];
  /** a test order: its payment went to the payment sandbox */
  test?: boolean;
  status: OrderStatus;
  /** the order's total: what "collect" takes */
  total?: number;
  /** what a refusal costs the customer (the settings' rule: the delivery fee, or nothing) */
  refusalFee?: number;
  /** the rider the order is with, if any */
  riderId?: number | null;
}) {
  const t = useTranslations("orders.admin");
  const router = useRouter();
  const errorText = useErrorText();
  const [note, setNote] = useState("");
  const [carrier, setCarrier] = useState("");
  const [trackingNumber, setTrackingNumber] = useState("");
  const [problem, setProblem] = useState<{ field: "carrier" | "trackingNumber" | null; text: string } | null>(null);
  const [busy, setBusy] = useState<AdminOrderAction | null>(null);
  const [confirmingTest, setConfirmingTest] = useState<AdminOrderAction | null>(null);
  const sending = useRef(false);

  if (actions.length === 0) return <p className="text-sm text-[var(--muted-fg)]">{t("noActions")}</p>;

  /** The shipment's fields are filled in (shown at their fields when not). */
  const shipmentReady = (action: AdminOrderAction): boolean => {
    if (action !== "ship") return true;
    const missing = !carrier.trim() ? "carrier" : !trackingNumber.trim() ? "trackingNumber" : null;
    if (missing) setProblem({ field: missing, text: t(`errors.${missing}`) });
    return missing === null;
  };

  const act = async (action: AdminOrderAction, confirmTestOrder = false) => {
    if (sending.current) return;
    if (!shipmentReady(action)) return;
    setProblem(null);
    sending.current = true;
    setBusy(action);
    try {
      await api.adminOrders.act(number, action, {
        note: note.trim() || undefined,
        ...(action === "ship" ? { carrier: carrier.trim(), trackingNumber: trackingNumber.trim() } : {}),
        ...(confirmTestOrder ? { confirmTestOrder: true } : {}),
      });
      toast({ title: t("done"), description: t(`doneText.${action}`, { number }) });
      setNote("");
      router.refresh();
    } catch (error) {
      const field = isApiError(error, "validation") && (error.body.field === "carrier" || error.body.field === "trackingNumber") ? error.body.field : null;
      setProblem({ field, text: field ? t(`errors.${field}`) : errorText(error) });
      if (isApiError(error, "invalid-state")) router.refresh();
    } finally {
      sending.current = false;
      setBusy(null);
    }
  };

  /** collect, refuse, assign-rider: each a dialog of its own, sent as the order action with its body */
  const onDelivery = (action: "collect" | "refuse" | "assign-rider", className: string) => {
    const done = () => {
      toast({ title: t("done"), description: t(`doneText.${action}`, { number }) });
      router.refresh();
    };
    const failed = (error: unknown) => {
      if (isApiError(error, "invalid-state")) router.refresh();
      throw error;
    };
    const label = t(`action.${action}`);
    const disabled = busy !== null;
    if (action === "collect")
      return (
        <CollectDialog
          key={action}
          number={number}
          total={total}
          withNote
          submit={(body) => api.adminOrders.act(number, "collect", body).catch(failed)}
          onDone={done}
          triggerLabel={label}
          triggerClassName={className}
          disabled={disabled}
        />
      );
    if (action === "refuse")
      return (
        <RefuseDialog
          key={action}
          number={number}
          fee={refusalFee}
          submit={(body) => api.adminOrders.act(number, "refuse", body).catch(failed)}
          onDone={done}
          triggerLabel={label}
          triggerClassName={className}
          disabled={disabled}
        />
      );
    return (
      <AssignRiderDialog
        key={action}
        number={number}
        currentRiderId={riderId}
        submit={(id) => api.adminOrders.act(number, "assign-rider", { riderId: id }).catch(failed)}
        onDone={done}
        triggerLabel={label}
        triggerClassName={className}
        disabled={disabled}
      />
    );
  };

  const button = (action: AdminOrderAction) => {
    const danger = action === "cancel" || action === "refund" || action === "refuse";
    const className = buttonClass({ variant: danger ? "danger-outline" : "primary", className: "text-sm" });
    if (action === "collect" || action === "refuse" || action === "assign-rider") return onDelivery(action, className);
    const label = busy === action ? t("working") : t(`action.${action}`);
    if (test && handsOverGoods(status, action))
      return (
        <AlertDialog key={action} open={confirmingTest === action} onOpenChange={(open) => setConfirmingTest(open ? action : null)}>
          <button
            type="button"
            disabled={busy !== null}
            // the shipment's fields first: the confirmation is about the missing payment, not a form error
            onClick={() => {
              if (shipmentReady(action)) {
                setProblem(null);
                setConfirmingTest(action);
              }
            }}
            className={className}
          >
            {label}
          </button>
          <AlertDialogContent title={t("confirmTest.title", { number })} description={t("confirmTest.text")}>
            <div className="mt-4 flex flex-wrap justify-end gap-2">
              <AlertDialogCancel className={buttonClass({ variant: "secondary", size: "sm", className: "text-sm" })}>{t("notNow")}</AlertDialogCancel>
              <AlertDialogAction onClick={() => void act(action, true)} className={buttonClass({ variant: "danger", size: "sm", className: "text-sm" })}>
                {t("confirmTest.action", { action })}
              </AlertDialogAction>
            </div>
          </AlertDialogContent>
        </AlertDialog>
      );
    if (!asksFirst(action))
      return (
        <button key={action} type="button" disabled={busy !== null} onClick={() => void act(action)} className={className}>
          {label}
        </button>
      );
    return (
      <AlertDialog key={action}>
        <AlertDialogTrigger disabled={busy !== null} className={className}>
          {label}
        </AlertDialogTrigger>
        <AlertDialogContent title={t(`confirm.${action}.title`, { number })} description={t(`confirm.${action}.text`)}>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <AlertDialogCancel className={buttonClass({ variant: "secondary", size: "sm", className: "text-sm" })}>{t("notNow")}</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => void act(action)}
              className={buttonClass({ variant: danger ? "danger" : "primary", size: "sm", className: "text-sm" })}
            >
              {t(`action.${action}`)}
            </AlertDialogAction>
          </div>
        </AlertDialogContent>
      </AlertDialog>
    );
  };

  return (
    <div className="space-y-3 text-sm">
      {actions.includes("ship") && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            name="carrier"
            label={t("carrier")}
            value={carrier}
            onChange={(e) => setCarrier(e.target.value)}
            hint={t("carrierHint")}
            error={problem?.field === "carrier" ? problem.text : null}
          />
          <TextField
            name="trackingNumber"
            label={t("trackingNumber")}
            value={trackingNumber}
            onChange={(e) => setTrackingNumber(e.target.value)}
            error={problem?.field === "trackingNumber" ? problem.text : null}
          />
        </div>
      )}
      <TextField
        name="note"
        label={t("note")}
        optionalText={t("optional")}
        value={note}
        maxLength={500}
        onChange={(e) => setNote(e.target.value)}
        hint={t("noteHint")}
      />
      {problem && problem.field === null && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200">
          {problem.text}
        </p>
      )}
      <div className="flex flex-wrap gap-2">{actions.map(button)}</div>
    </div>
  );
}
