import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  adminReplyBodySchema,
  adminThreadResponseSchema,
  adminThreadsQuerySchema,
  adminThreadsResponseSchema,
  adminThreadSummarySchema,
  threadStatusBodySchema,
} from "@/lib/contract/admin-messages";
import type { Same } from "@/lib/contract/common";
import { idParams } from "@/lib/contract/fields";
import type { AdminThreadSummary } from "@/server/messages/messages";
import type { ApiContext } from "../context";

/** A conversation in the admins' answers is the service's, field for field (checked by the compiler, both ways). */
export const adminThreadIsServiceSummary: Same<z.output<typeof adminThreadSummarySchema>, AdminThreadSummary> = true;

/** The admins' side of the message centre: the threads by status, one thread, a reply, open or close. */
export const messageAdminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/messages", { schema: { querystring: adminThreadsQuerySchema, response: { 200: adminThreadsResponseSchema } } }, async (request) =>
    services.messages.adminList(request.query),
  );

  app.get("/messages/:id", { schema: { params: idParams, response: { 200: adminThreadResponseSchema } } }, async (request) =>
    services.messages.adminThread(request.params.id),
  );

  app.post(
    "/messages/:id",
    { schema: { params: idParams, body: adminReplyBodySchema, response: { 201: adminThreadResponseSchema } } },
    async (request, reply) => reply.code(201).send(await services.messages.adminReply(request.admin.id, request.params.id, request.body.body)),
  );

  app.post(
    "/messages/:id/status",
    { schema: { params: idParams, body: threadStatusBodySchema, response: { 200: adminThreadResponseSchema } } },
    async (request) => services.messages.adminSetStatus(request.params.id, request.body.status),
  );
};
