import { z } from "zod";
import { SHOP_DETAIL_FIELDS, TAX_NUMBER_FIELDS, type FirstDayChecklist } from "../first-day";
import type { Same } from "./common";

/** GET /api/admin/checklist: what a live shop still needs, each item done or missing, why, and where it is set. */

const base = { done: z.boolean(), reason: z.string(), href: z.string() };
const count = z.number().int().min(0);

export const firstDayItemSchema = z.discriminatedUnion("id", [
  z.object({ id: z.literal("shopDetails"), ...base, missing: z.array(z.enum(SHOP_DETAIL_FIELDS)) }),
  z.object({ id: z.literal("taxNumbers"), ...base, missing: z.array(z.enum(TAX_NUMBER_FIELDS)) }),
  z.object({ id: z.literal("categories"), ...base, total: count, withoutAttributes: count, examples: z.array(z.string()) }),
  z.object({ id: z.literal("catalogue"), ...base, onSale: count, withoutPicture: count }),
  z.object({ id: z.literal("payments"), ...base, provider: z.enum(["clickpesa", "sandbox"]) }),
  z.object({ id: z.literal("sms"), ...base, provider: z.enum(["africastalking", "sandbox"]) }),
]);
export type FirstDayItemBody = z.input<typeof firstDayItemSchema>;

export const checklistResponseSchema = z.object({ items: z.array(firstDayItemSchema), done: count, total: count });
export type ChecklistResponse = z.input<typeof checklistResponseSchema>;
export const checklistResponseIsChecklist: Same<z.output<typeof checklistResponseSchema>, FirstDayChecklist> = true;
