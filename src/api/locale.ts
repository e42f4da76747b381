import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { localeRequestSchema, localeResponseSchema } from "@/lib/contract/locale";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from "@/lib/locale";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";
import { readSessionToken } from "./session-cookie";

/** The language switch: remembered in a cookie for this browser, and on the account when signed in. */
export const localeRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  const secure = services.siteUrl.protocol === "https:";
  app.post("/locale", { schema: { body: localeRequestSchema, response: { 200: localeResponseSchema } } }, async (request, reply) => {
    reply.header("cache-control", CACHE.none);
    const { locale } = request.body;
    reply.setCookie(LOCALE_COOKIE, locale, { path: "/", maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: "lax", secure });
    const user = await services.auth.currentUser(readSessionToken(request, secure));
    if (user && user.locale !== locale) await services.auth.setLocale(user.id, locale);
    return { success: true as const, locale };
  });
};
