import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { productIdParamsSchema, questionListQuerySchema, questionListResponseSchema } from "@/lib/contract/reviews";
import type { SignedInUser } from "@/server/auth/auth-service";
import type { QuestionViewer } from "@/server/reviews/questions";
import type { ApiContext } from "./context";

/** The person behind a request as the questions service knows them (their full name gives the public "Amina J."). */
export function questionViewer(user: SignedInUser | null): QuestionViewer | null {
  return user ? { id: user.id, role: user.role, name: user.profile.fullName || user.name } : null;
}

/**
 * A product's answered questions (src/server/reviews/questions.ts), for anyone; registered in the
 * signed-in-or-guest scope so a signed-in asker also sees their own waiting questions and whether
 * they may answer. Asking, answering and reporting are in shopper/questions.ts.
 */
export const questionRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get(
    "/products/:id/questions",
    { schema: { params: productIdParamsSchema, querystring: questionListQuerySchema, response: { 200: questionListResponseSchema } } },
    async (request) => services.questions.list(request.params.id, request.query, questionViewer(request.visitor)),
  );
};
