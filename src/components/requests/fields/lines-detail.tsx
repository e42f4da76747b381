"use client";

import { useTranslations } from "use-intl";
import { useHydrated } from "../../hooks/use-hydrated";
import { Button } from "../../ui/button";
import { FieldError, Input, errorIdOf } from "../../ui/form";
import type { DetailField } from "../request-forms";
import { MAX_LINES, type RequestLine, type RequestFormState } from "../use-request-form";

/** The lines of a quote or sourcing request: what and how many, one row each; a quote can copy the cart. */
export function LinesDetail({ field, form }: { field: Extract<DetailField, { type: "lines" }>; form: RequestFormState }) {
  const t = useTranslations("requests");
  const key = `details.${field.name}`;
  const error = form.errorFor(key);
  // the cart is read in the browser: a press before hydration, or before a signed-in cart has arrived, would copy nothing
  const hydrated = useHydrated();
  return (
    <fieldset data-field={key} className="sm:col-span-2" aria-describedby={error ? errorIdOf(form.id(key)) : undefined}>
      <legend className="text-sm font-medium">{t(`form.${field.name}` as never)}</legend>
      {field.line === "quote" && (
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={form.fillFromCart} disabled={!hydrated || form.cartLoading} className="text-sm">
            {t("form.fromCart")}
          </Button>
          {form.cartNote && (
            <span role="status" className="text-sm text-[var(--muted-fg)]">
              {form.cartNote}
            </span>
          )}
        </div>
      )}
      <ol className="mt-2 space-y-2">
        {form.lines.map((line, index) => (
          <LineRow key={index} line={line} index={index} baseId={form.id(key)} form={form} />
        ))}
      </ol>
      {form.lines.length < MAX_LINES && (
        <button type="button" onClick={form.addLine} className="mt-2 text-sm font-medium text-brand hover:underline">
          {t("form.addLine")}
        </button>
      )}
      <FieldError id={errorIdOf(form.id(key))} text={error} />
    </fieldset>
  );
}

/** One line: its description (the first one carries the field's id, which an error focuses), its quantity, and removing it. */
function LineRow({ line, index, baseId, form }: { line: RequestLine; index: number; baseId: string; form: RequestFormState }) {
  const t = useTranslations("requests");
  const textId = index === 0 ? baseId : `${baseId}-${index}-text`;
  return (
    <li className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor={textId} className="sr-only">
          {t("form.lineDescription", { n: index + 1 })}
        </label>
        <Input
          id={textId}
          value={line.text}
          maxLength={300}
          placeholder={t("form.lineDescription", { n: index + 1 })}
          onChange={(e) => form.updateLine(index, { text: e.target.value })}
        />
      </div>
      <div className="w-24 shrink-0">
        <label htmlFor={`${baseId}-${index}-quantity`} className="sr-only">
          {t("form.lineQuantity", { n: index + 1 })}
        </label>
        <Input
          id={`${baseId}-${index}-quantity`}
          type="number"
          inputMode="numeric"
          min={1}
          value={line.quantity}
          onChange={(e) => form.updateLine(index, { quantity: e.target.value })}
        />
      </div>
      {form.lines.length > 1 && (
        <button
          type="button"
          onClick={() => form.removeLine(index)}
          aria-label={t("form.removeLine", { n: index + 1 })}
          className="mb-0.5 h-11 w-11 shrink-0 rounded-lg border border-[var(--border)] text-lg sm:h-10 sm:w-10"
        >
          <span aria-hidden="true">{"\u00d7"}</span>
        </button>
      )}
    </li>
  );
}
