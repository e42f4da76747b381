"use client";

import { Plus, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { api, isApiError } from "@/lib/api-client";
import type { ProductPricingResponse } from "@/lib/contract/price-breaks";
import { formatMoney } from "@/lib/money";
import { checkLadder, PACK_SIZE_MAX, PRICE_BREAKS_MAX, type LadderProblem } from "@/lib/price-breaks";
import { useFormAction, type FormResult } from "../hooks/use-form-action";
import { SubmitButton } from "../ui/submit-button";
import { FormMessage, TextField } from "../ui/form";

/** A ladder's place in the form: "" for the product's own (every option without one), else an option's combination id. */
type LadderKey = string;
type StepText = { minQuantity: string; price: string };
type Problem = { path: string; problem: LadderProblem | "unknownOption" };

const WHOLE = /^\d{1,10}$/;
const controlClass = "mt-0.5 w-full rounded-md border border-[var(--border)] bg-[var(--bg)] px-2 py-1.5 tabular-nums aria-[invalid=true]:border-red-600";

/**
 * The product's prices by quantity and pack size on its admin page: its own ladder (for a product
 * with options, the one every option without its own follows) and each option's, steps of "from
 * quantity" and "price each". Checked here by the shop's one rule before sending and again by the
 * server; the steps a refusal names are marked.
 */
export function PriceBreaksForm({
  productId,
  productPrice,
  options,
  initial,
}: {
  productId: number;
  /** the price of one (for a product with options, the cheapest option's) */
  productPrice: number;
  options: { combinationId: string; label: string; price: number }[];
  initial: ProductPricingResponse;
}) {
  const t = useTranslations("admin.catalog.pricing");
  const router = useRouter();
  const id = useId();
  const keys: { key: LadderKey; title: string; unitPrice: number }[] = [
    { key: "", title: options.length ? t("ladderShared") : t("ladderProduct"), unitPrice: productPrice },
    ...options.map((o) => ({ key: o.combinationId, title: t("ladderOption", { option: o.label }), unitPrice: o.price })),
  ];
  const [packSize, setPackSize] = useState(String(initial.packSize));
  const [ladders, setLadders] = useState<Record<LadderKey, StepText[]>>(() =>
    Object.fromEntries(initial.ladders.map((l) => [l.option ?? "", l.breaks.map((b) => ({ minQuantity: String(b.minQuantity), price: String(b.price) }))])),
  );
  const [problems, setProblems] = useState<Problem[]>([]);
  const [packWrong, setPackWrong] = useState(false);

  const stepsOf = (key: LadderKey) => ladders[key] ?? [];
  const setSteps = (key: LadderKey, steps: StepText[]) => setLadders((all) => ({ ...all, [key]: steps }));
  const sent = () => keys.filter((k) => stepsOf(k.key).length > 0);
  const problemAt = (ladder: number, step: number) =>
    problems.find((p) => p.path === `ladders.${ladder}.breaks.${step}` || p.path === `ladders.${ladder}.option`);

  const send = useFormAction<FormResult>(
    async () => {
      const pack = packSize.trim();
      const packOk = WHOLE.test(pack) && Number(pack) >= 1 && Number(pack) <= PACK_SIZE_MAX;
      setPackWrong(!packOk);
      const body = {
        packSize: packOk ? Number(pack) : 1,
        ladders: sent().map((k) => ({
          option: k.key === "" ? null : k.key,
          breaks: stepsOf(k.key).map((s) => ({
            minQuantity: WHOLE.test(s.minQuantity.trim()) ? Number(s.minQuantity.trim()) : 0,
            price: WHOLE.test(s.price.trim().replace(/,/g, "")) ? Number(s.price.trim().replace(/,/g, "")) : 0,
          })),
        })),
      };
      // the server's rule, here first: every refusal at once, each on its step
      const found: Problem[] = [];
      body.ladders.forEach((ladder, i) => {
        const checked = checkLadder(sent()[i]!.unitPrice, ladder.breaks);
        if (!checked.ok) found.push({ path: `ladders.${i}.breaks.${checked.index}`, problem: checked.problem });
      });
      setProblems(found);
      if (!packOk || found.length) return { ok: false, message: t("failed") };
      const answer = await api.adminCatalog.setPricing(productId, body);
      setLadders(
        Object.fromEntries(answer.ladders.map((l) => [l.option ?? "", l.breaks.map((b) => ({ minQuantity: String(b.minQuantity), price: String(b.price) }))])),
      );
      return { ok: true, message: t("saved") };
    },
    {
      failure: (error) => {
        const named = isApiError(error, "validation") && Array.isArray(error.body.problems) ? (error.body.problems as Problem[]) : [];
        setProblems(named);
        return { ok: false, message: t("failed") };
      },
      onSuccess: () => router.refresh(),
    },
  );

  return (
    <form onSubmit={send.submit} noValidate className="space-y-4 text-sm" aria-labelledby={`${id}-title`} data-testid="price-breaks-form">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="text-[var(--muted-fg)]">{t("intro")}</p>
      <TextField
        name="packSize"
        label={t("packSize")}
        hint={t("packSizeHint")}
        inputMode="numeric"
        value={packSize}
        onChange={(e) => setPackSize(e.target.value)}
        error={packWrong ? t("packSizeWrong") : undefined}
        className="max-w-xs"
      />
      {keys.map((ladder) => {
        const index = sent().findIndex((k) => k.key === ladder.key);
        const steps = stepsOf(ladder.key);
        const headingId = `${id}-ladder-${ladder.key || "product"}`;
        return (
          <fieldset key={ladder.key} aria-labelledby={headingId} className="rounded-lg border border-[var(--border)] p-3" data-ladder={ladder.key || "product"}>
            <legend id={headingId} className="px-1 font-semibold">
              {ladder.title}
            </legend>
            <p className="text-xs text-[var(--muted-fg)]">{t("onePrice", { price: formatMoney(ladder.unitPrice) })}</p>
            {steps.length === 0 && <p className="mt-1 text-xs">{t("none")}</p>}
            <ol className="mt-2 space-y-2">
              {steps.map((step, i) => {
                const problem = index >= 0 ? problemAt(index, i) : undefined;
                const errorId = `${headingId}-error-${i}`;
                const change = (field: keyof StepText, value: string) =>
                  setSteps(
                    ladder.key,
                    steps.map((s, j) => (j === i ? { ...s, [field]: value } : s)),
                  );
                return (
                  <li key={i} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
                    <label className="text-xs">
                      {t("from")}
                      <input
                        value={step.minQuantity}
                        inputMode="numeric"
                        maxLength={7}
                        onChange={(e) => change("minQuantity", e.target.value)}
                        aria-label={t("fromOf", { n: i + 1 })}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={problem ? errorId : undefined}
                        className={controlClass}
                      />
                    </label>
                    <label className="text-xs">
                      {t("price")}
                      <input
                        value={step.price}
                        inputMode="numeric"
                        maxLength={13}
                        onChange={(e) => change("price", e.target.value)}
                        aria-label={t("priceOf", { n: i + 1 })}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={problem ? errorId : undefined}
                        className={controlClass}
                      />
                    </label>
                    <button
                      type="button"
                      onClick={() =>
                        setSteps(
                          ladder.key,
                          steps.filter((_, j) => j !== i),
                        )
                      }
                      aria-label={t("removeStep", { n: i + 1 })}
                      className="mb-0.5 flex h-8 w-8 items-center justify-center rounded-md text-[var(--muted-fg)] hover:text-red-600"
                    >
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </button>
                    {problem && (
                      <p id={errorId} className="col-span-3 text-xs text-red-700 dark:text-red-300" data-testid="price-break-problem">
                        {t(`problems.${problem.problem}`)}
                      </p>
                    )}
                  </li>
                );
              })}
            </ol>
            {steps.length < PRICE_BREAKS_MAX && (
              <button
                type="button"
                onClick={() => setSteps(ladder.key, [...steps, { minQuantity: "", price: "" }])}
                className="mt-2 inline-flex items-center gap-1 text-xs font-medium text-brand hover:underline"
              >
                <Plus className="h-4 w-4" aria-hidden /> {t("addStep")}
              </button>
            )}
          </fieldset>
        );
      })}
      <FormMessage message={send.message} />
      <SubmitButton busy={send.busy} busyText={t("saving")}>
        {t("save")}
      </SubmitButton>
    </form>
  );
}
