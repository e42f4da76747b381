"use client";

import { useTranslations } from "use-intl";
import type { DetailField } from "../request-forms";

/** The words for a choice's option: its catalogue text, or a number in a sentence (layers, thickness). */
export function useOptionText() {
  const t = useTranslations("requests");
  return (field: Extract<DetailField, { type: "select" | "checkboxes" }>, option: string | number) => {
    if (field.optionKey === "layerOption") return t("form.layerOption", { n: Number(option) });
    if (field.optionKey === "thicknessOption") return t("form.thicknessOption", { mm: String(option) });
    return t(`form.${field.optionKey}.${option}` as never);
  };
}
