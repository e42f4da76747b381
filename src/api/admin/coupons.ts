import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { couponInputSchema } from "@/lib/coupons";
import type { ApiContext } from "../context";
import { text } from "@/lib/contract/fields";

/** The admin's coupons: list, create, switch on or off. */
export const couponAdminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/coupons", async () => ({ coupons: await services.rewards.adminList() }));

  app.post("/coupons", { schema: { body: couponInputSchema } }, async (request, reply) =>
    reply.code(201).send({ coupon: await services.rewards.adminCreate(request.body, request.admin.id) }),
  );

  app.post(
    "/coupons/:code/active",
    { schema: { params: z.object({ code: text("code", 40, { min: 1 }) }), body: z.object({ active: z.boolean() }).strict() } },
    async (request) => ({ coupon: await services.rewards.adminSetActive(request.params.code, request.body.active) }),
  );
};
