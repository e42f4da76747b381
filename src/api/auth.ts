import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type {
  AccountSessionsResponse,
  LoginErrorBody,
  LoginResponse,
  LoginTwoFactorResponse,
  LogoutResponse,
  MessageResponse,
  RecoveryCodesResponse,
  RevokeOthersResponse,
  SessionResponse,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
} from "@/lib/api-contract";
import { AUTH_TEXT, loginErrorType } from "@/lib/auth-rules";
import { publicUser } from "@/server/auth/auth-service";
import { CACHE } from "./cache-control";
import { requestMeta, type ApiContext } from "./context";
import { requireUser } from "./current-user";
import { describeError, sendError } from "./errors";
import type { FastifyReply } from "fastify";
import { clearSessionCookie, readSessionToken, setSessionCookie } from "./session-cookie";

const text = (max: number) => z.string().max(max).default("");

/** Sign-in, registration, e-mail links and the signed-in account. Every answer says success: true or false. */
export const authRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  const { auth } = services;
  const secure = services.siteUrl.protocol === "https:";

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", CACHE.none);
  });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const known = describeError(error);
    if (!known) throw error;
    return sendError(reply, known.code, known.message, { success: false, ...known.details });
  });

  app.post(
    "/auth/register",
    {
      schema: {
        body: z.object({
          fullName: text(120),
          email: text(254),
          phone: text(30).optional(),
          password: text(200),
          confirmPassword: text(200),
          acceptTerms: z.boolean().default(false),
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
    { schema: { body: z.object({ email: text(254), password: text(200), remember: z.boolean().default(false), redirect: z.string().max(500).optional() }) } },
    async (request, reply): Promise<LoginResponse | LoginTwoFactorResponse | LoginErrorBody> => {
      try {
        const result = await auth.signIn({ ...request.body, previousToken: readSessionToken(request) }, requestMeta(request));
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
        return { success: true, user: result.user, error: null, type: null, redirectTo: result.redirectTo };
      } catch (error) {
        return loginFailure(reply, error);
      }
    },
  );

  app.post(
    "/auth/login/two-factor",
    { schema: { body: z.object({ challenge: z.string().min(1).max(100), code: z.string().max(40) }) } },
    async (request, reply): Promise<LoginResponse | LoginErrorBody> => {
      try {
        const { user, session, redirectTo } = await auth.completeSignIn({ ...request.body, previousToken: readSessionToken(request) }, requestMeta(request));
        setSessionCookie(reply, secure, session.token, session.maxAge);
        return { success: true, user, error: null, type: null, redirectTo };
      } catch (error) {
        return loginFailure(reply, error);
      }
    },
  );

  app.get("/auth/session", async (request): Promise<SessionResponse> => {
    const user = await auth.currentUser(readSessionToken(request));
    return { success: true, authenticated: Boolean(user), user: user && publicUser(user) };
  });

  app.post("/auth/logout", async (request, reply): Promise<LogoutResponse> => {
    await auth.signOut(readSessionToken(request), requestMeta(request));
    clearSessionCookie(reply, secure);
    return { success: true, error: null };
  });

  app.post("/auth/verify", { schema: { body: z.object({ token: z.string().min(1).max(100) }) } }, async (request, reply): Promise<MessageResponse> => {
    const ok = await auth.verifyEmail(request.body.token, requestMeta(request));
    if (!ok) return sendError(reply, "invalid-token", "This verification link is invalid or has expired.", { success: false });
    return { success: true, message: "Your e-mail address is confirmed. You can sign in now." };
  });

  const sameAnswer = "If that address needs it, we have sent a new link. Please check your inbox.";
  app.post("/auth/resend-verification", { schema: { body: z.object({ email: z.string().max(254) }) } }, async (request): Promise<MessageResponse> => {
    await auth.resendVerification(request.body.email);
    return { success: true, message: sameAnswer };
  });

  app.post("/auth/forgot-password", { schema: { body: z.object({ email: z.string().max(254) }) } }, async (request): Promise<MessageResponse> => {
    await auth.requestPasswordReset(request.body.email, requestMeta(request));
    return { success: true, message: AUTH_TEXT.resetSent };
  });

  app.post(
    "/auth/reset-password",
    { schema: { body: z.object({ token: z.string().min(1).max(100), password: text(200), confirmPassword: text(200) }) } },
    async (request): Promise<MessageResponse> => {
      await auth.resetPassword(request.body, requestMeta(request));
      return { success: true, message: "Your password is changed. Please sign in with the new one." };
    },
  );

  // ---- the signed-in account -------------------------------------------------------------
  app.get("/account/sessions", async (request): Promise<AccountSessionsResponse> => {
    const user = await requireUser(services, request);
    const rows = await auth.listSessions(user.id);
    return {
      success: true,
      sessions: rows.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString(), current: s.id === user.sessionId })),
    };
  });

  app.post("/account/sessions/revoke-others", async (request): Promise<RevokeOthersResponse> => {
    const user = await requireUser(services, request);
    return { success: true, closed: await auth.closeOtherSessions(user, requestMeta(request)) };
  });

  app.post(
    "/account/profile",
    {
      schema: {
        body: z.object({
          fullName: z.string().trim().min(1, "Please enter your full name").max(120),
          phone: z.string().trim().max(30).nullable().default(null),
          company: z.string().trim().max(120).nullable().default(null),
        }),
      },
    },
    async (request): Promise<MessageResponse> => {
      const user = await requireUser(services, request);
      await auth.updateProfile(user.id, request.body);
      return { success: true, message: "Profile saved" };
    },
  );

  // ---- two-step sign-in of the signed-in account -----------------------------------------
  const confirmation = z.object({ code: z.string().max(40).optional(), password: z.string().max(200).optional() });

  app.get("/account/two-factor", async (request): Promise<TwoFactorStatusResponse> => {
    const user = await requireUser(services, request);
    const status = await auth.twoFactorStatus(user.id);
    return { success: true, ...status, required: await auth.mustEnrolTwoFactor(user) };
  });

  app.post("/account/two-factor/setup", async (request): Promise<TwoFactorSetupResponse> => {
    const user = await requireUser(services, request);
    const { secret, otpauthUrl, qrSvg } = await auth.beginTwoFactorEnrolment(user);
    return { success: true, secret, otpauthUrl, qrSvg };
  });

  app.post("/account/two-factor/confirm", { schema: { body: z.object({ code: z.string().max(40) }) } }, async (request): Promise<RecoveryCodesResponse> => {
    const user = await requireUser(services, request);
    const { recoveryCodes } = await auth.confirmTwoFactorEnrolment(user, request.body.code, requestMeta(request));
    return { success: true, recoveryCodes };
  });

  app.post("/account/two-factor/disable", { schema: { body: confirmation } }, async (request): Promise<MessageResponse> => {
    const user = await requireUser(services, request);
    await auth.disableTwoFactor(user, request.body, requestMeta(request));
    return { success: true, message: "Two-step sign-in is off." };
  });

  app.post("/account/two-factor/recovery-codes", { schema: { body: confirmation } }, async (request): Promise<RecoveryCodesResponse> => {
    const user = await requireUser(services, request);
    const { recoveryCodes } = await auth.regenerateRecoveryCodes(user, request.body, requestMeta(request));
    return { success: true, recoveryCodes };
  });

  app.post(
    "/account/password",
    { schema: { body: z.object({ currentPassword: text(200), newPassword: text(200), confirmPassword: text(200) }) } },
    async (request, reply): Promise<MessageResponse> => {
      const user = await requireUser(services, request);
      const { session } = await auth.changePassword(user, request.body, requestMeta(request));
      setSessionCookie(reply, secure, session.token, session.maxAge);
      return { success: true, message: "Password changed. Every other device has been signed out." };
    },
  );
};
