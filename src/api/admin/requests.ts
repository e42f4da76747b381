import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AdminRequestResponse, AdminRequestsResponse } from "@/lib/api-contract";
import { REQUEST_KINDS, REQUEST_STATUSES } from "@/lib/requests";
import type { ApiContext } from "../context";
import { idParams, text } from "@/lib/contract/fields";

/** Requests sent through the shop's forms, as the admin works them: list, status, a PCB request's Gerber ZIP. */
export const requestAdminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get(
    "/requests",
    {
      schema: {
        querystring: z.object({
          kind: z.enum(REQUEST_KINDS).optional(),
          status: z.enum(REQUEST_STATUSES).optional(),
          reference: text("reference", 30).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(25),
          offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
        }),
      },
    },
    async (request): Promise<AdminRequestsResponse> => {
      return services.requests.adminList(request.query);
    },
  );

  app.post(
    "/requests/:id/status",
    { schema: { params: idParams, body: z.object({ status: z.enum(REQUEST_STATUSES) }).strict() } },
    async (request): Promise<AdminRequestResponse> => {
      return { request: await services.requests.setStatus(request.params.id, request.body.status) };
    },
  );

  app.get("/requests/:id/attachment", { schema: { params: idParams } }, async (request, reply) => {
    const { data, fileName } = await services.requests.attachment(request.params.id);
    return reply
      .header("content-type", "application/zip")
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .header("cache-control", "private, no-store")
      .send(data);
  });
};
