import "server-only";
import { AUTH_TEXT, looksLikeEmail, type RegistrationInput } from "@/lib/auth-rules";
import { safeRedirect } from "@/lib/redirect";
import type { PublicUser } from "@/lib/api-contract";
import type { Locale } from "@/lib/locale";
import type { Database } from "../db";
import { DomainError } from "../errors";
import type { SettingsService } from "../settings/settings";
import { changePassword, register, requestPasswordReset, resendVerification, resetPassword, updateLocale, updateProfile, verifyEmail, type AccountDeps } from "./accounts";
import { createOrPromoteAdmin, ensureInitialAdmin } from "./admin";
import { logSecurityEvent, recentSecurityEvents, type RequestMeta, type SecurityEventType } from "./events";
import { authLimits, countPerEmail, type AuthLimits } from "./limits";
import { checkLogin } from "./login";
import type { MailService } from "../mail/outbox";
import { HashingBusyError, type PasswordHasher } from "./passwords";
import { closeAllSessions, closeSession, listSessions, openSession, sessionUser, type OpenSession, type SessionUser } from "./sessions";

export type { RequestMeta, OpenSession, SessionUser };
export type SignedInUser = SessionUser & { sessionId: number };

/** Failed sign-ins from one address per lockout window; generous, since carriers put many shoppers behind one address. */
export const PER_ADDRESS_FAILURES = 100;

export interface AuthServiceDeps {
  db: Database;
  mail: MailService;
  siteUrl: URL;
  settings: SettingsService;
  loginFailuresPerAddress?: number;
  /** the bounded password-hashing pool (built and closed by the composition root) */
  passwords: PasswordHasher;
  limits?: AuthLimits;
}

export interface SignInResult {
  user: PublicUser;
  session: OpenSession;
  /** where the browser goes next: the asked-for same-site path, else the user's home */
  redirectTo: string;
}

/** What a browser may know about its own account. */
export function publicUser(user: SessionUser): PublicUser {
  return { id: user.id, email: user.email, name: user.name, role: user.role, isVerified: user.isVerified, profile: user.profile, locale: user.locale };
}

/**
 * Accounts, sessions and the security log as workflows: each returns what the caller needs (a
 * session to set as a cookie, a user, a redirect) or throws a DomainError with a code. The HTTP
 * layer only reads the cookie, sets it, and shapes the answer.
 */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, settings, passwords } = deps;
  const limits = deps.limits ?? authLimits();
  const accounts = async (): Promise<AccountDeps> => ({
    db,
    mail: deps.mail,
    siteUrl: deps.siteUrl,
    companyName: (await settings.get()).companyName,
    passwords,
  });
  const lockPolicy = async () => {
    const { security } = await settings.get();
    return {
      maxAttempts: security.maxLoginAttempts,
      lockoutMinutes: security.lockoutMinutes,
      perAddressFailures: deps.loginFailuresPerAddress ?? PER_ADDRESS_FAILURES,
    };
  };
  /** Refuses at once when the hashing queue is full, before a guess is counted against the lock. */
  const refuseWhenHashingFull = () => {
    if (passwords.full()) throw new HashingBusyError();
  };
  const idleMinutes = async () => (await settings.get()).security.sessionTimeout;

  async function currentUser(token: string | undefined | null): Promise<SignedInUser | null> {
    if (!token) return null;
    return sessionUser(db, token, await idleMinutes());
  }

  async function requireUser(token: string | undefined | null): Promise<SignedInUser> {
    const user = await currentUser(token);
    if (!user) throw new DomainError("unauthenticated", "Please sign in first");
    return user;
  }

  return {
    currentUser,
    requireUser,
    /** the per-address (enforced by the API) and per-e-mail limits of the account routes */
    limits,

    async requireAdmin(token: string | undefined | null, message = "Only administrators can do this"): Promise<SignedInUser> {
      const user = await requireUser(token);
      if (user.role !== "admin") throw new DomainError("forbidden", message);
      return user;
    },

    async register(input: RegistrationInput, meta: RequestMeta): Promise<{ message: string }> {
      if (looksLikeEmail(input.email)) await countPerEmail(db, "register", input.email, limits.perEmail.register);
      return register(await accounts(), input, meta);
    },

    /** Stores the language a shopper chose, for their other devices and their e-mails. */
    setLocale: (userId: number, locale: Locale) => updateLocale(db, userId, locale),

    /** True when the link was good (the address is now confirmed). */
    verifyEmail: (token: string, meta: RequestMeta) => verifyEmail(db, token, meta),

    async resendVerification(email: string, meta: RequestMeta): Promise<void> {
      await countPerEmail(db, "resend-verification", email, limits.perEmail["resend-verification"]);
      await resendVerification(await accounts(), email, meta);
    },

    async requestPasswordReset(email: string, meta: RequestMeta): Promise<void> {
      await countPerEmail(db, "forgot-password", email, limits.perEmail["forgot-password"]);
      await requestPasswordReset(await accounts(), email, meta);
    },

    /** A new password from a reset link; every session of the account ends. */
    async resetPassword(input: { token: string; password: string; confirmPassword: string }, meta: RequestMeta): Promise<void> {
      await resetPassword(await accounts(), input.token, input.password, input.confirmPassword, meta);
    },

    /**
     * Signs in: checks the lock and the password, ends the browser's previous session (a fresh
     * token at every sign-in), opens a new one, and picks where to go next.
     */
    async signIn(
      input: { email: string; password: string; remember: boolean; redirect?: string; previousToken?: string },
      meta: RequestMeta,
    ): Promise<SignInResult> {
      if (!input.email.trim() || !input.password) throw new DomainError("validation", AUTH_TEXT.fillAll);
      await countPerEmail(db, "login", input.email, limits.perEmail.login);
      refuseWhenHashingFull();
      const current = await settings.get();
      const policy = {
        maxAttempts: current.security.maxLoginAttempts,
        lockoutMinutes: current.security.lockoutMinutes,
        perAddressFailures: deps.loginFailuresPerAddress ?? PER_ADDRESS_FAILURES,
      };
      const userId = await checkLogin(db, input.email, input.password, policy, meta, passwords);
      if (input.previousToken) await closeSession(db, input.previousToken);
      const session = await openSession(db, userId, input.remember, current.security.sessionTimeout, meta);
      const user = await sessionUser(db, session.token, current.security.sessionTimeout);
      if (!user) throw new Error("a session opened a moment ago could not be read back");
      return { user: publicUser(user), session, redirectTo: safeRedirect(input.redirect, user.role === "admin" ? "/admin" : "/") };
    },

    /** Ends the session of this token (if any) and logs who signed out. */
    async signOut(token: string | undefined | null, meta: RequestMeta): Promise<void> {
      if (!token) return;
      const user = await currentUser(token);
      await closeSession(db, token);
      if (user) await logSecurityEvent(db, { type: "logout", userId: user.id }, meta);
    },

    /** Changes the password after checking the current one; every other device is signed out and this one gets a fresh session. */
    async changePassword(
      user: SignedInUser,
      input: { currentPassword: string; newPassword: string; confirmPassword: string },
      meta: RequestMeta,
    ): Promise<{ session: OpenSession }> {
      refuseWhenHashingFull();
      await changePassword(await accounts(), user.id, input.currentPassword, input.newPassword, input.confirmPassword, await lockPolicy(), meta);
      return { session: await openSession(db, user.id, false, await idleMinutes(), meta) };
    },

    updateProfile: (userId: number, profile: { fullName: string; phone: string | null; company: string | null }) => updateProfile(db, userId, profile),

    listSessions: (userId: number) => listSessions(db, userId),

    async closeOtherSessions(user: SignedInUser, meta: RequestMeta): Promise<number> {
      const closed = await closeAllSessions(db, user.id, user.sessionId);
      await logSecurityEvent(db, { type: "sessions-revoked", userId: user.id, detail: { closed } }, meta);
      return closed;
    },

    recentEvents: (limit: number) => recentSecurityEvents(db, limit),

    logEvent: (event: { type: SecurityEventType; userId?: number | null; email?: string | null; detail?: Record<string, unknown> }, meta: RequestMeta = {}) =>
      logSecurityEvent(db, event, meta),

    /** On the very first start (no admin yet): one admin with a generated password, returned once. */
    ensureInitialAdmin: (email: string) => ensureInitialAdmin(db, email, passwords),

    createOrPromoteAdmin: (email: string, options: { password?: string; fullName?: string } = {}) => createOrPromoteAdmin(db, email, { ...options, passwords }),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
