import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type {
  AccountSessionsResponse,
  MessageResponse,
  RecoveryCodesResponse,
  RevokeOthersResponse,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
} from "@/lib/api-contract";
import { PASSWORD_MAX_LENGTH } from "@/lib/auth-rules";
import { accountMessage } from "@/server/auth/texts";
import { requestMeta, type ApiContext } from "../context";
import { answerErrorsWithSuccessFlag } from "../errors";
import { text } from "@/lib/contract/fields";
import { setSessionCookie } from "../session-cookie";

/** room for the longest allowed password (128 characters) in any script, in UTF-16 units; the rules give the message */
const PASSWORD_FIELD = 4 * PASSWORD_MAX_LENGTH;
/** a form field: absent means empty, so the service answers with the form's own message */
const field = (name: string, max: number) => text(name, max).default("");

/** The signed-in account: its sessions, profile, password and two-step sign-in. Every answer says success: true or false. */
export const accountSecurityRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  const { auth } = services;
  const secure = services.siteUrl.protocol === "https:";
  answerErrorsWithSuccessFlag(app);

  // ---- the signed-in account -------------------------------------------------------------
  app.get("/account/sessions", async (request): Promise<AccountSessionsResponse> => {
    const { user } = request;
    const rows = await auth.listSessions(user.id);
    return {
      success: true,
      sessions: rows.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString(), current: s.id === user.sessionId })),
    };
  });

  app.post("/account/sessions/revoke-others", async (request): Promise<RevokeOthersResponse> => {
    const { user } = request;
    return { success: true, closed: await auth.closeOtherSessions(user, requestMeta(request)) };
  });

  app.post(
    "/account/profile",
    {
      schema: {
        body: z.object({
          fullName: text("fullName", 120).trim().min(1, "Please enter your full name"),
          phone: text("phone", 30).trim().nullable().default(null),
          company: text("company", 120).trim().nullable().default(null),
        }),
      },
    },
    async (request): Promise<MessageResponse> => {
      const { user } = request;
      await auth.updateProfile(user.id, request.body);
      return { success: true, message: accountMessage("profile.saved") };
    },
  );

  // ---- two-step sign-in of the signed-in account -----------------------------------------
  const confirmation = z.object({ code: text("code", 40).optional(), password: text("password", PASSWORD_FIELD).optional() });

  app.get("/account/two-factor", async (request): Promise<TwoFactorStatusResponse> => {
    const { user } = request;
    const status = await auth.twoFactorStatus(user.id);
    return { success: true, ...status, required: await auth.mustEnrolTwoFactor(user) };
  });

  app.post("/account/two-factor/setup", async (request): Promise<TwoFactorSetupResponse> => {
    const { user } = request;
    const { secret, otpauthUrl, qrSvg } = await auth.beginTwoFactorEnrolment(user);
    return { success: true, secret, otpauthUrl, qrSvg };
  });

  app.post(
    "/account/two-factor/confirm",
    { schema: { body: z.object({ code: field("code", 40), password: field("password", PASSWORD_FIELD) }) } },
    async (request): Promise<RecoveryCodesResponse> => {
      const { user } = request;
      const { recoveryCodes } = await auth.confirmTwoFactorEnrolment(user, request.body, requestMeta(request));
      return { success: true, recoveryCodes };
    },
  );

  app.post("/account/two-factor/disable", { schema: { body: confirmation } }, async (request): Promise<MessageResponse> => {
    const { user } = request;
    await auth.disableTwoFactor(user, request.body, requestMeta(request));
    return { success: true, message: accountMessage("twoFactor.off") };
  });

  app.post("/account/two-factor/recovery-codes", { schema: { body: confirmation } }, async (request): Promise<RecoveryCodesResponse> => {
    const { user } = request;
    const { recoveryCodes } = await auth.regenerateRecoveryCodes(user, request.body, requestMeta(request));
    return { success: true, recoveryCodes };
  });

  app.post(
    "/account/password",
    {
      schema: {
        body: z.object({
          currentPassword: field("currentPassword", PASSWORD_FIELD),
          newPassword: field("newPassword", PASSWORD_FIELD),
          confirmPassword: field("confirmPassword", PASSWORD_FIELD),
        }),
      },
    },
    async (request, reply): Promise<MessageResponse> => {
      const { user } = request;
      const { session } = await auth.changePassword(user, request.body, requestMeta(request));
      setSessionCookie(reply, secure, session.token, session.maxAge);
      return { success: true, message: accountMessage("password.changed") };
    },
  );
};
