import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "@/lib/contract/fields";
import {
  adminReviewListResponseSchema,
  adminReviewResponseSchema,
  moderateRequestSchema,
  moderationListQuerySchema,
  shopAnswerRequestSchema,
} from "@/lib/contract/reviews";
import { requestMeta, type ApiContext } from "../context";
import { adminActor } from "../scopes";

/**
 * The admin's moderation of reviews (src/server/reviews): the queue (reported first, then the
 * oldest waiting), publishing or hiding one (abuse, spam or personal data only, with a note; in the
 * security log) and the shop's public answer under it.
 */
export const reviewAdminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/reviews", { schema: { querystring: moderationListQuerySchema, response: { 200: adminReviewListResponseSchema } } }, async (request) =>
    services.reviews.adminList(request.query),
  );

  app.post(
    "/reviews/:id/moderate",
    { schema: { params: idParams, body: moderateRequestSchema, response: { 200: adminReviewResponseSchema } } },
    async (request) => ({ review: await services.reviews.moderate(adminActor(request), request.params.id, request.body, requestMeta(request)) }),
  );

  app.put(
    "/reviews/:id/answer",
    { schema: { params: idParams, body: shopAnswerRequestSchema, response: { 200: adminReviewResponseSchema } } },
    async (request) => ({ review: await services.reviews.answer(adminActor(request), request.params.id, request.body.body) }),
  );
};
