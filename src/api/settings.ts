import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminSettingsResponseSchema, settingsQuerySchema, settingsResponseSchema } from "@/lib/contract/settings";
import { publicSiteSettings } from "@/lib/site-settings";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";
import { answerErrorsWithSuccessFlag } from "./errors";
import { readSessionToken } from "./session-cookie";

/**
 * The storefront's settings at the path the pages and other clients read: what the storefront
 * renders, to anyone; `?full=true` every setting, the security policy included, to an admin only.
 * Changing them is the admin scope's (./admin/settings.ts).
 */
export const settingsRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  answerErrorsWithSuccessFlag(app);

  // Public: only what the storefront renders. `?full=true` answers every setting, the security
  // policy included, to an admin only (never cached by anyone in between).
  app.get(
    "/admin/settings",
    { schema: { querystring: settingsQuerySchema, response: { 200: z.union([adminSettingsResponseSchema, settingsResponseSchema]) } } },
    async (request, reply) => {
      if (request.query.full === "true") {
        reply.header("cache-control", CACHE.none);
        await services.auth.requireAdmin(readSessionToken(request, services.siteUrl.protocol === "https:"), "Only administrators can read every setting");
        return { success: true as const, settings: await services.settings.get() };
      }
      reply.header("cache-control", CACHE.default);
      return { success: true as const, settings: publicSiteSettings(await services.settings.get()) };
    },
  );
};
