import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DEFAULT_SITE_SETTINGS, siteSettingsSchema } from "@/lib/site-settings";
import { logSecurityEvent } from "@/server/auth/events";
import { getSiteSettings, saveSiteSettings } from "@/server/settings/settings";
import { requestMeta } from "./auth";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";
import { requireUser } from "./current-user";

/** One setting ({key, value}), several ({settings}), or back to the defaults ({reset: true}). */
const settingsWrite = z.union([
  z.object({ key: z.enum(Object.keys(siteSettingsSchema.shape) as [string, ...string[]]), value: z.unknown() }).strict(),
  z.object({ settings: siteSettingsSchema.partial().strict() }).strict(),
  z.object({ reset: z.literal(true) }).strict(),
]);

export const settingsRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db }) => {
  app.get("/admin/settings", async (_request, reply) => {
    reply.header("cache-control", CACHE.default);
    return { success: true, settings: await getSiteSettings(await db()) };
  });

  app.post("/admin/settings", async (request, reply) => {
    reply.header("cache-control", CACHE.none);
    const database = await db();
    const user = await requireUser(database, request, reply);
    if (!user) return reply;
    if (user.role !== "admin") return reply.code(403).send({ success: false, error: "Only administrators can change settings" });

    const parsed = settingsWrite.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ success: false, error: "Invalid settings: send {key, value}, {settings} or {reset: true}" });
    let values: Record<string, unknown>;
    if ("reset" in parsed.data) values = DEFAULT_SITE_SETTINGS;
    else if ("settings" in parsed.data) values = parsed.data.settings;
    else {
      const field = siteSettingsSchema.shape[parsed.data.key as keyof typeof siteSettingsSchema.shape];
      const value = field.safeParse(parsed.data.value);
      if (!value.success) return reply.code(400).send({ success: false, error: `Invalid value for ${parsed.data.key}` });
      values = { [parsed.data.key]: value.data };
    }
    await saveSiteSettings(database, values);
    await logSecurityEvent(database, { type: "admin-settings-changed", userId: user.id, email: user.email, detail: { keys: Object.keys(values) } }, requestMeta(request));
    return { success: true, settings: await getSiteSettings(database) };
  });
};
