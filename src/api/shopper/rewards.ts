import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { accountCoinsResponseSchema, accountCouponsResponseSchema } from "@/lib/contract/rewards";
import type { ApiContext } from "../context";

/**
 * The signed-in shopper's coupons and coins (the admin's coupons are in ../admin/coupons.ts).
 * Checking a code against a cart is the checkout quote's work (POST /api/checkout/quote with
 * `couponCode`, in ./orders.ts).
 */
export const rewardRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/account/coupons", { schema: { response: { 200: accountCouponsResponseSchema } } }, async (request) => {
    return services.rewards.shopperCoupons(request.user.id);
  });

  app.get("/account/coins", { schema: { response: { 200: accountCoinsResponseSchema } } }, async (request) => {
    return { coins: await services.rewards.coins(request.user.id) };
  });
};
