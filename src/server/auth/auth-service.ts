import "server-only";
import { LRUCache } from "lru-cache";
import { normaliseEmail, type RegistrationInput } from "@/lib/auth-rules";
import { safeRedirect } from "@/lib/redirect";
import type { PublicUser } from "@/lib/api-contract";
import type { Locale } from "@/lib/locale";
import type { Database } from "../db";
import { DomainError } from "../errors";
import type { SettingsService } from "../settings/settings";
import {
  changePassword,
  register,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  updateLocale,
  updateProfile,
  verifyEmail,
  type AccountDeps,
} from "./accounts";
import { createOrPromoteAdmin, ensureInitialAdmin } from "./admin";
import { logSecurityEvent, recentSecurityEvents, type RequestMeta, type SecurityEventType } from "./events";
import { authLimits, countPerEmail, type AuthLimits } from "./limits";
import { checkAddressFailures, checkLogin, clearLoginLock, lockedMinutesLeft, reserveAttempt, secondStepLockKey, type LoginPolicy } from "./login";
import type { MailService } from "../mail/outbox";
import { HashingBusyError, type PasswordHasher } from "./passwords";
import { createSecretBox } from "./secret-box";
import { closeAllSessions, closeSession, listSessions, openSession, sessionUser, type OpenSession, type SessionUser } from "./sessions";
import { pruneAuthRecords } from "./retention";
import { invalid, locked, refusal, refused } from "./texts";
import { createTwoFactor, type Enrolment } from "./two-factor";

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
  /** AES-256-GCM key for TOTP secrets at rest; null or absent = stored as plain base32 */
  totpEncryptionKey?: Buffer | null;
}

export interface SignedInResult {
  user: PublicUser;
  session: OpenSession;
  /** where the browser goes next: the asked-for same-site path, else the user's home */
  redirectTo: string;
}

/** The password was right, and the account asks for a second step: no session yet, only a challenge for it. */
export interface TwoFactorPending {
  twoFactorRequired: true;
  /** opaque, single-use, short-lived; sent back with the code */
  challenge: string;
  expiresInSeconds: number;
}

export type SignInResult = SignedInResult | TwoFactorPending;

/** A confirmation for turning two-step sign-in off or renewing recovery codes: a current code, or the password. */
export interface TwoFactorConfirmation {
  code?: string;
  password?: string;
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
/** Addresses (with the route) whose rate-limit hit was logged in the last minute. */
const rateLimitNoted = new LRUCache<string, true>({ max: 10_000, ttl: 60_000 });

export function createAuthService(deps: AuthServiceDeps) {
  const { db, settings, passwords } = deps;
  const limits = deps.limits ?? authLimits();
  const accounts = async (): Promise<AccountDeps> => {
    const { companyName, language } = await settings.get();
    return { db, mail: deps.mail, siteUrl: deps.siteUrl, companyName, shopLanguage: language, passwords };
  };
  const lockPolicy = async (): Promise<LoginPolicy> => {
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
  const twoFactor = createTwoFactor({ db, box: createSecretBox(deps.totpEncryptionKey ?? null), issuer: async () => (await settings.get()).companyName });
  /** Locked out of the second step (too many wrong codes): `locked` with the minutes left, and logged. */
  const refuseLockedSecondStep = async (userId: number, email: string, minutesLeft: number, meta: RequestMeta, during = "sign-in"): Promise<never> => {
    await logSecurityEvent(db, { type: "login-locked", userId, email, detail: { scope: "account", step: "two-factor", during } }, meta);
    throw locked(minutesLeft);
  };

  /**
   * True for an administrator who must set up two-step sign-in (the site requires it) and has not:
   * the session stays a shopper's session, and admin pages and calls stay shut until enrolment.
   */
  async function mustEnrolTwoFactor(user: Pick<SessionUser, "id" | "role">): Promise<boolean> {
    if (user.role !== "admin" || !(await settings.get()).security.requireAdmin2fa) return false;
    return !(await twoFactor.isEnabled(user.id));
  }

  /** The session at the end of a sign-in (one step or two): the browser's old session ends, a new one opens. */
  async function openSignedIn(userId: number, options: { remember: boolean; redirect?: string | null; previousToken?: string }, meta: RequestMeta) {
    const timeout = await idleMinutes();
    if (options.previousToken) await closeSession(db, options.previousToken);
    const session = await openSession(db, userId, options.remember, timeout, meta);
    const user = await sessionUser(db, session.token, timeout);
    // an administrator locked the account between the password and the second step
    if (!user) throw refused("account-locked");
    return {
      user: publicUser(user),
      session,
      redirectTo: safeRedirect(options.redirect ?? undefined, user.role === "admin" ? "/admin" : user.role === "rider" ? "/rider" : "/"),
    };
  }

  /**
   * A code or the password that confirms a change to two-step sign-in. Guesses are logged and
   * locked like sign-in guesses (a code under the second step's lock, a password under the
   * password's), so a borrowed session cannot try codes or passwords without limit.
   */
  async function confirmIdentity(user: SignedInUser, input: TwoFactorConfirmation, action: string, meta: RequestMeta): Promise<void> {
    const byCode = Boolean(input.code?.trim());
    if (!byCode && !input.password) throw invalid("codeOrPassword");
    if (!byCode) refuseWhenHashingFull();
    const policy = await lockPolicy();
    const key = byCode ? secondStepLockKey(user.email) : user.email;
    const reserved = await reserveAttempt(db, key, policy);
    if (!reserved.allowed) {
      if (byCode) await refuseLockedSecondStep(user.id, user.email, reserved.minutesLeft, meta, action);
      await logSecurityEvent(db, { type: "login-locked", userId: user.id, email: user.email, detail: { scope: "account", during: action } }, meta);
      throw locked(reserved.minutesLeft);
    }
    const ok = byCode
      ? (await twoFactor.consumeCode(user.id, input.code ?? "")) !== null
      : await passwords.verify(input.password ?? "", await twoFactor.passwordHash(user.id));
    if (!ok) {
      await logSecurityEvent(
        db,
        { type: "two-factor-failed", userId: user.id, email: user.email, detail: { during: action, with: byCode ? "code" : "password" } },
        meta,
      );
      if (byCode) throw refused("invalid-code");
      throw refusal("wrong-password", "passwordWrong");
    }
    await clearLoginLock(db, key);
  }

  async function currentUser(token: string | undefined | null): Promise<SignedInUser | null> {
    if (!token) return null;
    return sessionUser(db, token, await idleMinutes());
  }

  async function requireUser(token: string | undefined | null): Promise<SignedInUser> {
    const user = await currentUser(token);
    if (!user) throw refused("unauthenticated");
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
      if (await mustEnrolTwoFactor(user)) throw refused("two-factor-required");
      return user;
    },

    mustEnrolTwoFactor,

    /**
     * Only a registration that would hash a password and send mail counts toward the e-mail
     * address's allowance; a form refused for what it says (a typo, a short or weak password,
     * the terms) does not, nor one turned away because the hashing queue is full.
     */
    async register(input: RegistrationInput, meta: RequestMeta): Promise<{ message: string }> {
      return register(await accounts(), input, meta, async () => {
        refuseWhenHashingFull();
        await countPerEmail(db, "register", input.email, limits.perEmail.register);
      });
    },

    /** Stores the language a shopper chose, for their other devices and their e-mails. */
    setLocale: (userId: number, locale: Locale) => updateLocale(db, userId, locale),

    /** True when the link was good (the address is now confirmed). */
    verifyEmail: (token: string, meta: RequestMeta) => verifyEmail(db, token, meta),

    async resendVerification(email: string, meta: RequestMeta, redirect?: string): Promise<void> {
      await countPerEmail(db, "resend-verification", email, limits.perEmail["resend-verification"]);
      await resendVerification(await accounts(), email, meta, redirect);
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
      if (!input.email.trim() || !input.password) throw invalid("fillAll");
      await countPerEmail(db, "login", input.email, limits.perEmail.login);
      refuseWhenHashingFull();
      const userId = await checkLogin(db, input.email, input.password, await lockPolicy(), meta, passwords);

      // After the password is checked: an account with two-step sign-in gets a challenge, not a session.
      if (await twoFactor.isEnabled(userId)) {
        const email = normaliseEmail(input.email);
        // a second step locked by wrong codes stays locked: a right password does not open it
        const minutesLeft = await lockedMinutesLeft(db, secondStepLockKey(email));
        if (minutesLeft !== null) await refuseLockedSecondStep(userId, email, minutesLeft, meta);
        const pending = await twoFactor.createChallenge(userId, { remember: input.remember, redirect: input.redirect });
        await logSecurityEvent(db, { type: "two-factor-challenge", userId, email }, meta);
        return { twoFactorRequired: true, ...pending };
      }
      return openSignedIn(userId, input, meta);
    },

    /**
     * The second step: a code from the authenticator app (or a recovery code) with the challenge of
     * the first. It has the sign-in's limits: per e-mail address (counted apart from the first
     * step's), per network address (wrong codes count with wrong passwords), and a lock of its own
     * that wrong codes start and only a right code ends (a right password does not). A right code
     * uses up the challenge and opens the session the first step would have opened.
     */
    async completeSignIn(input: { challenge: string; code: string; previousToken?: string }, meta: RequestMeta): Promise<SignedInResult> {
      const pending = await twoFactor.readChallenge(input.challenge);
      if (!pending) throw refused("sign-in-expired");
      if (!input.code.trim()) throw invalid("enterCode");
      await countPerEmail(db, "login-two-factor", pending.email, limits.perEmail["login-two-factor"]);
      const policy = await lockPolicy();
      await checkAddressFailures(db, pending.email, policy, meta, "two-factor");
      const lockKey = secondStepLockKey(pending.email);
      const reserved = await reserveAttempt(db, lockKey, policy);
      if (!reserved.allowed) await refuseLockedSecondStep(pending.userId, pending.email, reserved.minutesLeft, meta);
      const method = await twoFactor.consumeCode(pending.userId, input.code);
      if (!method) {
        await logSecurityEvent(db, { type: "two-factor-failed", userId: pending.userId, email: pending.email, detail: { during: "sign-in" } }, meta);
        throw refused("invalid-code");
      }
      if (!(await twoFactor.consumeChallenge(input.challenge))) throw refused("sign-in-expired");
      await clearLoginLock(db, lockKey);
      const left = method === "recovery" ? (await twoFactor.status(pending.userId)).recoveryCodesLeft : undefined;
      await logSecurityEvent(
        db,
        {
          type: method === "recovery" ? "two-factor-recovery-used" : "two-factor-success",
          userId: pending.userId,
          email: pending.email,
          detail: left === undefined ? undefined : { left },
        },
        meta,
      );
      return openSignedIn(pending.userId, { remember: pending.remember, redirect: pending.redirect, previousToken: input.previousToken }, meta);
    },

    twoFactorStatus: (userId: number) => twoFactor.status(userId),
    /**
     * Asks the second factor again for a money action (a refund): uses up a current authenticator
     * or recovery code of an account with two-step sign-in; which kind it was, or null (wrong, used,
     * or two-step sign-in not on).
     */
    confirmSecondFactor: (userId: number, code: string) => twoFactor.consumeCode(userId, code),

    /** Step one of enrolment: a new secret, its otpauth URL and QR code; nothing changes at sign-in yet. */
    beginTwoFactorEnrolment: (user: SignedInUser): Promise<Enrolment> => twoFactor.beginEnrolment(user),

    /**
     * Step two: the account's password (so a stolen session cannot turn it on, end the owner's
     * other sessions and lock the owner out) and a code from the app, which proves it holds the
     * secret; two-step sign-in is on, every other session (opened with the password alone) ends,
     * and the recovery codes are returned, once. A wrong password counts against the sign-in lock.
     */
    async confirmTwoFactorEnrolment(user: SignedInUser, input: { code: string; password: string }, meta: RequestMeta): Promise<{ recoveryCodes: string[] }> {
      await confirmIdentity(user, { password: input.password }, "enable", meta);
      let recoveryCodes: string[];
      try {
        recoveryCodes = await twoFactor.confirmEnrolment(user.id, input.code);
      } catch (error) {
        if (error instanceof DomainError && error.code === "invalid-code")
          await logSecurityEvent(db, { type: "two-factor-failed", userId: user.id, email: user.email, detail: { during: "enrolment" } }, meta);
        throw error;
      }
      const closed = await closeAllSessions(db, user.id, user.sessionId);
      await logSecurityEvent(db, { type: "two-factor-enabled", userId: user.id, email: user.email, detail: { otherSessionsClosed: closed } }, meta);
      return { recoveryCodes };
    },

    async disableTwoFactor(user: SignedInUser, input: TwoFactorConfirmation, meta: RequestMeta): Promise<void> {
      if (!(await twoFactor.isEnabled(user.id))) throw invalid("twoFactorOff");
      await confirmIdentity(user, input, "disable", meta);
      await twoFactor.disable(user.id);
      await logSecurityEvent(db, { type: "two-factor-disabled", userId: user.id, email: user.email }, meta);
    },

    async regenerateRecoveryCodes(user: SignedInUser, input: TwoFactorConfirmation, meta: RequestMeta): Promise<{ recoveryCodes: string[] }> {
      if (!(await twoFactor.isEnabled(user.id))) throw invalid("twoFactorOff");
      await confirmIdentity(user, input, "regenerate", meta);
      const recoveryCodes = await twoFactor.regenerateRecoveryCodes(user.id);
      await logSecurityEvent(db, { type: "two-factor-recovery-regenerated", userId: user.id, email: user.email }, meta);
      return { recoveryCodes };
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
    /** deletes old security events and expired sessions, links and challenges (run hourly by the server) */
    pruneExpired: () => pruneAuthRecords(db),

    /**
     * Records that an address hit a request limit, once per address and route per minute in this
     * process: the security view sees who is hammering the shop without a row for every refusal.
     */
    async noteRateLimited(route: string, meta: RequestMeta): Promise<void> {
      const key = `${meta.ip ?? "?"} ${route}`;
      if (rateLimitNoted.has(key)) return;
      rateLimitNoted.set(key, true);
      await logSecurityEvent(db, { type: "rate-limited", detail: { route } }, meta);
    },

    logEvent: (event: { type: SecurityEventType; userId?: number | null; email?: string | null; detail?: Record<string, unknown> }, meta: RequestMeta = {}) =>
      logSecurityEvent(db, event, meta),

    /** On the very first start (no admin yet): one admin with a generated password, returned once. */
    ensureInitialAdmin: (email: string) => ensureInitialAdmin(db, email, passwords),

    createOrPromoteAdmin: async (email: string, options: { password?: string; fullName?: string } = {}) =>
      createOrPromoteAdmin(db, email, { ...options, passwords, companyName: (await settings.get()).companyName }),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
