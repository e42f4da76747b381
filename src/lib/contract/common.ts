import { z } from "zod";
import { ERROR_CODES } from "../error-codes";

/**
 * The pieces every endpoint's contract is built from. A contract file (`src/lib/contract/<area>.ts`)
 * holds, per endpoint, the request schemas the API validates with and the response schema every
 * answer is checked against (src/api/response-check.ts), each with its type beside it. The browser
 * reads the types only (`import type`), so zod never reaches its bundle through a contract.
 *
 * Types: a request's is `z.input` (what a client may send: defaults make fields optional), an
 * answer's is `z.input` too (what arrives on the wire: a Date leaves as its ISO text), while the
 * route returns `z.output` (see `instant`).
 */

/** Every error answer: `{error, code}` and the code's details beside them (src/lib/error-codes.ts). */
export const errorBodySchema = z.looseObject({ error: z.string(), code: z.enum(ERROR_CODES) });

/**
 * A moment the route holds as a Date: it leaves as JSON's ISO text, which is what the browser reads
 * (the type on the wire, `z.input`, is a string; the route's, `z.output`, a Date). A route that
 * already holds the text uses `z.iso.datetime(...)` or `z.string()`.
 */
export const instant = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** `{success: true, message}`: the answer of a write whose result is a sentence for the person. */
export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.input<typeof messageResponseSchema>;

/** `{success: true}` alone. */
export const successResponseSchema = z.object({ success: z.literal(true) });

/**
 * An answer that is not JSON (a PDF, a CSV, a ZIP, a stream, a redirect, 204): the serializer never
 * sees its bytes, so nothing is checked but that the route did not send JSON instead.
 */
export const notJson = (what: string) => z.never().describe(what);

/** Compile-time check that two types are the same (both ways assignable): `const ok: Same<A, B> = true`. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
