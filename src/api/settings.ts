import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AdminSettingsResponse, SettingsResponse } from "@/lib/api-contract";
import { CONTROL_CHARACTER_MESSAGE, containsForbiddenCharacter } from "@/lib/text";
import { checkSiteSettings, publicSiteSettings, SITE_SETTING_KEYS, type SiteSettingKey } from "@/lib/site-settings";
import type { SettingsChange } from "@/server/settings/settings";
import { DomainError } from "@/server/errors";
import { CACHE } from "./cache-control";
import { requestMeta, type ApiContext } from "./context";
import { requireAdmin } from "./current-user";
import { describeError, sendError } from "./errors";

/**
 * One setting ({key, value}), several ({settings}), or back to the defaults: all ({reset: true})
 * or the keys named ({reset: [keys]}). The values are checked by the shared settings check, so a
 * problem is named by its path ("colors.primary: ...").
 */
const settingKey = z.enum(SITE_SETTING_KEYS as [SiteSettingKey, ...SiteSettingKey[]]);
const settingsWrite = z.union([
  z.object({ key: settingKey, value: z.unknown() }).strict(),
  z.object({ settings: z.record(z.string(), z.unknown()) }).strict(),
  z.object({ reset: z.union([z.literal(true), z.array(settingKey).min(1).max(SITE_SETTING_KEYS.length)]) }).strict(),
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
    { config: { adminAccess: "public" }, schema: { querystring: z.object({ full: z.enum(["true", "false"]).optional() }).passthrough() } },
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
    if (!parsed.success) throw new DomainError("invalid-input", "Invalid settings: send {key, value}, {settings}, {reset: true} or {reset: [keys]}");
    let change: SettingsChange;
    if ("reset" in parsed.data) change = { reset: parsed.data.reset === true ? "all" : parsed.data.reset };
    else {
      const checked = checkSiteSettings("settings" in parsed.data ? parsed.data.settings : { [parsed.data.key]: parsed.data.value });
      if (!checked.ok) {
        const [first] = checked.problems;
        throw new DomainError("invalid-input", `Invalid settings: ${first!.message}`, { field: first!.path, problems: checked.problems });
      }
      change = { values: checked.values };
    }
    const settings = await services.settings.change({ id: user.id, email: user.email }, change, requestMeta(request));
    return { success: true, settings };
  });
};
