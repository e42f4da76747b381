"use client";

import { useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { normaliseCouponCode, type CouponQuote } from "@/lib/coupons";
import { formatMoney } from "@/lib/money";
import { fieldId } from "../checkout/field-id";
import { FieldError, controlClass } from "../ui/form";
import { useInputBeforeHydration } from "../hooks/use-input-before-hydration";

/** The text of a coupon that does not apply, from its reason code. */
export function useCouponReasonText() {
  const t = useTranslations("rewards.reason");
  return (coupon: Extract<CouponQuote, { applied: false }>) => t(coupon.reason, { missing: formatMoney(coupon.missing ?? 0, "TZS") });
}

interface Props {
  /** the code in use (applied or refused), or null */
  code: string | null;
  /** what the server's quote says of it (null while it has not answered) */
  status: CouponQuote | null;
  busy: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
  /** a distinct field name where the field appears twice on a page */
  name?: string;
}

/**
 * A coupon code box: apply checks the code (through the quote), the answer shows the discount or,
 * in words, why the code does not apply. An applied code can be removed; one being checked or
 * refused stays in the box (a refused one marked wrong, with its reason), to be corrected and
 * applied again, or removed.
 */
export function CouponField({ code, status, busy, onApply, onRemove, name = "couponCode" }: Props) {
  const t = useTranslations("rewards.coupon");
  const reasonText = useCouponReasonText();
  const applied = code && status?.code === code && status.applied ? status : null;
  const refused = code && status?.code === code && !status.applied ? status : null;

  if (code && applied) {
    return (
      <div className="space-y-1 text-sm" data-testid="coupon-state">
        <div className="flex items-start justify-between gap-2">
          <p aria-live="polite" className="text-emerald-800 dark:text-emerald-300">
            {t("applied", { code, amount: formatMoney(applied.discount, "TZS") })}
          </p>
          <button type="button" onClick={onRemove} className="shrink-0 text-sm font-semibold text-brand underline">
            {t("remove")}
          </button>
        </div>
      </div>
    );
  }
  // a box of its own for each code: it starts with the code in use (being checked, or refused)
  return (
    <CouponInput
      key={code ?? ""}
      name={name}
      initial={code ?? ""}
      refusedText={refused ? reasonText(refused) : null}
      busy={busy}
      onApply={onApply}
      onRemove={code ? onRemove : null}
    />
  );
}

function CouponInput({
  name,
  initial,
  refusedText,
  busy,
  onApply,
  onRemove,
}: {
  name: string;
  initial: string;
  /** why the code in the box does not apply (it was refused), or null */
  refusedText: string | null;
  busy: boolean;
  onApply: (code: string) => void;
  onRemove: (() => void) | null;
}) {
  const t = useTranslations("rewards.coupon");
  const [typed, setTyped] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const typedRef = useRef<HTMLInputElement>(null);
  useInputBeforeHydration(typedRef, typed, setTyped);

  const apply = () => {
    const normal = normaliseCouponCode(typed);
    if (!normal) return setInvalid(true);
    setInvalid(false);
    onApply(normal);
  };

  const id = fieldId(name);
  const error = invalid ? t("invalidCode") : refusedText;
  return (
    <div className="text-sm" data-testid="coupon-field">
      <label htmlFor={id} className="block font-medium">
        {t("label")}
      </label>
      <div className="flex gap-2">
        <input
          ref={typedRef}
          id={id}
          name={name}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          value={typed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(e) => {
            setTyped(e.target.value);
            if (invalid) setInvalid(false);
          }}
          onKeyDown={(e) => {
            // Enter applies the code instead of submitting the surrounding form
            if (e.key === "Enter") {
              e.preventDefault();
              apply();
            }
          }}
          className={`${controlClass} min-w-0 flex-1 uppercase`}
        />
        <button
          type="button"
          onClick={apply}
          disabled={busy}
          className="mt-1 h-11 shrink-0 rounded-lg border border-brand px-4 font-semibold text-brand sm:h-10"
        >
          {busy ? t("applying") : t("apply")}
        </button>
      </div>
      {!error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-[var(--muted-fg)]">
          {t("hint")}
        </p>
      )}
      <div aria-live="polite">
        <FieldError id={`${id}-error`} text={error} />
      </div>
      {onRemove && (
        <button type="button" onClick={onRemove} className="mt-1 text-sm font-semibold text-brand underline">
          {t("remove")}
        </button>
      )}
    </div>
  );
}
