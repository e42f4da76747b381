import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";
import { requireAdmin } from "./current-user";

/**
 * The admin area's own calls (the dashboard; orders, coupons, messages and requests keep theirs
 * beside the shopper's side of the same thing). Admins only: a guest gets 401, a shopper 403.
 */
export const adminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", CACHE.none);
  });

  app.get("/admin/dashboard", async (request) => {
    await requireAdmin(services, request);
    return services.adminDashboard.summary();
  });
};
