import { z } from "zod";
import { CONTROL_CHARACTER_MESSAGE, hasForbiddenCharacter } from "../text";

/**
 * The one string schema of the API: every text a request carries (query, params, body) goes
 * through it, so a control character, a lone surrogate or a noncharacter is refused at the
 * boundary with 400 invalid-input naming the field, before it can reach SQL (PostgreSQL refuses
 * U+0000 with an error that used to become a 500) or a log line.
 */
export function text(field: string, max: number, options: { min?: number; minMessage?: string; typeMessage?: string } = {}) {
  let schema = z
    .string({ error: options.typeMessage ?? `${field} must be text` })
    .refine((value) => !hasForbiddenCharacter(value), { message: options.typeMessage ?? `${field} ${CONTROL_CHARACTER_MESSAGE}`, abort: true })
    .max(max, options.typeMessage ?? `${field} must be at most ${max} characters`);
  if (options.min !== undefined) schema = schema.min(options.min, options.minMessage ?? `${field} must be at least ${options.min} characters`);
  return schema;
}

/** A row id in a path (`/:id`): a positive 32-bit integer. */
export const idParams = z.object({ id: z.coerce.number<number | string>().int().min(1).max(2_147_483_647) });
