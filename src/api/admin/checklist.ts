import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { checklistResponseSchema } from "@/lib/contract/admin-checklist";
import type { ApiContext } from "../context";

/** The first-day checklist: what a live shop still needs (the dashboard shows the same). */
export const checklistRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/checklist", { schema: { response: { 200: checklistResponseSchema } } }, async () => services.firstDay.checklist());
};
