import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX } from "@/lib/account";
import type { ApiContext } from "../context";
import { idParams, text } from "@/lib/contract/fields";

/**
 * A message body may hold line breaks (paragraphs); the service refuses every other control
 * character and normalises the breaks (normaliseMessageBody), so the schema only bounds its size.
 */
export const messageBody = z.string({ error: "body must be text" }).max(MESSAGE_BODY_MAX + 200, `body must be at most ${MESSAGE_BODY_MAX} characters`);

/** The signed-in shopper's message centre: the inbox, a new thread, a thread, a reply, order updates seen. */
export const messageRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/messages", async (request) => {
    return services.messages.inbox(request.user.id);
  });

  app.post(
    "/messages",
    {
      schema: {
        body: z
          .object({ subject: text("subject", MESSAGE_SUBJECT_MAX, { min: 1 }), orderNumber: text("orderNumber", 30).nullish(), body: messageBody })
          .strict(),
      },
    },
    async (request, reply) => {
      return reply.code(201).send(await services.messages.create(request.user.id, request.body));
    },
  );

  app.get("/messages/:id", { schema: { params: idParams } }, async (request) => {
    return services.messages.thread(request.user.id, request.params.id);
  });

  app.post("/messages/:id", { schema: { params: idParams, body: z.object({ body: messageBody }).strict() } }, async (request, reply) => {
    return reply.code(201).send(await services.messages.reply(request.user.id, request.params.id, request.body.body));
  });

  app.post("/messages/order-updates/seen", async (request) => {
    await services.messages.markOrderUpdatesSeen(request.user.id);
    return { success: true };
  });
};
