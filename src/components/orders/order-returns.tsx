"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useFormatter, useLocale, useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import type { ReturnOptions, ReturnView } from "@/lib/contract/returns";
import { DATE_FORMATS } from "@/lib/date-format";
import { imageFileProblem } from "@/lib/image-upload";
import { isLocale } from "@/lib/locale";
import { RETURN_CONDITIONS, RETURN_PHOTOS_MAX, type ReturnCondition, type ReturnMethod, type ReturnsSettings } from "@/lib/returns";
import { textIn } from "@/lib/site-settings";
import { useFormAction } from "../hooks/use-form-action";
import { Button } from "../ui/button";
import { SubmitButton } from "../ui/submit-button";
import { Dialog, DialogContent, DialogTrigger } from "../ui/dialog";
import { Field, FormMessage, Select, TextareaField } from "../ui/form";
import { toast } from "../ui/toaster";

interface Props {
  number: string;
  /** a guest's order: its signed link's token stands for the sign-in */
  token?: string;
  /** the policy's checklist texts (the settings), in both languages */
  conditions: ReturnsSettings["conditions"];
}

/**
 * An order's returns and warranty claims on its page (the shopper's, or a guest's by the signed
 * link): each return's status and what to do next, and while the order takes one, "Return or claim
 * warranty" opening a form sized for a phone: the lines and how many, the reason, photos, how it
 * comes back, and the policy's conditions as a checklist. Texts: orders.returns.
 */
export function OrderReturns({ number, token, conditions }: Props) {
  const t = useTranslations("orders.returns");
  const [options, setOptions] = useState<ReturnOptions | null>(null);
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const format = useFormatter();

  const load = () =>
    api.returns
      .options(number, token)
      .then(setOptions)
      // the order page stands without this panel: a failed read shows nothing extra
      .catch(() => undefined);
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once per order
  }, [number, token]);

  if (!options || (!options.open && options.returns.length === 0)) return null;
  return (
    <section aria-labelledby="returns-heading" className="rounded-xl border border-[var(--border)] p-4 text-sm" data-testid="order-returns">
      <h2 id="returns-heading" className="mb-2 text-base font-semibold">
        {t("title")}
      </h2>
      {options.returns.length > 0 && (
        <ul className="mb-3 space-y-3">
          {options.returns.map((r) => (
            <ReturnItem key={r.number} view={r} />
          ))}
        </ul>
      )}
      {options.open && (
        <>
          {options.lastClaimUntil && (
            <p className="mb-2 text-[var(--muted-fg)]">{t("until", { date: format.dateTime(new Date(options.lastClaimUntil), DATE_FORMATS.date) })}</p>
          )}
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogTrigger asChild>
              <Button variant="secondary" block data-testid="return-open">
                {t("open")}
              </Button>
            </DialogTrigger>
            <DialogContent
              title={t("formTitle")}
              description={t("formIntro", { kind: options.kind ?? "return" })}
              className="top-[4vh] max-h-[92vh] w-[min(32rem,calc(100vw-1rem))] overflow-y-auto"
            >
              <ReturnForm
                number={number}
                token={token}
                options={options}
                conditions={conditions}
                onDone={async (made) => {
                  setOpen(false);
                  toast({ title: t("sent", { number: made.number }) });
                  await load();
                  router.refresh();
                }}
              />
            </DialogContent>
          </Dialog>
        </>
      )}
    </section>
  );
}

function ReturnItem({ view }: { view: ReturnView }) {
  const t = useTranslations("orders.returns");
  const money = view.lines.some((l) => l.decision === "refund" || l.decision === "store_credit");
  return (
    <li className="rounded-lg bg-[var(--surface)] p-3" data-testid="return-item" data-status={view.status}>
      <p className="font-semibold">{t("kind", { kind: view.kind, number: view.number })}</p>
      <p data-testid="return-status">{t(`status.${view.status}`)}</p>
      {view.status === "approved" && <p className="mt-1">{t("approvedHow", { method: view.returnMethod, number: view.number })}</p>}
      {view.status === "refused" && view.refusalReason && <p className="mt-1">{t("refusedBecause", { reason: view.refusalReason })}</p>}
      <ul className="mt-1 text-[var(--muted-fg)]">
        {view.lines.map((l) => (
          <li key={l.id}>
            {l.decision
              ? t("lineDecided", { quantity: l.quantity, name: l.name, decision: t(`decision.${l.decision}`) })
              : t("line", { quantity: l.quantity, name: l.name })}
          </li>
        ))}
      </ul>
      {view.status === "closed" && money && <p className="mt-1">{t("refundNote")}</p>}
    </li>
  );
}

function ReturnForm({ number, token, options, conditions, onDone }: Props & { options: ReturnOptions; onDone: (made: ReturnView) => Promise<void> }) {
  const t = useTranslations("orders.returns");
  const locale = useLocale();
  const lang = isLocale(locale) ? locale : "sw";
  const claimable = options.lines.filter((l) => l.claimable);
  const [quantities, setQuantities] = useState<Record<number, number>>(() => (claimable.length === 1 ? { [claimable[0]!.orderLineId]: 1 } : {}));
  const [reason, setReason] = useState("");
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [method, setMethod] = useState<ReturnMethod>(options.methods[0] ?? "drop_off");
  const [checklist, setChecklist] = useState<Record<ReturnCondition, boolean>>({ unused: false, notSoldered: false, notCut: false });
  const warranty = options.kind === "warranty";
  const chosen = Object.entries(quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([id, quantity]) => ({ orderLineId: Number(id), quantity }));

  const send = useFormAction(
    async () => {
      const answer = await api.returns.request(
        number,
        { lines: chosen, reason: reason.trim(), returnMethod: method, checklist, ...(token ? { orderLink: token } : {}) },
        photos,
      );
      await onDone(answer.return);
      return { ok: true, message: t("sent", { number: answer.return.number }) };
    },
    {
      failure: t("failed"),
      check: () => {
        if (chosen.length === 0) return t("chooseLine");
        if (reason.trim().length < 3) return t("needReason");
        if (!warranty && RETURN_CONDITIONS.some((c) => !checklist[c])) return t("needConditions");
        if (photoError) return photoError;
        return null;
      },
    },
  );

  const pickPhotos = (files: FileList | null) => {
    const list = Array.from(files ?? []);
    if (list.length > RETURN_PHOTOS_MAX) {
      setPhotoError(t("tooManyPhotos", { max: RETURN_PHOTOS_MAX }));
      setPhotos([]);
      return;
    }
    const problem = list.map((file) => ({ file, problem: imageFileProblem(file) })).find((p) => p.problem);
    setPhotoError(problem ? t("photoProblem", { name: problem.file.name, problem: problem.problem! }) : null);
    setPhotos(problem ? [] : list);
  };

  return (
    <form onSubmit={send.submit} className="mt-3 space-y-4" noValidate data-testid="return-form">
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">{t("linesLegend")}</legend>
        {claimable.map((line) => (
          <Field
            key={line.orderLineId}
            id={`return-line-${line.orderLineId}`}
            label={t("quantity", { name: line.name })}
            hint={t("quantityHint", { count: line.returnable })}
          >
            {(control) => (
              <Select
                {...control}
                value={quantities[line.orderLineId] ?? 0}
                onChange={(event) => setQuantities((q) => ({ ...q, [line.orderLineId]: Number(event.target.value) }))}
              >
                {Array.from({ length: line.returnable + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ))}
      </fieldset>
      <TextareaField
        name="return-reason"
        label={t("reason")}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        rows={3}
        maxLength={1000}
        required
      />
      <Field id="return-photos" label={t("photos")} hint={t("photosHint", { max: RETURN_PHOTOS_MAX })} error={photoError}>
        {(control) => (
          <>
            <input
              {...control}
              type="file"
              accept="image/*"
              multiple
              onChange={(event) => pickPhotos(event.target.files)}
              className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-[var(--surface)] file:px-3 file:py-2"
            />
            <p className="mt-1 text-xs" aria-live="polite">
              {t("photosChosen", { count: photos.length })}
            </p>
          </>
        )}
      </Field>
      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold">{t("method")}</legend>
        {options.methods.map((m) => (
          <label key={m} className="flex items-center gap-2 py-1">
            <input type="radio" name="return-method" value={m} checked={method === m} onChange={() => setMethod(m)} />
            <span>{t(`methods.${m}`)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold">{warranty ? t("checklistWarranty") : t("checklist")}</legend>
        {RETURN_CONDITIONS.map((c) => (
          <label key={c} className="flex items-start gap-2 py-1">
            <input
              type="checkbox"
              className="mt-1"
              checked={checklist[c]}
              onChange={(event) => setChecklist((now) => ({ ...now, [c]: event.target.checked }))}
              data-testid={`return-condition-${c}`}
            />
            <span>{textIn(conditions[c], lang)}</span>
          </label>
        ))}
      </fieldset>
      <FormMessage message={send.message} />
      <SubmitButton block busy={send.busy} busyText={t("sending")} data-testid="return-send">
        {t("send")}
      </SubmitButton>
    </form>
  );
}
