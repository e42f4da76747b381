"use client";

import Link from "next/link";
import { useId, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import type { RidersResponse } from "@/lib/contract/on-delivery";
import { useErrorText } from "../i18n/error-text";
import { Button, buttonClass } from "../ui/button";
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogTrigger } from "../ui/dialog";
import { Field, Select } from "../ui/form";

type Rider = RidersResponse["riders"][number];

/**
 * Sends a pay-on-delivery order out with one of the shop's riders (or over to another one): the
 * riders are loaded when the dialog opens, each with the deliveries they hold now. With no rider
 * yet, it says so and links to the customers, where an account is made a rider.
 */
export function AssignRiderDialog({
  number,
  currentRiderId,
  submit,
  onDone,
  triggerLabel,
  triggerClassName,
  disabled,
}: {
  number: string;
  currentRiderId: number | null;
  submit: (riderId: number) => Promise<unknown>;
  onDone: () => void;
  triggerLabel: string;
  triggerClassName: string;
  disabled?: boolean;
}) {
  const t = useTranslations("delivery");
  const ta = useTranslations("orders.admin");
  const errorText = useErrorText();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [riders, setRiders] = useState<Rider[] | null>(null);
  const [choice, setChoice] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  function opened(next: boolean) {
    setOpen(next);
    if (!next) return;
    setProblem(null);
    setRiders(null);
    api.adminDeliveries
      .riders()
      .then(({ riders: list }) => {
        setRiders(list);
        // another rider than the one holding it, when it is a hand-over between riders
        const first = list.find((r) => r.id !== currentRiderId) ?? list[0];
        setChoice(first ? String(first.id) : "");
      })
      .catch((error: unknown) => {
        setRiders([]);
        setProblem(errorText(error));
      });
  }

  async function send() {
    if (sending.current) return;
    if (!choice) {
      setProblem(t("assign.riderNeeded"));
      return;
    }
    sending.current = true;
    setBusy(true);
    setProblem(null);
    try {
      await submit(Number(choice));
      setOpen(false);
      onDone();
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  const none = riders !== null && riders.length === 0 && problem === null;
  return (
    <AlertDialog open={open} onOpenChange={opened}>
      <AlertDialogTrigger disabled={disabled} className={triggerClassName}>
        {triggerLabel}
      </AlertDialogTrigger>
      <AlertDialogContent title={ta("action.assign-rider")} description={ta("orderTitle", { number })} className="top-[10vh] w-[min(26rem,calc(100vw-1.5rem))]">
        <div className="mt-4 space-y-3 text-sm">
          {riders === null && <p aria-live="polite">{t("assign.loading")}</p>}
          {none && (
            <p data-testid="no-riders" className="rounded-lg border border-amber-600 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
              {t("assign.none")}{" "}
              <Link href="/admin/customers" className="font-semibold underline">
                {t("assign.toCustomers")}
              </Link>
            </p>
          )}
          {riders !== null && riders.length > 0 && (
            <Field id={`${id}-rider`} label={t("assign.rider")}>
              {(control) => (
                <Select {...control} name="riderId" value={choice} onChange={(e) => setChoice(e.target.value)}>
                  {riders.map((r) => (
                    <option key={r.id} value={r.id}>
                      {t("assign.open", { name: r.name, count: r.open })}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          {problem && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200">
              {problem}
            </p>
          )}
        </div>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <AlertDialogCancel className={buttonClass({ variant: "secondary", size: "sm" })}>{t("cancel")}</AlertDialogCancel>
          {riders !== null && riders.length > 0 && (
            <Button size="sm" onClick={() => void send()} busy={busy} busyText={t("working")}>
              {t("assign.confirm")}
            </Button>
          )}
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
