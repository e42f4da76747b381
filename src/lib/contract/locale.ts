import { z } from "zod";
import { LOCALES } from "../locale";

/** POST /api/locale: the language switch (a cookie for this browser, and the account's when signed in). */
export const localeRequestSchema = z.object({ locale: z.enum(LOCALES) }).strict();
export type LocaleRequest = z.input<typeof localeRequestSchema>;

export const localeResponseSchema = z.object({ success: z.literal(true), locale: z.enum(LOCALES) });
export type LocaleResponse = z.input<typeof localeResponseSchema>;
