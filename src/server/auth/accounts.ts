import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { normaliseEmail, passwordProblem, registrationProblem, type PasswordProblem, type RegistrationInput } from "@/lib/auth-rules";
import { passwordContext } from "@/lib/password-guessability";
import { normaliseTanzanianMobile } from "@/lib/phone";
import { returnPath } from "@/lib/redirect";
import type { Locale } from "@/lib/locale";
import { withTransaction, type Database } from "../db";
import { authTokens, users } from "../db/schema";
import { logSecurityEvent, type RequestMeta } from "./events";
import { mailLocale, translator } from "../i18n";
import type { MailService } from "../mail/outbox";
import { reserveAttempt, clearLoginLock, type LoginPolicy } from "./login";
import type { PasswordHasher } from "./passwords";
import { closeAllSessions } from "./sessions";
import { authMessage, invalid, locked, refusal, refused } from "./texts";
import { hashSecret, newSecret } from "./tokens";

export interface AccountDeps {
  db: Database;
  /** the mail outbox: a workflow enqueues its mail in its own transaction, a worker sends it */
  mail: MailService;
  siteUrl: URL;
  companyName: string;
  /** the site settings' language: the e-mails' language when neither the account nor the request has one */
  shopLanguage: string;
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

/** A link with its token, and where the shopper goes after signing in (a path on the shop: returnPath checks it). */
function link(deps: AccountDeps, path: string, token: string, redirect: string | null = null): string {
  const url = new URL(path, deps.siteUrl);
  url.searchParams.set("token", token);
  if (redirect) url.searchParams.set("redirect", redirect);
  return url.href;
}

/** The words of an account e-mail, in the recipient's language: the account's choice, else the request's page's, else the shop's. */
function mailWords(deps: AccountDeps, account: Locale | null | undefined, meta: RequestMeta) {
  return translator(mailLocale(account, meta.locale, deps.shopLanguage), "email");
}

function verificationMail(
  deps: AccountDeps,
  user: { email: string; fullName: string; locale?: Locale | null },
  token: string,
  meta: RequestMeta,
  redirect?: string,
) {
  const t = mailWords(deps, user.locale, meta);
  const company = deps.companyName;
  return {
    to: user.email,
    subject: t("verify.subject", { company }),
    text: t("verify.body", { company, name: user.fullName, link: link(deps, "/auth/verify", token, returnPath(redirect)), hours: VERIFY_HOURS }),
  };
}

/** Queues a verification link (within the caller's transaction); the link is stored only if its mail is within quota. */
async function sendVerification(
  deps: AccountDeps,
  tx: Database,
  user: { id: number; email: string; fullName: string; locale?: Locale | null },
  meta: RequestMeta,
  redirect?: string,
): Promise<void> {
  const { token, hash } = newSecret();
  const queued = await deps.mail.enqueue(verificationMail(deps, user, token, meta, redirect), { kind: "verify-email", clientIp: meta.ip, tx });
  if (queued.queued) await storeToken(tx, hash, user.id, "verify-email", VERIFY_HOURS);
}

/**
 * The first problem with a new password: its length, then whether it is too easy to guess (the
 * forms' hint applies the same rule, with the same words: the shop's, and the person's where the
 * form knows them).
 */
async function newPasswordProblem(deps: AccountDeps, password: string, person: { fullName?: string; email?: string } = {}): Promise<PasswordProblem | null> {
  const problem = passwordProblem(password);
  if (problem) return problem;
  const guessable = await deps.passwords.guessable(password, passwordContext({ companyName: deps.companyName, ...person }));
  return guessable ? "passwordCommon" : null;
}

/**
 * Registration answers the same whether or not the address is taken (no account enumeration);
 * the owner of an existing account is told by e-mail instead.
 */
export async function register(
  deps: AccountDeps,
  input: RegistrationInput,
  meta: RequestMeta,
  /**
   * Runs once the form is valid, before any hashing or mail: a refused form (a typo, a weak
   * password, the terms left unticked) sends nothing, so it must not use up an allowance counted here.
   */
  beforeWork: () => Promise<void> = async () => {},
): Promise<{ message: string }> {
  const problem = registrationProblem(input) ?? (await newPasswordProblem(deps, input.password, { fullName: input.fullName, email: input.email }));
  if (problem) throw invalid(problem);
  await beforeWork();
  const email = normaliseEmail(input.email);
  const passwordHash = await deps.passwords.hash(input.password);
  // one transaction: a link is stored if and only if its mail is queued
  await withTransaction(deps.db, async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ email, fullName: input.fullName.trim().slice(0, 120), phone: input.phone?.trim() || null, passwordHash })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, email: users.email, fullName: users.fullName });
    if (created) {
      await logSecurityEvent(tx, { type: "register", userId: created.id, email }, meta);
      await sendVerification(deps, tx, created, meta, input.redirect);
    } else {
      const [existing] = await tx.select({ id: users.id, fullName: users.fullName, locale: users.locale }).from(users).where(eq(users.email, email));
      await logSecurityEvent(tx, { type: "register", userId: existing?.id, email, detail: { existing: true } }, meta);
      const t = mailWords(deps, existing?.locale, meta);
      const company = deps.companyName;
      await deps.mail.enqueue(
        {
          to: email,
          subject: t("registerExisting.subject", { company }),
          text: t("registerExisting.body", {
            company,
            named: existing ? "yes" : "no",
            name: existing?.fullName ?? "",
            link: new URL("/auth/forgot-password", deps.siteUrl).href,
          }),
        },
        { kind: "register-existing", clientIp: meta.ip, tx },
      );
    }
  });
  return { message: authMessage("registered") };
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
export async function resendVerification(deps: AccountDeps, rawEmail: string, meta: RequestMeta, redirect?: string): Promise<void> {
  const email = normaliseEmail(rawEmail);
  // one transaction: a link is stored if and only if its mail is queued
  await withTransaction(deps.db, async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, fullName: users.fullName, locale: users.locale, verified: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, email));
    if (user && !user.verified) await sendVerification(deps, tx, user, meta, redirect);
    else
      await deps.mail.rehearse(verificationMail(deps, { email, fullName: "" }, newSecret().token, meta, redirect), {
        kind: "verify-email",
        clientIp: meta.ip,
        tx,
      });
  });
}

/**
 * Queues a reset link for an account, replacing every older unused one. An address without an
 * account queues nothing but does the same reads and writes (rolled back or matching no row), so
 * the answer and its time are the same; over quota, nothing is queued and no link changes.
 */
export async function requestPasswordReset(deps: AccountDeps, rawEmail: string, meta: RequestMeta): Promise<void> {
  const email = normaliseEmail(rawEmail);
  // one transaction: a link is stored if and only if its mail is queued
  await withTransaction(deps.db, async (tx) => {
    const [user] = await tx.select({ id: users.id, fullName: users.fullName, locale: users.locale }).from(users).where(eq(users.email, email));
    await logSecurityEvent(tx, { type: "password-reset-requested", userId: user?.id, email }, meta);
    const { token, hash } = newSecret();
    const t = mailWords(deps, user?.locale, meta);
    const company = deps.companyName;
    const message = {
      to: email,
      subject: t("reset.subject", { company }),
      text: t("reset.body", { company, name: user?.fullName ?? "", link: link(deps, "/auth/reset-password", token) }),
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
  if (password !== confirmPassword) throw invalid("passwordsDiffer");
  // the shop's words only: the reset page knows nobody's name, and its hint must say the same
  const weak = await newPasswordProblem(deps, password);
  if (weak) throw invalid(weak);
  const userId = await spendToken(deps.db, token, "reset-password");
  if (!userId) throw refusal("invalid-token", "resetLinkInvalid");
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
  const [user] = await deps.db
    .select({ email: users.email, fullName: users.fullName, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw refused("unauthenticated");
  const reserved = await reserveAttempt(deps.db, user.email, policy);
  if (!reserved.allowed) {
    await logSecurityEvent(deps.db, { type: "login-locked", userId, email: user.email, detail: { scope: "account", during: "password-change" } }, meta);
    throw locked(reserved.minutesLeft);
  }
  if (!(await deps.passwords.verify(current, user.passwordHash))) {
    await logSecurityEvent(deps.db, { type: "password-change-failed", userId, email: user.email }, meta);
    throw refusal("wrong-password", "currentPasswordWrong");
  }
  await clearLoginLock(deps.db, user.email);
  if (next !== confirm) throw invalid("passwordsDiffer");
  const weak = await newPasswordProblem(deps, next, { fullName: user.fullName, email: user.email });
  if (weak) throw invalid(weak);
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

export async function updateLocale(db: Database, userId: number, locale: Locale): Promise<void> {
  await db
    .update(users)
    .set({ locale, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/**
 * Saves the profile. The number stays confirmed only while it is the number that was confirmed by
 * a code (typed in another form, it is kept in the confirmed form); any other number is typed, not
 * confirmed, and no longer counts as the account's for what needs a confirmed number.
 */
export async function updateProfile(db: Database, userId: number, profile: { fullName: string; phone: string | null; company: string | null }): Promise<void> {
  const typed = profile.phone?.trim() || null;
  const normalised = typed ? normaliseTanzanianMobile(typed) : null;
  await db
    .update(users)
    .set({
      fullName: profile.fullName.trim(),
      phone: sql`case when ${users.phoneConfirmedAt} is not null and ${users.phone} = ${normalised} then ${users.phone} else ${typed} end`,
      phoneConfirmedAt: sql`case when ${users.phone} = ${normalised} then ${users.phoneConfirmedAt} else null end`,
      company: profile.company?.trim() || null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}
