import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_TEXT, safeRedirect } from "@/lib/auth-rules";
import { AccountError, changePassword, register, requestPasswordReset, resendVerification, resetPassword, updateProfile, verifyEmail } from "@/server/auth/accounts";
import { logSecurityEvent, type RequestMeta } from "@/server/auth/events";
import { checkLogin } from "@/server/auth/login";
import { closeAllSessions, closeSession, listSessions, openSession, sessionUser } from "@/server/auth/sessions";
import { getSiteSettings } from "@/server/settings/settings";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";
import { requireUser } from "./current-user";
import { clearSessionCookie, readSessionToken, setSessionCookie } from "./session-cookie";

const text = (max: number) => z.string().max(max).default("");
/** failed sign-ins from one address per lockout window; generous for shared carrier addresses */
export const PER_ADDRESS_FAILURES = 100;

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers["user-agent"] ?? null };
}

export const authRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, ctx) => {
  const secure = ctx.siteUrl.protocol === "https:";
  const deps = async () => {
    const db = await ctx.db();
    const settings = await getSiteSettings(db);
    return { db, settings, accounts: { db, mailer: ctx.mailer, siteUrl: ctx.siteUrl, companyName: settings.companyName } };
  };
  const fail = (reply: FastifyReply, error: unknown) => {
    if (error instanceof AccountError) return reply.code(error.status).send({ success: false, error: error.message });
    throw error;
  };

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", CACHE.none);
  });

  app.post(
    "/auth/register",
    { schema: { body: z.object({ fullName: text(120), email: text(254), phone: text(30).optional(), password: text(200), confirmPassword: text(200), acceptTerms: z.boolean().default(false) }) } },
    async (request, reply) => {
      const { accounts } = await deps();
      try {
        const { message } = await register(accounts, request.body, requestMeta(request));
        return reply.code(201).send({ success: true, message });
      } catch (error) {
        return fail(reply, error);
      }
    },
  );

  app.post(
    "/auth/login",
    { schema: { body: z.object({ email: text(254), password: text(200), remember: z.boolean().default(false), redirect: z.string().max(500).optional() }) } },
    async (request, reply) => {
      const { email, password, remember } = request.body;
      if (!email.trim() || !password) return reply.code(400).send({ success: false, user: null, error: AUTH_TEXT.fillAll, type: "INVALID_CREDENTIALS", redirectTo: null });
      const { db, settings } = await deps();
      const policy = { maxAttempts: settings.security.maxLoginAttempts, lockoutMinutes: settings.security.lockoutMinutes, perAddressFailures: ctx.loginFailuresPerAddress ?? PER_ADDRESS_FAILURES };
      const outcome = await checkLogin(db, email, password, policy, requestMeta(request));
      if (!outcome.ok) return reply.code(outcome.status).send({ success: false, user: null, error: outcome.error, type: outcome.type, redirectTo: null });
      // a fresh token at every sign-in; any session this browser had before is ended
      const previous = readSessionToken(request);
      if (previous) await closeSession(db, previous);
      const session = await openSession(db, outcome.userId, remember, settings.security.sessionTimeout, requestMeta(request));
      setSessionCookie(reply, secure, session.token, session.maxAge);
      const user = await sessionUser(db, session.token, settings.security.sessionTimeout);
      const redirectTo = safeRedirect(request.body.redirect, user?.role === "admin" ? "/admin" : "/");
      return { success: true, user: user && publicUser(user), error: null, type: null, redirectTo };
    },
  );

  app.get("/auth/session", async (request) => {
    const token = readSessionToken(request);
    if (!token) return { success: true, authenticated: false, user: null };
    const { db, settings } = await deps();
    const user = await sessionUser(db, token, settings.security.sessionTimeout);
    return { success: true, authenticated: Boolean(user), user: user && publicUser(user) };
  });

  app.post("/auth/logout", async (request, reply) => {
    const token = readSessionToken(request);
    if (token) {
      const { db, settings } = await deps();
      const user = await sessionUser(db, token, settings.security.sessionTimeout);
      await closeSession(db, token);
      if (user) await logSecurityEvent(db, { type: "logout", userId: user.id }, requestMeta(request));
    }
    clearSessionCookie(reply, secure);
    return { success: true, error: null };
  });

  app.post("/auth/verify", { schema: { body: z.object({ token: z.string().min(1).max(100) }) } }, async (request, reply) => {
    const { accounts } = await deps();
    const ok = await verifyEmail(accounts.db, request.body.token, requestMeta(request));
    if (!ok) return reply.code(400).send({ success: false, error: "This verification link is invalid or has expired." });
    return { success: true, message: "Your e-mail address is confirmed. You can sign in now." };
  });

  const sameAnswer = "If that address needs it, we have sent a new link. Please check your inbox.";
  app.post("/auth/resend-verification", { schema: { body: z.object({ email: z.string().max(254) }) } }, async (request) => {
    const { accounts } = await deps();
    await resendVerification(accounts, request.body.email);
    return { success: true, message: sameAnswer };
  });

  app.post("/auth/forgot-password", { schema: { body: z.object({ email: z.string().max(254) }) } }, async (request) => {
    const { accounts } = await deps();
    await requestPasswordReset(accounts, request.body.email, requestMeta(request));
    return { success: true, message: AUTH_TEXT.resetSent };
  });

  app.post(
    "/auth/reset-password",
    { schema: { body: z.object({ token: z.string().min(1).max(100), password: text(200), confirmPassword: text(200) }) } },
    async (request, reply) => {
      const { accounts } = await deps();
      try {
        await resetPassword(accounts, request.body.token, request.body.password, request.body.confirmPassword, requestMeta(request));
        return { success: true, message: "Your password is changed. Please sign in with the new one." };
      } catch (error) {
        return fail(reply, error);
      }
    },
  );

  // ---- the signed-in account -------------------------------------------------------------
  const signedIn = async (request: FastifyRequest, reply: FastifyReply) => {
    const { db, settings, accounts } = await deps();
    const user = await requireUser(db, request, reply);
    return user && { db, settings, accounts, user };
  };

  app.get("/account/sessions", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    const rows = await listSessions(who.db, who.user.id);
    return { success: true, sessions: rows.map((s) => ({ ...s, current: s.id === who.user.sessionId })) };
  });

  app.post("/account/sessions/revoke-others", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    const closed = await closeAllSessions(who.db, who.user.id, who.user.sessionId);
    await logSecurityEvent(who.db, { type: "sessions-revoked", userId: who.user.id, detail: { closed } }, requestMeta(request));
    return { success: true, closed };
  });

  app.post(
    "/account/profile",
    { schema: { body: z.object({ fullName: z.string().trim().min(1, "Please enter your full name").max(120), phone: z.string().trim().max(30).nullable().default(null), company: z.string().trim().max(120).nullable().default(null) }) } },
    async (request, reply) => {
      const who = await signedIn(request, reply);
      if (!who) return reply;
      await updateProfile(who.db, who.user.id, request.body);
      return { success: true, message: "Profile saved" };
    },
  );

  app.post(
    "/account/password",
    { schema: { body: z.object({ currentPassword: text(200), newPassword: text(200), confirmPassword: text(200) }) } },
    async (request, reply) => {
      const who = await signedIn(request, reply);
      if (!who) return reply;
      try {
        await changePassword(who.accounts, who.user.id, request.body.currentPassword, request.body.newPassword, request.body.confirmPassword, requestMeta(request));
      } catch (error) {
        return fail(reply, error);
      }
      const session = await openSession(who.db, who.user.id, false, who.settings.security.sessionTimeout, requestMeta(request));
      setSessionCookie(reply, secure, session.token, session.maxAge);
      return { success: true, message: "Password changed. Every other device has been signed out." };
    },
  );
};

export function publicUser(user: { id: number; email: string; name: string; role: "user" | "admin"; isVerified: boolean; profile: unknown }) {
  return { id: user.id, email: user.email, name: user.name, role: user.role, isVerified: user.isVerified, profile: user.profile };
}
