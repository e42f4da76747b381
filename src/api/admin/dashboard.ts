import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { dashboardResponseSchema } from "@/lib/contract/admin-dashboard";
import type { Same } from "@/lib/contract/common";
import type { DashboardSummary } from "@/server/dashboard/dashboard";
import type { ApiContext } from "../context";

/** The answer is the service's summary, field for field (checked by the compiler, both ways). */
export const dashboardAnswerIsSummary: Same<z.output<typeof dashboardResponseSchema>, DashboardSummary> = true;

/** The admin dashboard's figures. */
export const dashboardRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/dashboard", { schema: { response: { 200: dashboardResponseSchema } } }, async () => {
    return services.adminDashboard.summary();
  });
};
