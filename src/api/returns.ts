import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { orderNumberParamsSchema } from "@/lib/contract/orders";
import { returnOptionsSchema, returnRequestSchema, returnResponseSchema } from "@/lib/contract/returns";
import { text } from "@/lib/contract/fields";
import { RETURN_PHOTOS_MAX } from "@/lib/returns";
import { DomainError } from "@/server/errors";
import type { ReturnRequester } from "@/server/returns/returns";
import { requestMeta, type ApiContext } from "./context";
import { sendError } from "./errors";
import { photoFormLimits, readPhotoForm } from "./photo-form";

/** The text fields of a return request. */
const FIELDS = new Set(["lines", "reason", "returnMethod", "checklist", "orderLink"]);
/** Requests one client address may send in an hour: each stores photos and sends an SMS and an e-mail. */
const RETURNS_PER_ADDRESS = { max: 10, timeWindow: 60 * 60_000 };

const jsonText = (field: string) => `${field} must be JSON`;

/**
 * Returns and warranty claims, for the signed-in owner of an order or a guest holding its signed
 * link (the SMS's `/o/<token>`, sent as `orderLink`): registered in the signed-in-or-guest scope.
 * - GET /api/orders/{number}/returns[?orderLink=]: what may be sent back now, and the order's returns.
 * - POST /api/orders/{number}/returns, multipart: `lines` (JSON `[{orderLineId, quantity}]`),
 *   `reason`, `returnMethod` (drop_off, parcel, pickup), `checklist` (JSON `{unused, notSoldered,
 *   notCut}`), up to 5 photos in fields named `photos` (each a picture of at most 10 MB, streamed
 *   with those caps, decoded off the event loop) → 201 {return}. Refusals: 409 return-not-allowed
 *   (reason), 400 validation (field, reason), 400 not-an-image / image-damaged / too-many-pixels,
 *   413 too-large, 429 past 10 requests an hour per address.
 * The admin's side is in ./admin/returns.ts.
 */
export const returnRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  /** Who asks: the holder of the order's link when one is sent, else the signed-in owner (401 for neither). */
  async function requester(request: FastifyRequest, orderLink: string | undefined): Promise<ReturnRequester> {
    if (orderLink) {
      const orderId = await services.links.orderFromToken(orderLink);
      if (orderId === null) throw new DomainError("not-found", "Order not found");
      return { orderId };
    }
    if (request.visitor) return { userId: request.visitor.id };
    throw new DomainError("unauthenticated", "Sign in, or open the order from the link in its text message");
  }

  app.get(
    "/orders/:number/returns",
    {
      schema: {
        params: orderNumberParamsSchema,
        querystring: z.object({ orderLink: text("orderLink", 40).optional() }),
        response: { 200: returnOptionsSchema },
      },
    },
    async (request) => services.returns.options(await requester(request, request.query.orderLink), request.params.number),
  );

  await app.register(multipart, { limits: photoFormLimits(FIELDS.size, RETURN_PHOTOS_MAX) });

  app.post(
    "/orders/:number/returns",
    { config: { rateLimit: RETURNS_PER_ADDRESS }, schema: { params: orderNumberParamsSchema, response: { 201: returnResponseSchema } } },
    async (request, reply) => {
      const { fields, photos } = await readPhotoForm(request, { fields: FIELDS, maxPhotos: RETURN_PHOTOS_MAX });
      const parsed: Record<string, unknown> = {};
      for (const field of ["lines", "checklist"] as const) {
        try {
          parsed[field] = JSON.parse(fields[field] ?? "null");
        } catch {
          return sendError(reply, "validation", jsonText(field), { field, reason: "invalid" });
        }
      }
      const body = returnRequestSchema.safeParse({
        lines: parsed.lines,
        reason: fields.reason ?? "",
        returnMethod: fields.returnMethod,
        checklist: parsed.checklist,
        ...(fields.orderLink ? { orderLink: fields.orderLink } : {}),
      });
      if (!body.success) {
        const issue = body.error.issues[0];
        const field = String(issue?.path[0] ?? "body");
        return sendError(reply, "validation", `${field}: ${issue?.message ?? "not valid"}`, { field, reason: "invalid" });
      }
      const { orderLink, ...input } = body.data;
      const created = await services.returns.request(await requester(request, orderLink), request.params.number, input, photos, requestMeta(request));
      return reply.code(201).send({ return: created });
    },
  );
};
