import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { normaliseEmail, passwordProblem } from "@/lib/auth-rules";
import type { Database } from "../db";
import { users } from "../db/schema";
import { logSecurityEvent } from "./events";
import { hashPassword } from "./passwords";
import { closeAllSessions } from "./sessions";

/** A password that meets the rules: 18 random characters plus one of each required kind. */
export function generatePassword(): string {
  return `${randomBytes(14).toString("base64url")}Aa7`;
}

/**
 * Creates an admin, or promotes an existing account (its address counts as verified). A new
 * password, if given, replaces the old one and ends the account's sessions.
 */
export async function createOrPromoteAdmin(
  db: Database,
  rawEmail: string,
  options: { password?: string; fullName?: string } = {},
): Promise<{ created: boolean; password: string | null }> {
  const email = normaliseEmail(rawEmail);
  if (options.password) {
    const weak = passwordProblem(options.password);
    if (weak) throw new Error(weak);
  }
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) {
    await db
      .update(users)
      .set({
        role: "admin",
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: sql`now()`,
        ...(options.password ? { passwordHash: await hashPassword(options.password), passwordChangedAt: sql`now()` } : {}),
      })
      .where(eq(users.id, existing.id));
    if (options.password) await closeAllSessions(db, existing.id);
    await logSecurityEvent(db, { type: "admin-created", userId: existing.id, email, detail: { promoted: true } });
    return { created: false, password: options.password ?? null };
  }
  const password = options.password ?? generatePassword();
  const [created] = await db
    .insert(users)
    .values({ email, fullName: options.fullName ?? "Administrator", passwordHash: await hashPassword(password), role: "admin", emailVerifiedAt: sql`now()` })
    .returning({ id: users.id });
  await logSecurityEvent(db, { type: "admin-created", userId: created?.id, email });
  return { created: true, password };
}

/** On the very first start (no admin yet), one admin with a generated password, printed once. */
export async function ensureInitialAdmin(db: Database, email: string): Promise<string | null> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  if (admin) return null;
  const { password } = await createOrPromoteAdmin(db, email);
  return password;
}
