import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { normaliseEmail, passwordProblem } from "@/lib/auth-rules";
import { passwordContext } from "@/lib/password-guessability";
import { withTransaction, type Database } from "../db";
import { users } from "../db/schema";
import { logSecurityEvent } from "./events";
import { defaultPasswordHasher, type PasswordHasher } from "./passwords";
import { closeAllSessions } from "./sessions";
import { invalid } from "./texts";

/** 24 random URL-safe characters (144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}

/**
 * Creates an admin, or promotes an existing account (its address counts as verified). A new
 * password, if given, replaces the old one and ends the account's sessions.
 */
export async function createOrPromoteAdmin(
  db: Database,
  rawEmail: string,
  options: { password?: string; fullName?: string; passwords?: PasswordHasher; companyName?: string } = {},
): Promise<{ created: boolean; password: string | null }> {
  const email = normaliseEmail(rawEmail);
  const passwords = options.passwords ?? defaultPasswordHasher();
  if (options.password) {
    const context = passwordContext({ companyName: options.companyName ?? "", fullName: options.fullName, email });
    const weak = passwordProblem(options.password) ?? ((await passwords.guessable(options.password, context)) ? "passwordCommon" : null);
    if (weak) throw new Error(invalid(weak).message);
  }
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) {
    await db
      .update(users)
      .set({
        role: "admin",
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: sql`now()`,
        ...(options.password ? { passwordHash: await passwords.hash(options.password), passwordChangedAt: sql`now()` } : {}),
      })
      .where(eq(users.id, existing.id));
    if (options.password) await closeAllSessions(db, existing.id);
    await logSecurityEvent(db, { type: "admin-created", userId: existing.id, email, detail: { promoted: true } });
    return { created: false, password: options.password ?? null };
  }
  const password = options.password ?? generatePassword();
  const [created] = await db
    .insert(users)
    .values({ email, fullName: options.fullName ?? "Administrator", passwordHash: await passwords.hash(password), role: "admin", emailVerifiedAt: sql`now()` })
    .returning({ id: users.id });
  await logSecurityEvent(db, { type: "admin-created", userId: created?.id, email });
  return { created: true, password };
}

/** On the very first start (no admin yet), one admin with a generated password, returned once. */
export async function ensureInitialAdmin(db: Database, email: string, passwords?: PasswordHasher): Promise<string | null> {
  return withTransaction(db, async (tx) => {
    // Several app servers may start at once on a new database: one creates the admin, the others
    // wait for it (beyond a request's lock and statement limits: the password is hashed meanwhile)
    // and then find it, rather than failing on the taken e-mail address.
    await tx.execute(sql`set local lock_timeout = 0`);
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(${INITIAL_ADMIN_LOCK_KEY})`);
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
    if (admin) return null;
    const { password } = await createOrPromoteAdmin(tx, email, { passwords });
    return password;
  });
}

const INITIAL_ADMIN_LOCK_KEY = 726_500_3;

export const INITIAL_ADMIN_PASSWORD_FILE = "initial-admin-password.txt";

/**
 * Writes the first admin's generated password to a file only the server's user can read (0600),
 * instead of the console or the log, where it would stay in log files and collectors. The file
 * is created new (an older one is replaced); the owner reads it once and deletes it.
 */
export async function writeInitialAdminPassword(dataDir: string, email: string, password: string): Promise<string> {
  const file = path.join(path.resolve(dataDir), INITIAL_ADMIN_PASSWORD_FILE);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.rm(file, { force: true });
  const handle = await fs.open(file, "wx", 0o600);
  try {
    await handle.writeFile(
      `The first admin account of the shop (change the password under /account/settings, then delete this file):\n\ne-mail:   ${email}\npassword: ${password}\n`,
    );
    // the mode given to open() is reduced by the umask; make sure it is exactly owner-only
    await handle.chmod(0o600);
  } finally {
    await handle.close();
  }
  return file;
}
