import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { settingsWriteBodySchema } from "@/lib/contract/admin-settings";
import { adminSettingsResponseSchema } from "@/lib/contract/settings";
import { checkSiteSettings } from "@/lib/site-settings";
import { CONTROL_CHARACTER_MESSAGE, containsForbiddenCharacter } from "@/lib/text";
import { DomainError } from "@/server/errors";
import type { SettingsChange } from "@/server/settings/settings";
import { CACHE } from "../cache-control";
import { requestMeta, type ApiContext } from "../context";
import { answerErrorsWithSuccessFlag } from "../errors";
import { adminActor } from "../scopes";

/** Changing the shop's settings: one, several, or back to the defaults. Answers every setting. */
export const settingsAdminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  answerErrorsWithSuccessFlag(app);

  // the body is checked here, not by the route schema, so that a refusal names what to send
  app.post("/settings", { schema: { response: { 200: adminSettingsResponseSchema } } }, async (request, reply) => {
    reply.header("cache-control", CACHE.none);
    // settings are checked by the shared settings schema; control characters are refused here first,
    // anywhere in the body, like in every other string the API accepts
    if (containsForbiddenCharacter(request.body)) throw new DomainError("invalid-input", `Invalid settings: values ${CONTROL_CHARACTER_MESSAGE}`);
    const parsed = settingsWriteBodySchema.safeParse(request.body);
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
    return { success: true as const, settings };
  });
};
