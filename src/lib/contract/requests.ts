import { z } from "zod";
import { requestBodySchema } from "../requests";

/**
 * Requests sent through the shop's forms (/api/requests). The body is checked by the requests
 * service with `requestBodySchema` (src/lib/requests.ts), whose refusals name the field and reason
 * (400 validation), so the route declares no body schema of its own; the PCB form is multipart.
 */
export { requestBodySchema };

/** The body of POST /api/requests: {kind, name, email, phone?, company?, message?, details} (details per kind). */
export type SendRequestBody = z.input<typeof requestBodySchema>;

/** POST /api/requests and /api/requests/pcb answer 201 with the request's reference, e.g. RQ-2026-000123. */
export const sendRequestResponseSchema = z.object({ reference: z.string() });
export type SendRequestResponse = z.input<typeof sendRequestResponseSchema>;
