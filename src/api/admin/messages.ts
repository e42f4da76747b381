import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { THREAD_STATUSES } from "@/lib/account";
import type { ApiContext } from "../context";
import { idParams } from "@/lib/contract/fields";
import { messageBody } from "../shopper/messages";

/** The admins' side of the message centre: the threads by status, one thread, a reply, open or close. */
export const messageAdminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get(
    "/messages",
    {
      schema: {
        querystring: z.object({
          status: z.enum(THREAD_STATUSES).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(50),
          offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
        }),
      },
    },
    async (request) => services.messages.adminList(request.query),
  );

  app.get("/messages/:id", { schema: { params: idParams } }, async (request) => services.messages.adminThread(request.params.id));

  app.post("/messages/:id", { schema: { params: idParams, body: z.object({ body: messageBody }).strict() } }, async (request, reply) =>
    reply.code(201).send(await services.messages.adminReply(request.admin.id, request.params.id, request.body.body)),
  );

  app.post("/messages/:id/status", { schema: { params: idParams, body: z.object({ status: z.enum(["open", "closed"]) }).strict() } }, async (request) =>
    services.messages.adminSetStatus(request.params.id, request.body.status),
  );
};
