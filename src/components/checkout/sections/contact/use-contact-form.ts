"use client";

import { normaliseTanzanianMobile } from "@/lib/phone";
import type { SectionFields } from "../../use-checkout-values";

/** The contact's phone as a Tanzanian mobile number (null while it is not one), and marking it wrong on leaving it. */
export function useContactForm({ values, mark }: Pick<SectionFields, "values" | "mark">) {
  const phoneE164 = normaliseTanzanianMobile(values.phone);
  return {
    phoneE164,
    onPhoneBlur: () => {
      if (values.phone.trim() && !phoneE164) mark("phone");
    },
  };
}
