import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { couponInputSchema } from "@/lib/coupons";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";
import { requireAdmin, requireUser } from "./current-user";
import { text } from "./schemas";

/**
 * The shopper's coupons and coins, and the admin's coupons. Checking a code against a cart is the
 * checkout quote's work (POST /api/checkout/quote with `couponCode`), in src/api/orders.ts.
 */
export const rewardRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", CACHE.none);
  });

  app.get("/account/coupons", async (request) => {
    const user = await requireUser(services, request);
    return services.rewards.shopperCoupons(user.id);
  });

  app.get("/account/coins", async (request) => {
    const user = await requireUser(services, request);
    return { coins: await services.rewards.coins(user.id) };
  });

  app.get("/admin/coupons", async (request) => {
    await requireAdmin(services, request);
    return { coupons: await services.rewards.adminList() };
  });

  app.post("/admin/coupons", { schema: { body: couponInputSchema } }, async (request, reply) => {
    const admin = await requireAdmin(services, request);
    return reply.code(201).send({ coupon: await services.rewards.adminCreate(request.body, admin.id) });
  });

  app.post(
    "/admin/coupons/:code/active",
    { schema: { params: z.object({ code: text("code", 40, { min: 1 }) }), body: z.object({ active: z.boolean() }).strict() } },
    async (request) => {
      await requireAdmin(services, request);
      return { coupon: await services.rewards.adminSetActive(request.params.code, request.body.active) };
    },
  );
};
