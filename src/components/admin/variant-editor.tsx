"use client";

import { Plus, X } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useMemo, useState } from "react";
import { useTranslations } from "use-intl";
import { ADMIN_PRODUCT_REASON_MAX, type AdminVariantRow } from "@/lib/admin-catalog";
import { api, isApiError } from "@/lib/api-client";
import {
  combinationsOf,
  configOf,
  planVariants,
  VARIANT_AXES_MAX,
  VARIANT_COMBINATIONS_MAX,
  VARIANT_PLAN_TYPES,
  type VariantAxis,
  type VariantPlanProblem,
  type VariantPlanType,
} from "@/lib/variant-plan";
import { variantCombinationId, type VariantConfig } from "@/lib/variants";
import { FormMessage, TextField, controlClass } from "../ui/form";
import { useFormAction, type FormResult } from "../hooks/use-form-action";
import { SubmitButton } from "../ui/submit-button";

interface RowText {
  sku: string;
  price: string;
  stock: string;
}

const WHOLE = /^\d{1,10}$/;
const codeOf = (value: string) =>
  value
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "")
    .slice(0, 8) || "X";

/** The attributes a stored configuration and its options had, in the configuration's order. */
function axesOf(config: VariantConfig | null, variants: AdminVariantRow[]): { name: string; values: string }[] {
  const order = config?.attributeOrder ?? config?.primaryAttributes ?? (config?.primaryAttribute ? [config.primaryAttribute] : []);
  const names = [...new Set([...order, ...variants.flatMap((v) => Object.keys(v.attributes))])];
  return names.map((name) => ({ name, values: [...new Set(variants.map((v) => v.attributes[name]).filter((v): v is string => Boolean(v)))].join("\n") }));
}

/**
 * A product's options: the kind of configuration, up to three attributes with their values, and
 * every combination of those values as a row (SKU, price, stock) with the combination id the cart
 * will use, shown as it is typed. The plan is checked here by the server's own rules before it is
 * sent; the server checks it again and records the price and stock moves with the reason.
 */
export function VariantEditor({
  productId,
  productSku,
  productPrice,
  config,
  variants,
}: {
  productId: number;
  productSku: string;
  productPrice: number;
  config: VariantConfig | null;
  variants: AdminVariantRow[];
}) {
  const t = useTranslations("admin.catalog.options");
  const router = useRouter();
  const id = useId();
  const [type, setType] = useState<VariantPlanType>(config?.type ?? "none");
  const [axesText, setAxesText] = useState(() => {
    const found = axesOf(config, variants);
    return found.length ? found : [{ name: "", values: "" }];
  });
  const [rowText, setRowText] = useState<Record<string, RowText>>(() =>
    Object.fromEntries(variants.map((v) => [v.combinationId, { sku: v.sku, price: String(v.price), stock: String(v.stock) }])),
  );
  const [reason, setReason] = useState("");
  const [problems, setProblems] = useState<VariantPlanProblem[]>([]);

  const axes: VariantAxis[] = useMemo(
    () =>
      type === "none"
        ? []
        : axesText.map((a) => ({
            name: a.name.trim(),
            values: a.values
              .split(/[\n,]/)
              .map((v) => v.trim())
              .filter(Boolean),
          })),
    [type, axesText],
  );
  const rows = useMemo(() => {
    const plannedConfig = configOf(type, axes);
    const combos = axes.every((a) => a.name && a.values.length) ? combinationsOf(axes) : [];
    return combos.slice(0, VARIANT_COMBINATIONS_MAX + 1).map((attributes) => {
      const combinationId = variantCombinationId(attributes, plannedConfig);
      const text = rowText[combinationId] ?? {
        sku: `${productSku}-${axes.map((a) => codeOf(attributes[a.name] ?? "")).join("-")}`.slice(0, 64),
        price: String(productPrice),
        stock: "0",
      };
      return { combinationId, attributes, text };
    });
  }, [type, axes, rowText, productSku, productPrice]);

  const setRow = (combinationId: string, current: RowText, key: keyof RowText, value: string) =>
    setRowText((all) => ({ ...all, [combinationId]: { ...current, [key]: value } }));
  const setAxis = (index: number, key: "name" | "values", value: string) => setAxesText((all) => all.map((a, i) => (i === index ? { ...a, [key]: value } : a)));

  const problemText = (problem: VariantPlanProblem) => {
    const row = /^variants\.(\d+)/.exec(problem.path);
    const axis = /^axes\.(\d+)/.exec(problem.path);
    const where = row ? rows[Number(row[1])]?.combinationId : axis ? t("attributeNumber", { n: Number(axis[1]) + 1 }) : null;
    return where ? `${where}: ${t(`problems.${problem.problem}`)}` : t(`problems.${problem.problem}`);
  };

  const send = useFormAction<FormResult>(
    async () => {
      const body = {
        type,
        axes,
        variants: rows.map((r) => ({
          attributes: r.attributes,
          sku: r.text.sku.trim(),
          price: WHOLE.test(r.text.price.trim()) ? Number(r.text.price.trim()) : -1,
          stock: WHOLE.test(r.text.stock.trim()) ? Number(r.text.stock.trim()) : -1,
        })),
      };
      const checked = planVariants(body);
      setProblems(checked.ok ? [] : checked.problems);
      if (!checked.ok) return { ok: false, message: t("fixProblems", { count: checked.problems.length }) };
      const answer = await api.adminCatalog.setVariants(productId, { ...body, reason: reason.trim() });
      return { ok: true, message: t("saved", { added: answer.added.length, removed: answer.removed.length }) };
    },
    {
      check: () => (!reason.trim() ? t("needReason") : null),
      failure: (error) => {
        const sent = isApiError(error) && Array.isArray(error.body.problems) ? (error.body.problems as VariantPlanProblem[]) : [];
        setProblems(sent);
        return { ok: false, message: sent.length ? t("fixProblems", { count: sent.length }) : t("failed") };
      },
      onSuccess: () => {
        setReason("");
        router.refresh();
      },
    },
  );

  return (
    <form onSubmit={send.submit} noValidate className="space-y-4 text-sm" aria-labelledby={`${id}-title`} data-testid="variant-editor">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("title")}
      </h2>
      <div>
        <label htmlFor={`${id}-type`} className="block font-medium">
          {t("type")}
        </label>
        <select
          id={`${id}-type`}
          value={type}
          onChange={(e) => setType(e.target.value as VariantPlanType)}
          className={`${controlClass} sm:max-w-sm`}
          aria-describedby={`${id}-type-hint`}
        >
          {VARIANT_PLAN_TYPES.map((option) => (
            <option key={option} value={option}>
              {t(`types.${option}`)}
            </option>
          ))}
        </select>
        <p id={`${id}-type-hint`} className="mt-1 text-xs text-[var(--muted-fg)]">
          {t(`typeHints.${type}`)}
        </p>
      </div>

      {type !== "none" && (
        <fieldset className="space-y-3">
          <legend className="font-medium">{t("attributes")}</legend>
          {axesText.map((axis, i) => (
            <div key={i} className="grid gap-2 rounded-lg border border-[var(--border)] p-3 sm:grid-cols-[12rem_1fr_auto] sm:items-start">
              <div>
                <label htmlFor={`${id}-axis-${i}`} className="block text-xs font-medium">
                  {i === 0 && type === "primary-dependent" ? t("primaryName") : t("attributeName", { n: i + 1 })}
                </label>
                <input id={`${id}-axis-${i}`} value={axis.name} onChange={(e) => setAxis(i, "name", e.target.value)} maxLength={40} className={controlClass} />
              </div>
              <div>
                <label htmlFor={`${id}-values-${i}`} className="block text-xs font-medium">
                  {t("values", { n: i + 1 })}
                </label>
                <textarea
                  id={`${id}-values-${i}`}
                  value={axis.values}
                  onChange={(e) => setAxis(i, "values", e.target.value)}
                  rows={3}
                  className={`${controlClass} h-auto py-1.5`}
                  aria-describedby={`${id}-values-hint`}
                />
              </div>
              {axesText.length > 1 && (
                <button
                  type="button"
                  onClick={() => setAxesText((all) => all.filter((_, j) => j !== i))}
                  aria-label={t("removeAttribute", { n: i + 1 })}
                  className="mt-5 h-10 w-10 rounded-lg border border-[var(--border)] p-2"
                >
                  <X className="h-4 w-4" aria-hidden />
                </button>
              )}
            </div>
          ))}
          <p id={`${id}-values-hint`} className="text-xs text-[var(--muted-fg)]">
            {t("valuesHint")}
          </p>
          {axesText.length < VARIANT_AXES_MAX && type !== "simple" && (
            <button
              type="button"
              onClick={() => setAxesText((all) => [...all, { name: "", values: "" }])}
              className="inline-flex h-10 items-center gap-1 rounded-lg border border-[var(--border)] px-3 font-semibold"
            >
              <Plus className="h-4 w-4" aria-hidden /> {t("addAttribute")}
            </button>
          )}
        </fieldset>
      )}

      {type !== "none" && (
        <section aria-labelledby={`${id}-rows`}>
          <h3 id={`${id}-rows`} className="font-semibold">
            {t("combinations", { count: rows.length })}
          </h3>
          <p className="text-xs text-[var(--muted-fg)]">{t("combinationsHint")}</p>
          <ul className="mt-2 divide-y divide-[var(--border)] border-y border-[var(--border)]" data-testid="variant-rows">
            {rows.map(({ combinationId, text }, i) => (
              <li key={combinationId} className="grid gap-2 py-2 sm:grid-cols-[1fr_14rem_7rem_6rem] sm:items-end" data-combination={combinationId}>
                <code className="self-center text-xs break-all" data-testid="combination-id">
                  {combinationId}
                </code>
                {(["sku", "price", "stock"] as const).map((key) => (
                  <label key={key} className="text-xs">
                    {t(key)}
                    <input
                      value={text[key]}
                      inputMode={key === "sku" ? undefined : "numeric"}
                      maxLength={key === "sku" ? 64 : 10}
                      onChange={(e) => setRow(combinationId, text, key, e.target.value)}
                      aria-label={t(`${key}Of`, { id: combinationId })}
                      aria-invalid={problems.some((p) => p.path === `variants.${i}.${key}`) || undefined}
                      className={controlClass}
                    />
                  </label>
                ))}
              </li>
            ))}
          </ul>
        </section>
      )}

      {problems.length > 0 && (
        <ul className="list-disc rounded-lg bg-red-50 py-2 pr-3 pl-7 text-red-800 dark:bg-red-950 dark:text-red-200" data-testid="variant-problems">
          {problems.slice(0, 20).map((problem, i) => (
            <li key={i}>{problemText(problem)}</li>
          ))}
        </ul>
      )}
      <TextField
        name="variants-reason"
        label={t("reason")}
        hint={t("reasonHint")}
        maxLength={ADMIN_PRODUCT_REASON_MAX}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
      />
      <FormMessage message={send.message} />
      <SubmitButton size="lg" busy={send.busy} busyText={t("saving")}>
        {t("save")}
      </SubmitButton>
    </form>
  );
}
