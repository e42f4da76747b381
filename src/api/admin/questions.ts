import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "@/lib/contract/fields";
import { adminQuestionListResponseSchema, adminQuestionResponseSchema, moderateRequestSchema, moderationListQuerySchema } from "@/lib/contract/reviews";
import { requestMeta, type ApiContext } from "../context";
import { adminActor } from "../scopes";

/**
 * The admin's moderation of product questions and answers (src/server/reviews/questions.ts): the
 * list (reported first, then the waiting ones, oldest first), and publishing or hiding a question
 * or an answer with a reason (logged in the security log). The shop answers through the product's
 * own answers route (shopper/questions.ts), as an administrator.
 */
export const questionAdminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/questions", { schema: { querystring: moderationListQuerySchema, response: { 200: adminQuestionListResponseSchema } } }, async (request) =>
    services.questions.adminList(request.query),
  );

  app.post(
    "/questions/:id/moderate",
    { schema: { params: idParams, body: moderateRequestSchema, response: { 200: adminQuestionResponseSchema } } },
    async (request) => ({ question: await services.questions.moderateQuestion(adminActor(request), request.params.id, request.body, requestMeta(request)) }),
  );

  app.post(
    "/answers/:id/moderate",
    { schema: { params: idParams, body: moderateRequestSchema, response: { 200: adminQuestionResponseSchema } } },
    async (request) => ({ question: await services.questions.moderateAnswer(adminActor(request), request.params.id, request.body, requestMeta(request)) }),
  );
};
