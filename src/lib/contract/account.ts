import { z } from "zod";
import { instant } from "./common";
import { text } from "./fields";
import { PASSWORD_FIELD, formField } from "./auth";

/** The signed-in account's own security (/api/account/*): its sessions, profile, password and two-step sign-in. */

// ---- requests ------------------------------------------------------------------------------

/** POST /api/account/profile */
export const profileRequestSchema = z.object({
  fullName: text("fullName", 120).trim().min(1, "Please enter your full name"),
  phone: text("phone", 30).trim().nullable().default(null),
  company: text("company", 120).trim().nullable().default(null),
});
export type ProfileRequest = z.input<typeof profileRequestSchema>;

/** POST /api/account/password */
export const passwordChangeRequestSchema = z.object({
  currentPassword: formField("currentPassword", PASSWORD_FIELD),
  newPassword: formField("newPassword", PASSWORD_FIELD),
  confirmPassword: formField("confirmPassword", PASSWORD_FIELD),
});
export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>;

/** POST /api/account/two-factor/confirm: the first code from the app, and the password */
export const twoFactorEnrolRequestSchema = z.object({ code: formField("code", 40), password: formField("password", PASSWORD_FIELD) });
export type TwoFactorEnrolRequest = z.input<typeof twoFactorEnrolRequestSchema>;

/** Turning two-step sign-in off or renewing recovery codes is confirmed by a current code or the password. */
export const twoFactorConfirmRequestSchema = z.object({ code: text("code", 40).optional(), password: text("password", PASSWORD_FIELD).optional() });
export type TwoFactorConfirmRequest = z.input<typeof twoFactorConfirmRequestSchema>;

// ---- answers -------------------------------------------------------------------------------

export const accountSessionSchema = z.object({
  id: z.number().int(),
  createdAt: instant,
  lastSeenAt: instant,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  remember: z.boolean(),
  current: z.boolean(),
});
export type AccountSession = z.input<typeof accountSessionSchema>;

/** GET /api/account/sessions */
export const accountSessionsResponseSchema = z.object({ success: z.literal(true), sessions: z.array(accountSessionSchema) });
export type AccountSessionsResponse = z.input<typeof accountSessionsResponseSchema>;

/** POST /api/account/sessions/revoke-others */
export const revokeOthersResponseSchema = z.object({ success: z.literal(true), closed: z.number().int() });
export type RevokeOthersResponse = z.input<typeof revokeOthersResponseSchema>;

/** GET /api/account/two-factor */
export const twoFactorStatusResponseSchema = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** this account must turn it on before the admin pages open */
  required: z.boolean(),
});
export type TwoFactorStatusResponse = z.input<typeof twoFactorStatusResponseSchema>;

/** POST /api/account/two-factor/setup: scan the QR code or type the secret, then confirm with a code. */
export const twoFactorSetupResponseSchema = z.object({
  success: z.literal(true),
  secret: z.string(),
  otpauthUrl: z.string(),
  /** an SVG image of the otpauth URL */
  qrSvg: z.string(),
});
export type TwoFactorSetupResponse = z.input<typeof twoFactorSetupResponseSchema>;

/** POST /api/account/two-factor/confirm and /recovery-codes: the recovery codes, shown this once. */
export const recoveryCodesResponseSchema = z.object({ success: z.literal(true), recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.input<typeof recoveryCodesResponseSchema>;
