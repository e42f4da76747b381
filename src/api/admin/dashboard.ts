import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ApiContext } from "../context";

/** The admin dashboard's figures. */
export const dashboardRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/dashboard", async () => {
    return services.adminDashboard.summary();
  });
};
