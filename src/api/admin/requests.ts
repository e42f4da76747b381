import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminRequestResponseSchema, adminRequestsQuerySchema, adminRequestsResponseSchema, requestStatusBodySchema } from "@/lib/contract/admin-requests";
import { notJson } from "@/lib/contract/common";
import { idParams } from "@/lib/contract/fields";
import type { ApiContext } from "../context";

/** Requests sent through the shop's forms, as the admin works them: list, status, a PCB request's Gerber ZIP. */
export const requestAdminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/requests", { schema: { querystring: adminRequestsQuerySchema, response: { 200: adminRequestsResponseSchema } } }, async (request) => {
    return services.requests.adminList(request.query);
  });

  app.post(
    "/requests/:id/status",
    { schema: { params: idParams, body: requestStatusBodySchema, response: { 200: adminRequestResponseSchema } } },
    async (request) => {
      return { request: await services.requests.setStatus(request.params.id, request.body.status) };
    },
  );

  app.get(
    "/requests/:id/attachment",
    { schema: { params: idParams, response: { 200: notJson("the request's Gerber files as application/zip (an attachment)") } } },
    async (request, reply) => {
      const { data, fileName } = await services.requests.attachment(request.params.id);
      return reply
        .header("content-type", "application/zip")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "private, no-store")
        .send(data);
    },
  );
};
