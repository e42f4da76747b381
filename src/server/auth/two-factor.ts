import { randomInt } from "node:crypto";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import {
  CHALLENGE_SECONDS,
  formatRecoveryCode,
  isRecoveryCode,
  isTotpCode,
  normaliseTwoFactorCode,
  RECOVERY_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW,
} from "@/lib/two-factor";
import { withTransaction, type Database } from "../db";
import { signInChallenges, twoFactorRecoveryCodes, users, userTwoFactor } from "../db/schema";
import type { SecretBox } from "./secret-box";
import { invalid, refused } from "./texts";
import { hashSecret, newSecret } from "./tokens";

export interface TwoFactorDeps {
  db: Database;
  box: SecretBox;
  /** the name authenticator apps show beside the account (the shop's name) */
  issuer: () => Promise<string>;
}

export interface Enrolment {
  /** base32, for typing into an app by hand */
  secret: string;
  otpauthUrl: string;
  /** the otpauth URL as a QR code, an SVG drawn on the server (no QR code in the browser's bundle) */
  qrSvg: string;
}

export interface Challenge {
  userId: number;
  email: string;
  remember: boolean;
  redirect: string | null;
}

const totpFor = (secret: string, issuer = "", label = "") =>
  new TOTP({ issuer, label, algorithm: "SHA1", digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

function newRecoveryCode(): string {
  let code = "";
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return code;
}

/**
 * Two-step sign-in: enrolment, checking codes (each TOTP step and each recovery code is accepted
 * once, by a conditional update, so two parallel requests cannot both use it), and the short-lived
 * challenges that stand between a right password and a session.
 */
export function createTwoFactor({ db, box, issuer }: TwoFactorDeps) {
  async function row(userId: number) {
    const [found] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
    return found ?? null;
  }

  /** Accepts a TOTP code at most once: only a step later than the last accepted one is taken. */
  async function acceptTotp(userId: number, secret: string, code: string): Promise<boolean> {
    const totp = totpFor(box.open(secret));
    const delta = totp.validate({ token: code, window: TOTP_WINDOW });
    if (delta === null) return false;
    const step = totp.counter() + delta;
    const taken = await db
      .update(userTwoFactor)
      .set({ lastUsedStep: step })
      .where(and(eq(userTwoFactor.userId, userId), or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step))))
      .returning({ userId: userTwoFactor.userId });
    return taken.length === 1;
  }

  async function acceptRecoveryCode(userId: number, code: string): Promise<boolean> {
    const used = await db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, hashSecret(code)), isNull(twoFactorRecoveryCodes.usedAt)))
      .returning({ id: twoFactorRecoveryCodes.id });
    return used.length === 1;
  }

  async function replaceRecoveryCodes(userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await withTransaction(db, async (tx) => {
      await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await tx.insert(twoFactorRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashSecret(code) })));
    });
    return codes.map(formatRecoveryCode);
  }

  return {
    async isEnabled(userId: number): Promise<boolean> {
      return Boolean((await row(userId))?.enabledAt);
    },

    async status(userId: number): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
      const found = await row(userId);
      if (!found?.enabledAt) return { enabled: false, recoveryCodesLeft: 0 };
      const [left] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(twoFactorRecoveryCodes)
        .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
      return { enabled: true, recoveryCodesLeft: left?.n ?? 0 };
    },

    /** A new secret awaiting its first code; a second call replaces an unfinished one. */
    async beginEnrolment(user: { id: number; email: string }): Promise<Enrolment> {
      if ((await row(user.id))?.enabledAt) throw invalid("twoFactorTurnOffFirst");
      const secret = new Secret({ size: 20 }).base32;
      await db
        .insert(userTwoFactor)
        .values({ userId: user.id, secret: box.seal(secret) })
        .onConflictDoUpdate({ target: userTwoFactor.userId, set: { secret: box.seal(secret), lastUsedStep: null, createdAt: sql`now()` } });
      const otpauthUrl = totpFor(secret, await issuer(), user.email).toString();
      const qrSvg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
      return { secret, otpauthUrl, qrSvg };
    },

    /** The first code turns two-step sign-in on; the answer is the recovery codes, shown once. */
    async confirmEnrolment(userId: number, rawCode: string): Promise<string[]> {
      const found = await row(userId);
      if (!found) throw invalid("setupAgain");
      if (found.enabledAt) throw invalid("twoFactorAlreadyOn");
      const code = normaliseTwoFactorCode(rawCode);
      if (!isTotpCode(code) || !(await acceptTotp(userId, found.secret, code))) throw refused("invalid-code");
      await db
        .update(userTwoFactor)
        .set({ enabledAt: sql`now()` })
        .where(eq(userTwoFactor.userId, userId));
      return replaceRecoveryCodes(userId);
    },

    /** Checks (and uses up) a code for an account with two-step sign-in: which kind it was, or null. */
    async consumeCode(userId: number, rawCode: string): Promise<"totp" | "recovery" | null> {
      const found = await row(userId);
      if (!found?.enabledAt) return null;
      const code = normaliseTwoFactorCode(rawCode);
      if (isTotpCode(code)) return (await acceptTotp(userId, found.secret, code)) ? "totp" : null;
      if (isRecoveryCode(code)) return (await acceptRecoveryCode(userId, code)) ? "recovery" : null;
      return null;
    },

    /** The account's password hash, for confirming a change with the password (checked by the hashing pool). */
    async passwordHash(userId: number): Promise<string> {
      const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
      if (!user) throw refused("unauthenticated");
      return user.hash;
    },

    async disable(userId: number): Promise<void> {
      await withTransaction(db, async (tx) => {
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
        await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
        await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
      });
    },

    regenerateRecoveryCodes: replaceRecoveryCodes,

    /** Opens the second step of a sign-in; expired challenges of anyone are swept on the way. */
    async createChallenge(userId: number, options: { remember: boolean; redirect?: string }): Promise<{ challenge: string; expiresInSeconds: number }> {
      await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, sql`now()`));
      const { token, hash } = newSecret();
      await db.insert(signInChallenges).values({
        tokenHash: hash,
        userId,
        remember: options.remember,
        redirect: options.redirect ?? null,
        expiresAt: sql`now() + make_interval(secs => ${CHALLENGE_SECONDS})`,
      });
      return { challenge: token, expiresInSeconds: CHALLENGE_SECONDS };
    },

    /** The pending sign-in of a challenge token, while it is fresh and unused; null otherwise. */
    async readChallenge(token: string): Promise<Challenge | null> {
      if (!token || token.length > 100) return null;
      const [found] = await db
        .select({ userId: signInChallenges.userId, email: users.email, remember: signInChallenges.remember, redirect: signInChallenges.redirect })
        .from(signInChallenges)
        .innerJoin(users, eq(users.id, signInChallenges.userId))
        .where(and(eq(signInChallenges.tokenHash, hashSecret(token)), gt(signInChallenges.expiresAt, sql`now()`)));
      return found ?? null;
    },

    /** Uses a challenge up; false when another request already did (or it expired meanwhile). */
    async consumeChallenge(token: string): Promise<boolean> {
      const gone = await db
        .delete(signInChallenges)
        .where(and(eq(signInChallenges.tokenHash, hashSecret(token)), gt(signInChallenges.expiresAt, sql`now()`)))
        .returning({ id: signInChallenges.id });
      return gone.length === 1;
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
