"use client";

import type { DetailField as DetailFieldConfig } from "../request-forms";
import type { RequestFormState } from "../use-request-form";
import { CheckboxDetail } from "./checkbox-detail";
import { ChoiceDetail } from "./choice-detail";
import { LinesDetail } from "./lines-detail";
import { TextDetail } from "./text-detail";
import { TextareaDetail } from "./textarea-detail";

/** One of a form's own fields (REQUEST_FORMS), by its type. */
export function DetailField({ field, form }: { field: DetailFieldConfig; form: RequestFormState }) {
  switch (field.type) {
    case "text":
    case "number":
      return <TextDetail field={field} form={form} />;
    case "textarea":
      return <TextareaDetail field={field} form={form} />;
    case "select":
    case "region":
      return <ChoiceDetail field={field} form={form} />;
    case "checkboxes":
      return <CheckboxDetail field={field} form={form} />;
    case "lines":
      return <LinesDetail field={field} form={form} />;
  }
}
