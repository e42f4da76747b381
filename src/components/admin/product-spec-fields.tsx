"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/locale";
import { previewSpecInput, specInputText, type ProductSpecValues } from "@/lib/spec-admin";
import { unitSymbol } from "@/lib/specs/units";
import type { SpecAttributeDef } from "@/lib/specs/values";
import { Field, Input, Select } from "../ui/form";

/** An attribute as the product form needs it: its definition and the category it belongs to. */
export type ProductFormAttribute = SpecAttributeDef & { categoryId: number };

/** The boxes' text, by key: what the admin typed, or the stored value as the shop writes it. */
export type SpecTexts = Record<string, string>;

/** The boxes a product's stored values start with. */
export function initialSpecTexts(defs: readonly SpecAttributeDef[], values: ProductSpecValues | undefined): SpecTexts {
  const texts: SpecTexts = {};
  for (const def of defs) {
    const value = values?.[def.key];
    if (value !== undefined && value !== null) texts[def.key] = specInputText(def, value);
  }
  return texts;
}

/** The values to send for a category's attributes (every one of them: empty is none), and whether any box does not read. */
export function specsToSend(defs: readonly SpecAttributeDef[], texts: SpecTexts): { specs: ProductSpecValues; unreadable: string[] } {
  const specs: ProductSpecValues = {};
  const unreadable: string[] = [];
  for (const def of defs) {
    const text = (texts[def.key] ?? "").trim();
    specs[def.key] = text || null;
    if (text && previewSpecInput(def, text, "en").state === "bad") unreadable.push(def.key);
  }
  return { specs, unreadable };
}

/**
 * The product's specifications on its form, one box per attribute of its category: numbers typed
 * in the trade's notation with what the shop reads shown under the box as it is typed ("4k7" →
 * "= 4.7 kΩ", by the same parser as the server's), lists as a choice of their options (a text box
 * when a list takes any text), yes or no as a switch. Values the category has no attribute for
 * (after a change of category) are named before saving.
 */
export function ProductSpecFields({
  idPrefix,
  categoryId,
  defs,
  texts,
  onChange,
  errors,
  dropping,
}: {
  idPrefix: string;
  categoryId: number | null;
  defs: readonly SpecAttributeDef[];
  texts: SpecTexts;
  onChange: (key: string, text: string) => void;
  /** the server's refusal of a value, by key */
  errors: Record<string, string | undefined>;
  /** the names of values a save in this category would drop */
  dropping: string[];
}) {
  const t = useTranslations("admin.catalog.details");
  const locale = useLocale() as Locale;
  const name = (def: SpecAttributeDef) => (locale === "sw" ? def.nameSw : def.nameEn);

  return (
    <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2" data-testid="product-specs">
      <legend className="font-semibold">{t("specs")}</legend>
      <p className="text-xs text-[var(--muted-fg)] sm:col-span-2">
        {defs.length ? t("specsIntro") : t("noAttributes")}{" "}
        {categoryId !== null && (
          <Link href={`/admin/categories/${categoryId}/attributes`} className="font-semibold text-brand hover:underline">
            {t("manageAttributes")}
          </Link>
        )}
      </p>
      {dropping.length > 0 && (
        <p
          role="status"
          className="rounded-md bg-amber-50 px-3 py-2 text-amber-950 sm:col-span-2 dark:bg-amber-950 dark:text-amber-100"
          data-testid="specs-dropping"
        >
          {t("dropNotice", { names: dropping.join(", ") })}
        </p>
      )}
      {defs.map((def) => {
        const id = `${idPrefix}-spec-${def.key}`;
        const text = texts[def.key] ?? "";
        if (def.kind === "boolean") {
          const on = text ? previewSpecInput(def, text, locale) : null;
          const checked = on?.state === "ok" && on.value === true;
          return (
            <div key={def.key} className="flex flex-wrap items-center gap-3" data-spec={def.key}>
              <label htmlFor={id} className="font-medium">
                {name(def)}
              </label>
              <button
                id={id}
                type="button"
                role="switch"
                aria-checked={checked}
                onClick={() => onChange(def.key, checked ? "false" : "true")}
                className={`relative h-6 w-11 shrink-0 rounded-full transition-colors ${checked ? "bg-brand" : "bg-[var(--border)]"}`}
              >
                <span className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition-all ${checked ? "left-[1.375rem]" : "left-0.5"}`} />
              </button>
              <span className="text-xs text-[var(--muted-fg)]">{text ? (checked ? t("yes") : t("no")) : t("notSet")}</span>
              {text && (
                <button type="button" className="text-xs text-brand underline" onClick={() => onChange(def.key, "")}>
                  {t("clear")}
                </button>
              )}
              {errors[def.key] && <p className="w-full text-sm text-red-700 dark:text-red-300">{errors[def.key]}</p>}
            </div>
          );
        }
        if (def.kind === "list" && def.options.length > 0) {
          // a stored value no longer among the options stays choosable until it is changed
          const options = text && !def.options.includes(text) ? [text, ...def.options] : def.options;
          return (
            <Field key={def.key} id={id} label={name(def)} error={errors[def.key]}>
              {(control) => (
                <Select {...control} value={text} onChange={(e) => onChange(def.key, e.target.value)} data-spec={def.key}>
                  <option value="">{t("chooseOption")}</option>
                  {options.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          );
        }
        const preview = previewSpecInput(def, text, locale);
        const hint = preview.state === "ok" ? t("reads", { value: preview.display }) : undefined;
        // the parser's own reason is English: the page says what the box takes instead
        const unreadable = def.kind === "number" && def.unit ? t("unreadable", { unit: unitSymbol(def.unit) }) : t("unreadableText");
        const error = errors[def.key] ?? (preview.state === "bad" ? unreadable : undefined);
        return (
          <Field key={def.key} id={id} label={name(def)} hint={hint} error={error}>
            {(control) => (
              <Input
                {...control}
                value={text}
                onChange={(e) => onChange(def.key, e.target.value)}
                autoCapitalize="none"
                spellCheck={false}
                data-spec={def.key}
              />
            )}
          </Field>
        );
      })}
    </fieldset>
  );
}
