import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { AUTH_TEXT, lockedMessage, normaliseEmail, passwordProblem, registrationProblem, type RegistrationInput } from "@/lib/auth-rules";
import type { Database } from "../db";
import { DomainError } from "../errors";
import { authTokens, users } from "../db/schema";
import { logSecurityEvent, type RequestMeta } from "./events";
import type { MailService } from "../mail/outbox";
import { isCommonPassword } from "./common-passwords";
import { reserveAttempt, clearLoginLock, type LoginPolicy } from "./login";
import type { PasswordHasher } from "./passwords";
import { closeAllSessions } from "./sessions";
import { hashSecret, newSecret } from "./tokens";

export interface AccountDeps {
  db: Database;
  /** the mail outbox: a workflow enqueues its mail in its own transaction, a worker sends it */
  mail: MailService;
  siteUrl: URL;
  companyName: string;
  passwords: PasswordHasher;
}

const VERIFY_HOURS = 24;
const RESET_HOURS = 1;

/** Stores a link's hash; the token itself only travels in the e-mail. */
async function storeToken(db: Database, hash: string, userId: number, purpose: "verify-email" | "reset-password", hours: number): Promise<void> {
  await db.insert(authTokens).values({ tokenHash: hash, userId, purpose, expiresAt: new Date(Date.now() + hours * 3_600_000) });
}

/**
 * Ends every unused reset link of an account: a new link replaces the older ones, and a reset or a
 * password change leaves none behind that could still set the password.
 */
async function revokeResetLinks(db: Database, userId: number): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, "reset-password"), isNull(authTokens.usedAt)));
}

/** Marks a token used and returns its user, in one statement: a link works once, even if clicked twice at once. */
async function spendToken(db: Database, token: string, purpose: "verify-email" | "reset-password"): Promise<number | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.tokenHash, hashSecret(token)), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, sql`now()`)))
    .returning({ userId: authTokens.userId });
  return row?.userId ?? null;
}

function link(deps: AccountDeps, path: string, token: string): string {
  const url = new URL(path, deps.siteUrl);
  url.searchParams.set("token", token);
  return url.href;
}

function verificationMail(deps: AccountDeps, user: { email: string; fullName: string }, token: string) {
  return {
    to: user.email,
    subject: `Confirm your e-mail address for ${deps.companyName}`,
    text: `Hello ${user.fullName},\n\nPlease confirm your e-mail address to finish creating your ${deps.companyName} account:\n\n${link(deps, "/auth/verify", token)}\n\nThe link works once, for ${VERIFY_HOURS} hours. If you did not create an account, ignore this message.\n`,
  };
}

/** Queues a verification link (within the caller's transaction); the link is stored only if its mail is within quota. */
async function sendVerification(deps: AccountDeps, tx: Database, user: { id: number; email: string; fullName: string }, meta: RequestMeta): Promise<void> {
  const { token, hash } = newSecret();
  const queued = await deps.mail.enqueue(verificationMail(deps, user, token), { kind: "verify-email", clientIp: meta.ip, tx });
  if (queued.queued) await storeToken(tx, hash, user.id, "verify-email", VERIFY_HOURS);
}

/** Inside a transaction, so a link is stored if and only if its mail is queued. */
function inTransaction<T>(deps: AccountDeps, work: (tx: Database) => Promise<T>): Promise<T> {
  return deps.db.transaction((tx) => work(tx as unknown as Database));
}

/**
 * Registration answers the same whether or not the address is taken (no account enumeration);
 * the owner of an existing account is told by e-mail instead.
 */
export async function register(deps: AccountDeps, input: RegistrationInput, meta: RequestMeta): Promise<{ message: string }> {
  const problem = registrationProblem(input, isCommonPassword);
  if (problem) throw new DomainError("validation", problem);
  const email = normaliseEmail(input.email);
  const passwordHash = await deps.passwords.hash(input.password);
  await inTransaction(deps, async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ email, fullName: input.fullName.trim().slice(0, 120), phone: input.phone?.trim() || null, passwordHash })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, email: users.email, fullName: users.fullName });
    if (created) {
      await logSecurityEvent(tx, { type: "register", userId: created.id, email }, meta);
      await sendVerification(deps, tx, created, meta);
    } else {
      const [existing] = await tx.select({ id: users.id, fullName: users.fullName }).from(users).where(eq(users.email, email));
      await logSecurityEvent(tx, { type: "register", userId: existing?.id, email, detail: { existing: true } }, meta);
      await deps.mail.enqueue(
        {
          to: email,
          subject: `Someone tried to register at ${deps.companyName} with your address`,
          text: `Hello${existing ? ` ${existing.fullName}` : ""},\n\nSomeone tried to create a ${deps.companyName} account with this e-mail address, which already has one. If it was you, sign in or reset your password here:\n\n${new URL("/auth/forgot-password", deps.siteUrl).href}\n\nIf it was not you, you can ignore this message; your account is unchanged.\n`,
        },
        { kind: "register-existing", clientIp: meta.ip, tx },
      );
    }
  });
  return { message: AUTH_TEXT.registered };
}

export async function verifyEmail(db: Database, token: string, meta: RequestMeta): Promise<boolean> {
  const userId = await spendToken(db, token, "verify-email");
  if (!userId) return false;
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  await logSecurityEvent(db, { type: "email-verified", userId }, meta);
  return true;
}

/**
 * A new verification link for an unverified account; silent for any other address, which still
 * goes through the same work (rolled back) so the answer takes as long either way.
 */
export async function resendVerification(deps: AccountDeps, rawEmail: string, meta: RequestMeta): Promise<void> {
  const email = normaliseEmail(rawEmail);
  await inTransaction(deps, async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, fullName: users.fullName, verified: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, email));
    if (user && !user.verified) await sendVerification(deps, tx, user, meta);
    else await deps.mail.rehearse(verificationMail(deps, { email, fullName: "" }, newSecret().token), { kind: "verify-email", clientIp: meta.ip, tx });
  });
}

/**
 * Queues a reset link for an account, replacing every older unused one. An address without an
 * account queues nothing but does the same reads and writes (rolled back or matching no row), so
 * the answer and its time are the same; over quota, nothing is queued and no link changes.
 */
export async function requestPasswordReset(deps: AccountDeps, rawEmail: string, meta: RequestMeta): Promise<void> {
  const email = normaliseEmail(rawEmail);
  await inTransaction(deps, async (tx) => {
    const [user] = await tx.select({ id: users.id, fullName: users.fullName }).from(users).where(eq(users.email, email));
    await logSecurityEvent(tx, { type: "password-reset-requested", userId: user?.id, email }, meta);
    const { token, hash } = newSecret();
    const message = {
      to: email,
      subject: `Reset your ${deps.companyName} password`,
      text: `Hello ${user?.fullName ?? ""},\n\nUse this link to choose a new password:\n\n${link(deps, "/auth/reset-password", token)}\n\nIt works once, for one hour. If you did not ask for it, ignore this message; your password is unchanged.\n`,
    };
    if (!user) {
      await deps.mail.rehearse(message, { kind: "password-reset", clientIp: meta.ip, tx });
      await revokeResetLinks(tx, 0);
      return;
    }
    const queued = await deps.mail.enqueue(message, { kind: "password-reset", clientIp: meta.ip, tx });
    if (!queued.queued) return;
    await revokeResetLinks(tx, user.id);
    await storeToken(tx, hash, user.id, "reset-password", RESET_HOURS);
  });
}

/** Sets a new password from a reset link; every session of the account is signed out. */
export async function resetPassword(deps: AccountDeps, token: string, password: string, confirmPassword: string, meta: RequestMeta): Promise<void> {
  if (password !== confirmPassword) throw new DomainError("validation", AUTH_TEXT.passwordsDiffer);
  const weak = passwordProblem(password, isCommonPassword);
  if (weak) throw new DomainError("validation", weak);
  const userId = await spendToken(deps.db, token, "reset-password");
  if (!userId) throw new DomainError("invalid-token", "This reset link is invalid or has expired. Please ask for a new one.");
  await revokeResetLinks(deps.db, userId);
  // a reset link proves the address, so it also verifies it
  await deps.db
    .update(users)
    .set({
      passwordHash: await deps.passwords.hash(password),
      passwordChangedAt: sql`now()`,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  await closeAllSessions(deps.db, userId);
  await logSecurityEvent(deps.db, { type: "password-reset", userId }, meta);
}

/**
 * Changes a password after checking the current one. Guessing the current password from a stolen
 * session counts against the same lock as signing in (keyed by the account's address): five wrong
 * ones lock the account for the lockout time, and each is logged.
 */
export async function changePassword(
  deps: AccountDeps,
  userId: number,
  current: string,
  next: string,
  confirm: string,
  policy: LoginPolicy,
  meta: RequestMeta,
): Promise<void> {
  const [user] = await deps.db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user) throw new DomainError("unauthenticated", "Please sign in first");
  const reserved = await reserveAttempt(deps.db, user.email, policy);
  if (!reserved.allowed) {
    await logSecurityEvent(deps.db, { type: "login-locked", userId, email: user.email, detail: { scope: "account", during: "password-change" } }, meta);
    throw new DomainError("locked", lockedMessage(reserved.minutesLeft), { minutesLeft: Math.ceil(reserved.minutesLeft) });
  }
  if (!(await deps.passwords.verify(current, user.passwordHash))) {
    await logSecurityEvent(deps.db, { type: "password-change-failed", userId, email: user.email }, meta);
    throw new DomainError("wrong-password", "Your current password is not correct");
  }
  await clearLoginLock(deps.db, user.email);
  if (next !== confirm) throw new DomainError("validation", AUTH_TEXT.passwordsDiffer);
  const weak = passwordProblem(next, isCommonPassword);
  if (weak) throw new DomainError("validation", weak);
  await deps.db
    .update(users)
    .set({ passwordHash: await deps.passwords.hash(next), passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  // every session ends, this one too: the route opens a fresh one for the person who changed it;
  // and a reset link mailed before the change can no longer undo it
  await closeAllSessions(deps.db, userId);
  await revokeResetLinks(deps.db, userId);
  await logSecurityEvent(deps.db, { type: "password-changed", userId }, meta);
}

export async function updateProfile(db: Database, userId: number, profile: { fullName: string; phone: string | null; company: string | null }): Promise<void> {
  await db
    .update(users)
    .set({ fullName: profile.fullName.trim(), phone: profile.phone?.trim() || null, company: profile.company?.trim() || null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
