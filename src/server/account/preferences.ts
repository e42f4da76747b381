import { and, asc, count, eq, sql } from "drizzle-orm";
import { SAVED_WALLETS_MAX, checkSavedWallet } from "@/lib/account";
import { offeredPaymentMethods, type PaymentMethod } from "@/lib/checkout";
import type { RequestMeta } from "../auth/events";
import { withTransaction, type Database } from "../db";
import { accountPreferences, savedMobileMoney, users } from "../db/schema";
import { DomainError } from "../errors";
import type { NewsletterService, SubscriptionStatus } from "../newsletter/newsletter";
import type { SettingsService } from "../settings/settings";

export interface SavedWallet {
  id: number;
  wallet: string;
  phone: string;
  label: string | null;
  createdAt: string;
}

export interface PaymentPreferences {
  wallets: SavedWallet[];
  preferredMethod: PaymentMethod | null;
  /** the methods the shop offers now: the preferred one must be one of them */
  offeredMethods: PaymentMethod[];
  /** the mobile-money wallets the shop takes */
  walletNames: string[];
}

export interface NotificationChoices {
  /** order e-mails (placed, paid, shipped, cancelled) are transactional: always sent */
  orderUpdates: true;
  newsletter: SubscriptionStatus;
  marketing: { consent: boolean; since: string | null };
}

export interface PreferencesDeps {
  db: Database;
  settings: SettingsService;
  newsletter: NewsletterService;
  /** whether the payment provider takes cards now (the checkout's own answer) */
  cardAvailable: () => boolean;
}

const invalid = (field: string, message: string) => new DomainError("validation", message, { field, reason: field });

/**
 * The account's choices beyond the profile: saved mobile-money numbers and the preferred payment
 * method (both fill in the checkout), and the notification choices (newsletter through the
 * newsletter's own double opt-in, marketing consent with its date).
 */
export function createPreferencesService(deps: PreferencesDeps) {
  const { db } = deps;

  async function offered(): Promise<{ methods: PaymentMethod[]; wallets: string[] }> {
    const settings = await deps.settings.get();
    return { methods: offeredPaymentMethods(settings, deps.cardAvailable()), wallets: settings.paymentSettings.mobileMoneyProviders };
  }

  async function row(userId: number) {
    const [found] = await db.select().from(accountPreferences).where(eq(accountPreferences.userId, userId));
    return found ?? null;
  }

  async function wallets(userId: number): Promise<SavedWallet[]> {
    const rows = await db
      .select()
      .from(savedMobileMoney)
      .where(eq(savedMobileMoney.userId, userId))
      .orderBy(asc(savedMobileMoney.createdAt), asc(savedMobileMoney.id));
    return rows.map((r) => ({ id: r.id, wallet: r.wallet, phone: r.phone, label: r.label, createdAt: r.createdAt.toISOString() }));
  }

  /**
   * The saved numbers and the preferred method. A preference the shop no longer offers (a method
   * switched off in the settings) reads as none, so the checkout never starts on a closed method.
   */
  async function payment(userId: number): Promise<PaymentPreferences> {
    const [list, prefs, shop] = await Promise.all([wallets(userId), row(userId), offered()]);
    const preferred = prefs?.preferredPaymentMethod ?? null;
    return {
      wallets: list,
      preferredMethod: preferred && shop.methods.includes(preferred) ? preferred : null,
      offeredMethods: shop.methods,
      walletNames: shop.wallets,
    };
  }

  /** Saves a number (the same wallet and number twice is one entry); at most SAVED_WALLETS_MAX per account. */
  async function addWallet(userId: number, input: { wallet: string; phone: string; label?: string | null }): Promise<SavedWallet> {
    const shop = await offered();
    const checked = checkSavedWallet(input, shop.wallets);
    if (!checked.ok) {
      const messages = { wallet: "Choose one of the shop's mobile-money wallets", phone: "Enter a Tanzanian mobile number", label: "The label is too long" };
      throw invalid(checked.field, messages[checked.field]);
    }
    return withTransaction(db, async (tx) => {
      // one shopper's adds are serialised, so two at once cannot both pass the limit
      await tx.execute(sql`select id from ${users} where id = ${userId} for update`);
      const [existing] = await tx
        .select()
        .from(savedMobileMoney)
        .where(and(eq(savedMobileMoney.userId, userId), eq(savedMobileMoney.wallet, checked.value.wallet), eq(savedMobileMoney.phone, checked.value.phone)));
      if (existing) {
        const [updated] = await tx.update(savedMobileMoney).set({ label: checked.value.label }).where(eq(savedMobileMoney.id, existing.id)).returning();
        const r = updated ?? existing;
        return { id: r.id, wallet: r.wallet, phone: r.phone, label: r.label, createdAt: r.createdAt.toISOString() };
      }
      const [held] = await tx.select({ n: count() }).from(savedMobileMoney).where(eq(savedMobileMoney.userId, userId));
      if ((held?.n ?? 0) >= SAVED_WALLETS_MAX) throw invalid("limit", `At most ${SAVED_WALLETS_MAX} numbers can be saved; remove one first`);
      const [created] = await tx
        .insert(savedMobileMoney)
        .values({ userId, ...checked.value })
        .returning();
      return { id: created!.id, wallet: created!.wallet, phone: created!.phone, label: created!.label, createdAt: created!.createdAt.toISOString() };
    });
  }

  async function removeWallet(userId: number, id: number): Promise<void> {
    const deleted = await db
      .delete(savedMobileMoney)
      .where(and(eq(savedMobileMoney.id, id), eq(savedMobileMoney.userId, userId)))
      .returning({ id: savedMobileMoney.id });
    if (deleted.length === 0) throw new DomainError("not-found", "No such saved number");
  }

  /** Sets (or, with null, clears) the preferred method; it must be one the shop offers now. */
  async function setPreferredMethod(userId: number, method: PaymentMethod | null): Promise<PaymentMethod | null> {
    if (method !== null && !(await offered()).methods.includes(method)) throw invalid("preferredMethod", "The shop does not offer this payment method");
    await db
      .insert(accountPreferences)
      .values({ userId, preferredPaymentMethod: method })
      .onConflictDoUpdate({ target: accountPreferences.userId, set: { preferredPaymentMethod: method, updatedAt: sql`now()` } });
    return method;
  }

  async function notifications(userId: number, email: string): Promise<NotificationChoices> {
    const [prefs, newsletter] = await Promise.all([row(userId), deps.newsletter.status(email)]);
    return {
      orderUpdates: true,
      newsletter,
      marketing: {
        consent: prefs?.marketingConsent ?? false,
        since: prefs?.marketingConsent && prefs.marketingConsentAt ? prefs.marketingConsentAt.toISOString() : null,
      },
    };
  }

  /**
   * Changes the notification choices. The newsletter is the footer's list, by the account's
   * address: joining sends the confirmation link (double opt-in, as in the footer), leaving removes
   * the address at once. Marketing consent keeps the time it was given; withdrawing clears it.
   */
  async function setNotifications(
    userId: number,
    email: string,
    changes: { newsletter?: boolean; marketing?: boolean },
    meta: RequestMeta = {},
  ): Promise<NotificationChoices> {
    if (changes.marketing !== undefined) {
      const consent = changes.marketing;
      await db
        .insert(accountPreferences)
        .values({ userId, marketingConsent: consent, marketingConsentAt: consent ? sql`now()` : null })
        .onConflictDoUpdate({
          target: accountPreferences.userId,
          set: {
            marketingConsent: consent,
            // consent given again keeps its first date; withdrawn, no date stands
            marketingConsentAt: consent ? sql`coalesce(${accountPreferences.marketingConsentAt}, now())` : null,
            updatedAt: sql`now()`,
          },
        });
    }
    if (changes.newsletter !== undefined) {
      const status = await deps.newsletter.status(email);
      if (changes.newsletter && status === "none") await deps.newsletter.subscribe(email, "account", meta);
      if (!changes.newsletter && status !== "none") await deps.newsletter.removeAddress(email);
    }
    return notifications(userId, email);
  }

  /** When the shopper last looked at order updates (the message centre's unread count). */
  async function orderUpdatesSeenAt(userId: number): Promise<Date | null> {
    return (await row(userId))?.orderUpdatesSeenAt ?? null;
  }

  async function markOrderUpdatesSeen(userId: number): Promise<void> {
    await db
      .insert(accountPreferences)
      .values({ userId, orderUpdatesSeenAt: sql`now()` })
      .onConflictDoUpdate({ target: accountPreferences.userId, set: { orderUpdatesSeenAt: sql`now()` } });
  }

  return { payment, addWallet, removeWallet, setPreferredMethod, notifications, setNotifications, orderUpdatesSeenAt, markOrderUpdatesSeen };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
