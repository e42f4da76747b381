import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AdminSettingsResponse } from "@/lib/api-contract";
import { checkSiteSettings, SITE_SETTING_KEYS, type SiteSettingKey } from "@/lib/site-settings";
import { CONTROL_CHARACTER_MESSAGE, containsForbiddenCharacter } from "@/lib/text";
import { DomainError } from "@/server/errors";
import type { SettingsChange } from "@/server/settings/settings";
import { CACHE } from "../cache-control";
import { requestMeta, type ApiContext } from "../context";
import { answerErrorsWithSuccessFlag } from "../errors";
import { adminActor } from "../scopes";

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

/** Changing the shop's settings: one, several, or back to the defaults. Answers every setting. */
export const settingsAdminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  answerErrorsWithSuccessFlag(app);

  app.post("/settings", async (request, reply): Promise<AdminSettingsResponse> => {
    reply.header("cache-control", CACHE.none);
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
    const settings = await services.settings.change(adminActor(request), change, requestMeta(request));
    return { success: true, settings };
  });
};
