import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  accountSessionsResponseSchema,
  passwordChangeRequestSchema,
  profileRequestSchema,
  recoveryCodesResponseSchema,
  revokeOthersResponseSchema,
  twoFactorConfirmRequestSchema,
  twoFactorEnrolRequestSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from "@/lib/contract/account";
import { messageResponseSchema } from "@/lib/contract/common";
import { accountMessage } from "@/server/auth/texts";
import { requestMeta, type ApiContext } from "../context";
import { answerErrorsWithSuccessFlag } from "../errors";
import { setSessionCookie } from "../session-cookie";

/** The signed-in account: its sessions, profile, password and two-step sign-in. Every answer says success: true or false. */
export const accountSecurityRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  const { auth } = services;
  const secure = services.siteUrl.protocol === "https:";
  answerErrorsWithSuccessFlag(app);

  // ---- the signed-in account -------------------------------------------------------------
  app.get("/account/sessions", { schema: { response: { 200: accountSessionsResponseSchema } } }, async (request) => {
    const { user } = request;
    const rows = await auth.listSessions(user.id);
    return {
      success: true as const,
      sessions: rows.map((s) => ({ ...s, current: s.id === user.sessionId })),
    };
  });

  app.post("/account/sessions/revoke-others", { schema: { response: { 200: revokeOthersResponseSchema } } }, async (request) => {
    const { user } = request;
    return { success: true as const, closed: await auth.closeOtherSessions(user, requestMeta(request)) };
  });

  app.post(
    "/account/profile",
    {
      schema: { body: profileRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      const { user } = request;
      await auth.updateProfile(user.id, request.body);
      return { success: true as const, message: accountMessage("profile.saved") };
    },
  );

  // ---- two-step sign-in of the signed-in account -----------------------------------------
  app.get("/account/two-factor", { schema: { response: { 200: twoFactorStatusResponseSchema } } }, async (request) => {
    const { user } = request;
    const status = await auth.twoFactorStatus(user.id);
    return { success: true as const, ...status, required: await auth.mustEnrolTwoFactor(user) };
  });

  app.post("/account/two-factor/setup", { schema: { response: { 200: twoFactorSetupResponseSchema } } }, async (request) => {
    const { user } = request;
    const { secret, otpauthUrl, qrSvg } = await auth.beginTwoFactorEnrolment(user);
    return { success: true as const, secret, otpauthUrl, qrSvg };
  });

  app.post(
    "/account/two-factor/confirm",
    { schema: { body: twoFactorEnrolRequestSchema, response: { 200: recoveryCodesResponseSchema } } },
    async (request) => {
      const { user } = request;
      const { recoveryCodes } = await auth.confirmTwoFactorEnrolment(user, request.body, requestMeta(request));
      return { success: true as const, recoveryCodes };
    },
  );

  app.post("/account/two-factor/disable", { schema: { body: twoFactorConfirmRequestSchema, response: { 200: messageResponseSchema } } }, async (request) => {
    const { user } = request;
    await auth.disableTwoFactor(user, request.body, requestMeta(request));
    return { success: true as const, message: accountMessage("twoFactor.off") };
  });

  app.post(
    "/account/two-factor/recovery-codes",
    { schema: { body: twoFactorConfirmRequestSchema, response: { 200: recoveryCodesResponseSchema } } },
    async (request) => {
      const { user } = request;
      const { recoveryCodes } = await auth.regenerateRecoveryCodes(user, request.body, requestMeta(request));
      return { success: true as const, recoveryCodes };
    },
  );

  app.post(
    "/account/password",
    {
      schema: { body: passwordChangeRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request, reply) => {
      const { user } = request;
      const { session } = await auth.changePassword(user, request.body, requestMeta(request));
      setSessionCookie(reply, secure, session.token, session.maxAge);
      return { success: true as const, message: accountMessage("password.changed") };
    },
  );
};
