import { lt, sql } from "drizzle-orm";
import { SECURITY_EVENT_RETENTION_MONTHS } from "@/lib/retention";
import type { Database } from "../db";
import { authTokens, securityEvents, sessions, signInChallenges } from "../db/schema";

/**
 * Deletes what is kept only for a while: security events older than the retention period, and
 * sessions, e-mailed links and sign-in challenges past their expiry (they can no longer be used,
 * so they are only personal data at rest). Returns how many rows of each went.
 */
export async function pruneAuthRecords(db: Database): Promise<{ events: number; sessions: number; tokens: number; challenges: number }> {
  const gone = async (rows: Promise<{ id: number }[]>) => (await rows).length;
  return {
    events: await gone(
      db
        .delete(securityEvents)
        .where(lt(securityEvents.at, sql`now() - make_interval(months => ${SECURITY_EVENT_RETENTION_MONTHS})`))
        .returning({ id: securityEvents.id }),
    ),
    sessions: await gone(
      db
        .delete(sessions)
        .where(lt(sessions.expiresAt, sql`now()`))
        .returning({ id: sessions.id }),
    ),
    tokens: await gone(
      db
        .delete(authTokens)
        .where(lt(authTokens.expiresAt, sql`now()`))
        .returning({ id: authTokens.id }),
    ),
    challenges: await gone(
      db
        .delete(signInChallenges)
        .where(lt(signInChallenges.expiresAt, sql`now()`))
        .returning({ id: signInChallenges.id }),
    ),
  };
}
