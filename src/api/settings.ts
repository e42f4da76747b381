import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getSiteSettings } from "@/server/settings/settings";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";

export const settingsRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db }) => {
  app.get("/admin/settings", async (_request, reply) => {
    reply.header("cache-control", CACHE.default);
    return { success: true, settings: await getSiteSettings(await db()) };
  });
};
