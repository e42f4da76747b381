import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AdminSettingsResponse, SettingsResponse } from "@/lib/api-contract";
import { CONTROL_CHARACTER_MESSAGE, containsForbiddenCharacter } from "@/lib/text";
import { DEFAULT_SITE_SETTINGS, publicSiteSettings, siteSettingsSchema } from "@/lib/site-settings";
import { DomainError } from "@/server/errors";
import { CACHE } from "./cache-control";
import { requestMeta, type ApiContext } from "./context";
import { requireAdmin } from "./current-user";
import { describeError, sendError } from "./errors";

/** One setting ({key, value}), several ({settings}), or back to the defaults ({reset: true}). */
const settingsWrite = z.union([
  z.object({ key: z.enum(Object.keys(siteSettingsSchema.shape) as [string, ...string[]]), value: z.unknown() }).strict(),
  z.object({ settings: siteSettingsSchema.partial().strict() }).strict(),
  z.object({ reset: z.literal(true) }).strict(),
]);

export const settingsRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.setErrorHandler((error, _request, reply) => {
    const known = describeError(error);
    if (!known) throw error;
    return sendError(reply, known.code, known.message, { success: false, ...known.details });
  });

  // Public: only what the storefront renders. `?full=true` answers every setting, the security
  // policy included, to an admin only (never cached by anyone in between).
  app.get(
    "/admin/settings",
    { schema: { querystring: z.object({ full: z.enum(["true", "false"]).optional() }).passthrough() } },
    async (request, reply): Promise<SettingsResponse | AdminSettingsResponse> => {
      if (request.query.full === "true") {
        reply.header("cache-control", CACHE.none);
        await requireAdmin(services, request, "Only administrators can read every setting");
        return { success: true, settings: await services.settings.get() };
      }
      reply.header("cache-control", CACHE.default);
      return { success: true, settings: publicSiteSettings(await services.settings.get()) };
    },
  );

  app.post("/admin/settings", async (request, reply): Promise<AdminSettingsResponse> => {
    reply.header("cache-control", CACHE.none);
    const user = await requireAdmin(services, request, "Only administrators can change settings");
    // settings are checked by the shared settings schema; control characters are refused here first,
    // anywhere in the body, like in every other string the API accepts
    if (containsForbiddenCharacter(request.body)) throw new DomainError("invalid-input", `Invalid settings: values ${CONTROL_CHARACTER_MESSAGE}`);
    const parsed = settingsWrite.safeParse(request.body);
    if (!parsed.success) throw new DomainError("invalid-input", "Invalid settings: send {key, value}, {settings} or {reset: true}");
    let values: Record<string, unknown>;
    if ("reset" in parsed.data) values = DEFAULT_SITE_SETTINGS;
    else if ("settings" in parsed.data) values = parsed.data.settings;
    else {
      const field = siteSettingsSchema.shape[parsed.data.key as keyof typeof siteSettingsSchema.shape];
      const value = field.safeParse(parsed.data.value);
      if (!value.success) throw new DomainError("invalid-input", `Invalid value for ${parsed.data.key}`);
      values = { [parsed.data.key]: value.data };
    }
    await services.settings.save(values);
    await services.auth.logEvent(
      { type: "admin-settings-changed", userId: user.id, email: user.email, detail: { keys: Object.keys(values) } },
      requestMeta(request),
    );
    return { success: true, settings: await services.settings.get() };
  });
};
