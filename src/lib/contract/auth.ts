import { z } from "zod";
import { PASSWORD_MAX_LENGTH, USER_ROLES } from "../auth-rules";
import { ERROR_CODES } from "../error-codes";
import { LOCALES } from "../locale";
import { messageResponseSchema } from "./common";
import { text } from "./fields";

/** Sign-in, registration and the e-mail links (/api/auth/*). Every answer says success: true or false. */

/** room for the longest allowed password (128 characters) in any script, in UTF-16 units; the rules give the message */
export const PASSWORD_FIELD = 4 * PASSWORD_MAX_LENGTH;
/** a form field: absent means empty, so the service answers with the form's own message */
export const formField = (name: string, max: number) => text(name, max).default("");

// ---- requests ------------------------------------------------------------------------------

/** POST /api/auth/register */
export const registerRequestSchema = z.object({
  fullName: formField("fullName", 120),
  email: formField("email", 254),
  phone: formField("phone", 30).optional(),
  password: formField("password", PASSWORD_FIELD),
  confirmPassword: formField("confirmPassword", PASSWORD_FIELD),
  acceptTerms: z.boolean().default(false),
  /** where the shopper was (e.g. /checkout): the confirmation link brings them back there after sign-in */
  redirect: text("redirect", 500).optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** POST /api/auth/login */
export const loginRequestSchema = z.object({
  email: formField("email", 254),
  password: formField("password", PASSWORD_FIELD),
  remember: z.boolean().default(false),
  redirect: text("redirect", 500).optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** POST /api/auth/login/two-factor: the challenge of the first step and six digits from the authenticator app, or a recovery code */
export const loginTwoFactorRequestSchema = z.object({ challenge: text("challenge", 100, { min: 1 }), code: formField("code", 40) });
export type LoginTwoFactorRequest = z.input<typeof loginTwoFactorRequestSchema>;

/** POST /api/auth/verify */
export const verifyRequestSchema = z.object({ token: text("token", 100, { min: 1 }) });
export type VerifyRequest = z.input<typeof verifyRequestSchema>;

/** POST /api/auth/resend-verification */
export const resendVerificationRequestSchema = z.object({ email: text("email", 254), redirect: text("redirect", 500).optional() });
export type ResendVerificationRequest = z.input<typeof resendVerificationRequestSchema>;

/** POST /api/auth/forgot-password */
export const forgotPasswordRequestSchema = z.object({ email: text("email", 254) });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** POST /api/auth/reset-password */
export const resetPasswordRequestSchema = z.object({
  token: text("token", 100, { min: 1 }),
  password: formField("password", PASSWORD_FIELD),
  confirmPassword: formField("confirmPassword", PASSWORD_FIELD),
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

// ---- answers -------------------------------------------------------------------------------

/** What a browser may know about its own account. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  isVerified: z.boolean(),
  profile: z.object({ fullName: z.string(), phone: z.string().nullable(), company: z.string().nullable() }),
  /** the language chosen on the account (null: never chosen; the device's choice applies) */
  locale: z.enum(LOCALES).nullable(),
});
export type PublicUser = z.input<typeof publicUserSchema>;

/** The error types of the sign-in answer, beside the code: RATE_LIMIT, NOT_VERIFIED or INVALID_CREDENTIALS. */
export const LOGIN_ERROR_TYPES = ["INVALID_CREDENTIALS", "RATE_LIMIT", "NOT_VERIFIED"] as const;
export type LoginErrorType = (typeof LOGIN_ERROR_TYPES)[number];

/** POST /api/auth/login and /login/two-factor: signed in (the session cookie is set). */
export const loginResponseSchema = z.object({
  success: z.literal(true),
  user: publicUserSchema,
  error: z.null(),
  type: z.null(),
  redirectTo: z.string(),
});
export type LoginResponse = z.input<typeof loginResponseSchema>;

/**
 * POST /api/auth/login for an account with two-step sign-in: the password was right, but no session
 * is open yet. Send the code with `challenge` to POST /api/auth/login/two-factor within
 * `expiresInSeconds` (the challenge works once).
 */
export const loginTwoFactorResponseSchema = z.object({
  success: z.literal(false),
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  expiresInSeconds: z.number().int(),
  user: z.null(),
  error: z.null(),
  type: z.literal("TWO_FACTOR_REQUIRED"),
  redirectTo: z.null(),
});
export type LoginTwoFactorResponse = z.input<typeof loginTwoFactorResponseSchema>;

/** A refused sign-in (either step): `{error, code}` with the sign-in answer's own fields. */
export const loginErrorBodySchema = z.object({
  error: z.string(),
  code: z.enum(ERROR_CODES),
  success: z.literal(false),
  user: z.null(),
  type: z.enum(LOGIN_ERROR_TYPES),
  redirectTo: z.null(),
  /** a locked account: minutes until it may try again */
  minutesLeft: z.number().int().optional(),
});
export type LoginErrorBody = z.input<typeof loginErrorBodySchema>;

/** GET /api/auth/session */
export const sessionResponseSchema = z.object({ success: z.literal(true), authenticated: z.boolean(), user: publicUserSchema.nullable() });
export type SessionResponse = z.input<typeof sessionResponseSchema>;

/** POST /api/auth/logout */
export const logoutResponseSchema = z.object({ success: z.literal(true), error: z.null() });
export type LogoutResponse = z.input<typeof logoutResponseSchema>;

/** register (201), verify, resend-verification, forgot-password, reset-password: a sentence for the person */
export { messageResponseSchema };
