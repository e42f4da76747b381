import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { loginErrorType } from "@/lib/auth-rules";
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  loginTwoFactorRequestSchema,
  loginTwoFactorResponseSchema,
  logoutResponseSchema,
  messageResponseSchema,
  registerRequestSchema,
  resendVerificationRequestSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
  verifyRequestSchema,
  type LoginErrorBody,
  type PublicUser,
} from "@/lib/contract/auth";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from "@/lib/locale";
import { publicUser } from "@/server/auth/auth-service";
import { authMessage, refusal } from "@/server/auth/texts";
import type { AddressLimitedRoute } from "@/server/auth/limits";
import { CACHE } from "./cache-control";
import { requestMeta, type ApiContext } from "./context";
import { answerErrorsWithSuccessFlag, describeError, sendError } from "./errors";
import { clearSessionCookie, readSessionToken, setSessionCookie } from "./session-cookie";

/**
 * Sign-in, registration and e-mail links (the signed-in account's own security is in
 * ./shopper/account-security.ts). Every answer says success: true or false.
 */
export const authRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  const { auth } = services;
  const secure = services.siteUrl.protocol === "https:";

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", CACHE.none);
  });
  // the sign-in answer's shape holds for a refusal before the handler (the address limit) too
  answerErrorsWithSuccessFlag(app, (request, code) =>
    request.routeOptions.url === "/api/auth/login" || request.routeOptions.url === "/api/auth/login/two-factor"
      ? { user: null, type: loginErrorType(code), redirectTo: null }
      : {},
  );

  /**
   * A signed-in browser takes the account's language, when it has one: a new device opens the shop
   * in the shopper's language from the first page after sign-in.
   */
  const rememberLocale = (reply: FastifyReply, user: { locale: PublicUser["locale"] }) => {
    if (user.locale) reply.setCookie(LOCALE_COOKIE, user.locale, { path: "/", maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: "lax", secure });
  };

  /** Each account route's limit per client address (generous: many shoppers share a carrier's address). */
  const perAddress = (route: AddressLimitedRoute) => {
    const limit = auth.limits.perAddress[route];
    return { rateLimit: { max: limit.max, timeWindow: limit.windowMinutes * 60_000 } };
  };

  app.post(
    "/auth/register",
    {
      config: perAddress("register"),
      schema: { body: registerRequestSchema, response: { 201: messageResponseSchema } },
    },
    async (request, reply) => {
      const { message } = await auth.register(request.body, requestMeta(request));
      reply.code(201);
      return { success: true as const, message };
    },
  );

  /** A refused sign-in (either step) as the sign-in answer's error shape. */
  const loginFailure = (reply: FastifyReply, error: unknown) => {
    const known = describeError(error);
    if (!known) throw error;
    const body: Omit<LoginErrorBody, "error" | "code"> = {
      success: false,
      user: null,
      type: loginErrorType(known.code),
      redirectTo: null,
      ...known.details,
    };
    return sendError(reply, known.code, known.message, body);
  };

  app.post(
    "/auth/login",
    {
      config: perAddress("login"),
      schema: { body: loginRequestSchema, response: { 200: z.union([loginResponseSchema, loginTwoFactorResponseSchema]) } },
    },
    async (request, reply) => {
      try {
        const result = await auth.signIn({ ...request.body, previousToken: readSessionToken(request, secure) }, requestMeta(request));
        if ("twoFactorRequired" in result) {
          const { challenge, expiresInSeconds } = result;
          return {
            success: false as const,
            twoFactorRequired: true as const,
            challenge,
            expiresInSeconds,
            user: null,
            error: null,
            type: "TWO_FACTOR_REQUIRED" as const,
            redirectTo: null,
          };
        }
        setSessionCookie(reply, secure, result.session.token, result.session.maxAge);
        rememberLocale(reply, result.user);
        return { success: true as const, user: result.user, error: null, type: null, redirectTo: result.redirectTo };
      } catch (error) {
        return loginFailure(reply, error);
      }
    },
  );

  // the second step: the same limits as the first (per client address here, per e-mail address and
  // the step's own lock in the service), since a code has only a million values
  app.post(
    "/auth/login/two-factor",
    {
      config: perAddress("login-two-factor"),
      schema: { body: loginTwoFactorRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request, reply) => {
      try {
        const { user, session, redirectTo } = await auth.completeSignIn(
          { ...request.body, previousToken: readSessionToken(request, secure) },
          requestMeta(request),
        );
        setSessionCookie(reply, secure, session.token, session.maxAge);
        rememberLocale(reply, user);
        return { success: true as const, user, error: null, type: null, redirectTo };
      } catch (error) {
        return loginFailure(reply, error);
      }
    },
  );

  app.get("/auth/session", { schema: { response: { 200: sessionResponseSchema } } }, async (request) => {
    const user = await auth.currentUser(readSessionToken(request, secure));
    return { success: true as const, authenticated: Boolean(user), user: user && publicUser(user) };
  });

  app.post("/auth/logout", { schema: { response: { 200: logoutResponseSchema } } }, async (request, reply) => {
    await auth.signOut(readSessionToken(request, secure), requestMeta(request));
    clearSessionCookie(reply, secure);
    return { success: true as const, error: null };
  });

  app.post("/auth/verify", { schema: { body: verifyRequestSchema, response: { 200: messageResponseSchema } } }, async (request, reply) => {
    const ok = await auth.verifyEmail(request.body.token, requestMeta(request));
    if (!ok) {
      const refused = refusal("invalid-token", "verifyLinkInvalid");
      return sendError(reply, refused.code, refused.message, { success: false, ...refused.details });
    }
    return { success: true as const, message: authMessage("verified") };
  });

  app.post(
    "/auth/resend-verification",
    {
      config: perAddress("resend-verification"),
      schema: { body: resendVerificationRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await auth.resendVerification(request.body.email, requestMeta(request), request.body.redirect);
      return { success: true as const, message: authMessage("resent") };
    },
  );

  app.post(
    "/auth/forgot-password",
    { config: perAddress("forgot-password"), schema: { body: forgotPasswordRequestSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await auth.requestPasswordReset(request.body.email, requestMeta(request));
      return { success: true as const, message: authMessage("resetSent") };
    },
  );

  app.post(
    "/auth/reset-password",
    {
      config: perAddress("reset-password"),
      schema: { body: resetPasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await auth.resetPassword(request.body, requestMeta(request));
      return { success: true as const, message: authMessage("passwordReset") };
    },
  );
};
