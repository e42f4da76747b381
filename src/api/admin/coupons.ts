import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminCouponResponseSchema, adminCouponsResponseSchema, couponActiveBodySchema, couponCodeParamsSchema } from "@/lib/contract/admin-coupons";
import { couponInputSchema } from "@/lib/coupons";
import type { ApiContext } from "../context";

/** The admin's coupons: list, create, switch on or off. */
export const couponAdminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/coupons", { schema: { response: { 200: adminCouponsResponseSchema } } }, async () => ({ coupons: await services.rewards.adminList() }));

  app.post("/coupons", { schema: { body: couponInputSchema, response: { 201: adminCouponResponseSchema } } }, async (request, reply) =>
    reply.code(201).send({ coupon: await services.rewards.adminCreate(request.body, request.admin.id) }),
  );

  app.post(
    "/coupons/:code/active",
    { schema: { params: couponCodeParamsSchema, body: couponActiveBodySchema, response: { 200: adminCouponResponseSchema } } },
    async (request) => ({ coupon: await services.rewards.adminSetActive(request.params.code, request.body.active) }),
  );
};
