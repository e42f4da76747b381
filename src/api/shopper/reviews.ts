import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { helpfulResponseSchema, reviewParamsSchema } from "@/lib/contract/reviews";
import type { ApiContext } from "../context";

/** Marks a signed-in shopper leaves on reviews (writing and reporting, open to guests too, are in ../reviews.ts). */
export const reviewShopperRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  /** POST /api/products/{id}/reviews/{reviewId}/helpful: marks the review helpful, or takes the mark back. */
  app.post("/products/:id/reviews/:reviewId/helpful", { schema: { params: reviewParamsSchema, response: { 200: helpfulResponseSchema } } }, async (request) =>
    services.reviews.toggleHelpful(request.user.id, request.params.id, request.params.reviewId),
  );
};
