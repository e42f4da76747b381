import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Locale } from "@/lib/locale";
import { normaliseTanzanianMobile } from "@/lib/phone";
import { maskPhone } from "@/lib/sms/mask";
import { withTransaction, type Database } from "../db";
import { phoneCodes } from "../db/schema";
import { translator } from "../i18n";
import type { NotifyService } from "../notify/outbox";
import type { SettingsService } from "../settings/settings";
import { refusal } from "./texts";

/**
 * One-time codes sent by SMS to confirm that a person holds a mobile number: a guest's checkout,
 * and claiming a guest's orders into an account. Six digits, kept only as a hash, alive for a few
 * minutes, spent by a few wrong tries; one code per number and purpose at a time (a new one
 * replaces the last). Sending goes through the message outbox, so its per-number and per-address
 * quotas and the day's SMS budget hold for codes too, and a code goes out in quiet hours.
 */

export type PhoneCodePurpose = "checkout" | "claim" | "stock_alert";

export interface PhoneCodePolicy {
  ttlMinutes: number;
  /** wrong tries after which a code is spent */
  maxAttempts: number;
  /** the wait before another code to the same number and purpose */
  resendSeconds: number;
}

export const DEFAULT_PHONE_CODE_POLICY: PhoneCodePolicy = { ttlMinutes: 10, maxAttempts: 5, resendSeconds: 60 };

export interface PhoneCodesDeps {
  db: Database;
  notify: Pick<NotifyService, "enqueue">;
  settings: SettingsService;
  /** where the shop is (the code's last line lets Android's browser fill the code in: "@host #123456") */
  siteUrl: URL;
  policy?: Partial<PhoneCodePolicy>;
  now?: () => Date;
}

export interface SentCode {
  /** the number as E.164, and masked for the page */
  phone: string;
  masked: string;
  expiresAt: Date;
  resendAfterSeconds: number;
}

const hashCode = (phone: string, purpose: PhoneCodePurpose, code: string) => createHash("sha256").update(`${purpose}:${phone}:${code}`).digest("hex");

export const isPhoneCode = (value: string) => /^\d{6}$/.test(value);

export function createPhoneCodes(deps: PhoneCodesDeps) {
  const { db, notify } = deps;
  const policy = { ...DEFAULT_PHONE_CODE_POLICY, ...deps.policy };
  const now = deps.now ?? (() => new Date());

  function phoneOf(raw: string): string {
    const phone = normaliseTanzanianMobile(raw);
    if (!phone) throw refusal("validation", "phoneInvalid", {}, { field: "phone" });
    return phone;
  }

  /** The live code of a number and purpose (not used, not expired, tries left), newest first. */
  async function liveCode(tx: Database, phone: string, purpose: PhoneCodePurpose) {
    const [row] = await tx
      .select()
      .from(phoneCodes)
      .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, purpose), isNull(phoneCodes.usedAt), gt(phoneCodes.expiresAt, now())))
      .orderBy(desc(phoneCodes.createdAt), desc(phoneCodes.id))
      .limit(1);
    return row && row.attempts < policy.maxAttempts ? row : null;
  }

  return {
    policy,

    /**
     * Sends a new code to a number (replacing any live one). Refused with `rate-limited` while the
     * last code is younger than the resend wait, or when the outbox's quotas or budget stop it.
     */
    async send(rawPhone: string, purpose: PhoneCodePurpose, meta: { ip?: string | null; locale: Locale; userId?: number | null }): Promise<SentCode> {
      const phone = phoneOf(rawPhone);
      const time = now();
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      const expiresAt = new Date(time.getTime() + policy.ttlMinutes * 60_000);
      const shop = (await deps.settings.get()).companyName;
      const t = translator(meta.locale, "sms");
      // the last line is the form browsers read to offer the code (WebOTP): "@host #code"
      const text = `${t("oneTimeCode", { code, shop, minutes: policy.ttlMinutes })}\n\n@${deps.siteUrl.host} #${code}`;
      const sent = await withTransaction(db, async (tx) => {
        // one sender per number at a time, so two quick requests cannot both pass the resend wait
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${purpose}:${phone}`}))`);
        const [last] = await tx
          .select({ createdAt: phoneCodes.createdAt })
          .from(phoneCodes)
          .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, purpose)))
          .orderBy(desc(phoneCodes.createdAt))
          .limit(1);
        const waited = last ? (time.getTime() - last.createdAt.getTime()) / 1000 : Infinity;
        if (waited < policy.resendSeconds) {
          const seconds = Math.ceil(policy.resendSeconds - waited);
          throw refusal("rate-limited", "phoneCodeTooSoon", { seconds }, { retryAfter: seconds });
        }
        const queued = await notify.enqueue(
          { channel: "sms", to: phone, text, event: "one-time-code", userId: meta.userId ?? null, locale: meta.locale },
          { tx, clientIp: meta.ip ?? null },
        );
        // a quota or the day's budget stopped it: the outbox's log of which stays (this commits), no code is made
        if (!queued.queued) return null;
        // the code before this one is spent: only the newest works
        await tx
          .update(phoneCodes)
          .set({ usedAt: time })
          .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, purpose), isNull(phoneCodes.usedAt)));
        await tx.insert(phoneCodes).values({ phone, purpose, codeHash: hashCode(phone, purpose, code), expiresAt, clientIp: meta.ip ?? null, createdAt: time });
        return { phone, masked: maskPhone(phone), expiresAt, resendAfterSeconds: policy.resendSeconds };
      });
      if (!sent) throw refusal("rate-limited", "phoneCodeNotSent", {}, { retryAfter: 3600 });
      return sent;
    },

    /**
     * Checks a code for a number, before any transaction of the caller's: a wrong code counts a try
     * (kept whatever the caller does next) and is refused with `invalid-code` and the tries left;
     * no live code (expired, used, out of tries) is `invalid-code` "expired". Returns the number
     * (E.164) and the code's id, which `spend` uses once the work it confirms is done.
     */
    async check(rawPhone: string, purpose: PhoneCodePurpose, code: string | undefined): Promise<{ phone: string; codeId: number }> {
      const phone = phoneOf(rawPhone);
      if (!code) throw refusal("invalid-code", "phoneCodeNeeded", {}, { field: "code" });
      const row = await liveCode(db, phone, purpose);
      if (!row) throw refusal("invalid-code", "phoneCodeExpired", {}, { field: "code" });
      const expected = Buffer.from(row.codeHash, "hex");
      const given = Buffer.from(hashCode(phone, purpose, isPhoneCode(code) ? code : "-"), "hex");
      if (!timingSafeEqual(expected, given)) {
        const [counted] = await db
          .update(phoneCodes)
          .set({ attempts: sql`${phoneCodes.attempts} + 1` })
          .where(eq(phoneCodes.id, row.id))
          .returning({ attempts: phoneCodes.attempts });
        const left = Math.max(0, policy.maxAttempts - (counted?.attempts ?? policy.maxAttempts));
        if (left === 0) throw refusal("invalid-code", "phoneCodeExpired", {}, { field: "code" });
        throw refusal("invalid-code", "phoneCodeWrong", { attempts: left }, { field: "code", attemptsLeft: left });
      }
      return { phone, codeId: row.id };
    },

    /**
     * Spends a checked code in the caller's transaction (so it stays usable if that work rolls
     * back); refused as "expired" when it was spent meanwhile (the same code used twice at once).
     */
    async spend(tx: Database, codeId: number): Promise<void> {
      const spent = await tx
        .update(phoneCodes)
        .set({ usedAt: now() })
        .where(and(eq(phoneCodes.id, codeId), isNull(phoneCodes.usedAt)))
        .returning({ id: phoneCodes.id });
      if (!spent.length) throw refusal("invalid-code", "phoneCodeExpired", {}, { field: "code" });
    },

    /** Forgets codes that ended more than a day ago (the hourly clean-up). */
    async prune(): Promise<void> {
      await db.delete(phoneCodes).where(sql`${phoneCodes.expiresAt} < now() - interval '1 day'`);
    },
  };
}

export type PhoneCodes = ReturnType<typeof createPhoneCodes>;
