import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  answerCreatedResponseSchema,
  answerRequestSchema,
  productIdParamsSchema,
  questionCreatedResponseSchema,
  questionParamsSchema,
  questionRequestSchema,
  reportRequestSchema,
  reportedResponseSchema,
} from "@/lib/contract/reviews";
import type { ApiContext } from "../context";
import { questionViewer } from "../questions";

/** Per client address, beside the service's own limit per person (many shoppers share a carrier's address). */
const WRITES_PER_ADDRESS = { max: 60, timeWindow: 60 * 60_000 };
/** Reports an address may send in an hour: each one lands in the admin's list. */
const REPORTS_PER_ADDRESS = { max: 20, timeWindow: 60 * 60_000 };

/**
 * Asking a question on a product page, answering one (an administrator as the shop, or a verified
 * buyer where the setting allows: 403 otherwise) and reporting one, for a signed-in person (a
 * guest gets 401 from the scope).
 */
export const questionShopperRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.post(
    "/products/:id/questions",
    {
      config: { rateLimit: WRITES_PER_ADDRESS },
      schema: { params: productIdParamsSchema, body: questionRequestSchema, response: { 201: questionCreatedResponseSchema } },
    },
    async (request, reply) => reply.code(201).send(await services.questions.ask(request.params.id, questionViewer(request.user), request.body)),
  );

  app.post(
    "/products/:id/questions/:questionId/answers",
    {
      config: { rateLimit: WRITES_PER_ADDRESS },
      schema: { params: questionParamsSchema, body: answerRequestSchema, response: { 201: answerCreatedResponseSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await services.questions.answer(request.params.id, request.params.questionId, questionViewer(request.user), request.body)),
  );

  app.post(
    "/products/:id/questions/:questionId/report",
    {
      config: { rateLimit: REPORTS_PER_ADDRESS },
      schema: { params: questionParamsSchema, body: reportRequestSchema, response: { 200: reportedResponseSchema } },
    },
    async (request) => {
      await services.questions.report(request.params.id, request.params.questionId, questionViewer(request.user), request.body.reason);
      return { reported: true as const };
    },
  );
};
