"use client";

import { useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { normaliseCouponCode, type CouponQuote } from "@/lib/coupons";
import { formatMoney } from "@/lib/money";
import { FieldError, fieldId, inputClass } from "../checkout/form-fields";
import { useInputBeforeHydration } from "../ui/use-input-before-hydration";

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
 * in words, why the code does not apply; an applied or refused code can be removed.
 */
export function CouponField({ code, status, busy, onApply, onRemove, name = "couponCode" }: Props) {
  const t = useTranslations("rewards.coupon");
  const reasonText = useCouponReasonText();
  const [typed, setTyped] = useState("");
  const [invalid, setInvalid] = useState(false);
  const typedRef = useRef<HTMLInputElement>(null);
  useInputBeforeHydration(typedRef, typed, setTyped);

  const apply = () => {
    const normal = normaliseCouponCode(typed);
    if (!normal) return setInvalid(true);
    setInvalid(false);
    setTyped("");
    onApply(normal);
  };

  if (code) {
    const applied = status?.code === code && status.applied ? status : null;
    const refused = status?.code === code && !status.applied ? status : null;
    return (
      <div className="space-y-1 text-sm" data-testid="coupon-state">
        <div className="flex items-start justify-between gap-2">
          <p aria-live="polite" className={refused ? "text-red-700 dark:text-red-300" : "text-emerald-800 dark:text-emerald-300"}>
            {applied && t("applied", { code, amount: formatMoney(applied.discount, "TZS") })}
            {refused && reasonText(refused)}
            {!status && busy && t("applying")}
          </p>
          <button type="button" onClick={onRemove} className="shrink-0 text-sm font-semibold text-brand underline">
            {t("remove")}
          </button>
        </div>
      </div>
    );
  }

  const id = fieldId(name);
  return (
    <div className="text-sm">
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
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${id}-error` : `${id}-hint`}
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
          className={`${inputClass} min-w-0 flex-1 uppercase`}
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
      {!invalid && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-[var(--muted-fg)]">
          {t("hint")}
        </p>
      )}
      <FieldError id={`${id}-error`} text={invalid ? t("invalidCode") : null} />
    </div>
  );
}
