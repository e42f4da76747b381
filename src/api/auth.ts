import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { LoginErrorBody, LoginResponse, LoginTwoFactorResponse, LogoutResponse, MessageResponse, PublicUser, SessionResponse } from "@/lib/api-contract";
import { PASSWORD_MAX_LENGTH, loginErrorType } from "@/lib/auth-rules";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from "@/lib/locale";
import { publicUser } from "@/server/auth/auth-service";
import { authMessage, refusal } from "@/server/auth/texts";
import type { AddressLimitedRoute } from "@/server/auth/limits";
import { CACHE } from "./cache-control";
import { requestMeta, type ApiContext } from "./context";
import { answerErrorsWithSuccessFlag, describeError, sendError } from "./errors";
import { text } from "@/lib/contract/fields";
import { clearSessionCookie, readSessionToken, setSessionCookie } from "./session-cookie";

/** room for the longest allowed password (128 characters) in any script, in UTF-16 units; the rules give the message */
const PASSWORD_FIELD = 4 * PASSWORD_MAX_LENGTH;
/** a form field: absent means empty, so the service answers with the form's own message */
const field = (name: string, max: number) => text(name, max).default("");

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
      schema: {
        body: z.object({
          fullName: field("fullName", 120),
          email: field("email", 254),
          phone: field("phone", 30).optional(),
          password: field("password", PASSWORD_FIELD),
          confirmPassword: field("confirmPassword", PASSWORD_FIELD),
          acceptTerms: z.boolean().default(false),
          redirect: text("redirect", 500).optional(),
        }),
      },
    },
    async (request, reply): Promise<MessageResponse> => {
      const { message } = await auth.register(request.body, requestMeta(request));
      reply.code(201);
      return { success: true, message };
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
      schema: {
        body: z.object({
          email: field("email", 254),
          password: field("password", PASSWORD_FIELD),
          remember: z.boolean().default(false),
          redirect: text("redirect", 500).optional(),
        }),
      },
    },
    async (request, reply): Promise<LoginResponse | LoginTwoFactorResponse | LoginErrorBody> => {
      try {
        const result = await auth.signIn({ ...request.body, previousToken: readSessionToken(request, secure) }, requestMeta(request));
        if ("twoFactorRequired" in result) {
          const { challenge, expiresInSeconds } = result;
          return {
            success: false,
            twoFactorRequired: true,
            challenge,
            expiresInSeconds,
            user: null,
            error: null,
            type: "TWO_FACTOR_REQUIRED",
            redirectTo: null,
          };
        }
        setSessionCookie(reply, secure, result.session.token, result.session.maxAge);
        rememberLocale(reply, result.user);
        return { success: true, user: result.user, error: null, type: null, redirectTo: result.redirectTo };
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
      schema: { body: z.object({ challenge: text("challenge", 100, { min: 1 }), code: field("code", 40) }) },
    },
    async (request, reply): Promise<LoginResponse | LoginErrorBody> => {
      try {
        const { user, session, redirectTo } = await auth.completeSignIn(
          { ...request.body, previousToken: readSessionToken(request, secure) },
          requestMeta(request),
        );
        setSessionCookie(reply, secure, session.token, session.maxAge);
        rememberLocale(reply, user);
        return { success: true, user, error: null, type: null, redirectTo };
      } catch (error) {
        return loginFailure(reply, error);
      }
    },
  );

  app.get("/auth/session", async (request): Promise<SessionResponse> => {
    const user = await auth.currentUser(readSessionToken(request, secure));
    return { success: true, authenticated: Boolean(user), user: user && publicUser(user) };
  });

  app.post("/auth/logout", async (request, reply): Promise<LogoutResponse> => {
    await auth.signOut(readSessionToken(request, secure), requestMeta(request));
    clearSessionCookie(reply, secure);
    return { success: true, error: null };
  });

  app.post("/auth/verify", { schema: { body: z.object({ token: text("token", 100, { min: 1 }) }) } }, async (request, reply): Promise<MessageResponse> => {
    const ok = await auth.verifyEmail(request.body.token, requestMeta(request));
    if (!ok) {
      const refused = refusal("invalid-token", "verifyLinkInvalid");
      return sendError(reply, refused.code, refused.message, { success: false, ...refused.details });
    }
    return { success: true, message: authMessage("verified") };
  });

  app.post(
    "/auth/resend-verification",
    {
      config: perAddress("resend-verification"),
      schema: { body: z.object({ email: text("email", 254), redirect: text("redirect", 500).optional() }) },
    },
    async (request): Promise<MessageResponse> => {
      await auth.resendVerification(request.body.email, requestMeta(request), request.body.redirect);
      return { success: true, message: authMessage("resent") };
    },
  );

  app.post(
    "/auth/forgot-password",
    { config: perAddress("forgot-password"), schema: { body: z.object({ email: text("email", 254) }) } },
    async (request): Promise<MessageResponse> => {
      await auth.requestPasswordReset(request.body.email, requestMeta(request));
      return { success: true, message: authMessage("resetSent") };
    },
  );

  app.post(
    "/auth/reset-password",
    {
      config: perAddress("reset-password"),
      schema: {
        body: z.object({
          token: text("token", 100, { min: 1 }),
          password: field("password", PASSWORD_FIELD),
          confirmPassword: field("confirmPassword", PASSWORD_FIELD),
        }),
      },
    },
    async (request): Promise<MessageResponse> => {
      await auth.resetPassword(request.body, requestMeta(request));
      return { success: true, message: authMessage("passwordReset") };
    },
  );
};
