import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Locale } from "@/lib/locale";
import { maskPhone } from "@/lib/sms/mask";
import { alertContact, type IncomingStock, type StockAlertChannel, type StockAlertStatus } from "@/lib/stock-alerts";
import { DEFAULT_VARIANT_ID } from "@/lib/variants";
import { refusal } from "../auth/texts";
import type { PhoneCodes } from "../auth/phone-codes";
import { rowsOf, withTransaction, type Database } from "../db";
import { productVariants, products, stockAlertArrivals, stockAlerts, users } from "../db/schema";
import { DomainError, isDomainError } from "../errors";
import { translator } from "../i18n";
import { createOutboxWorker } from "../jobs/outbox-worker";
import type { MailService } from "../mail/outbox";
import type { NotifyService } from "../notify/outbox";
import { whatsAppTemplateFor, renderWhatsAppTemplate } from "../notify/whatsapp-templates";
import type { RequestMeta } from "../auth/events";
import { readIncoming, setIncoming } from "./incoming";
import type { SettingsService } from "../settings/settings";

/**
 * "Notify me": a shopper's wish to be told when a sold-out product (or one option of it) is back,
 * by SMS, WhatsApp or e-mail, for guests too (the number confirmed by a one-time code, the address
 * by a link). Units coming back are seen by a trigger on products.stock_quantity (migration 0042),
 * which queues an arrival in the raising transaction whatever raised it; the worker tells the
 * waiting list from that queue, first come, first served, as many as the units, each arrival
 * once (its row locked, skipped by other workers) and each alert once (its status moves from
 * `waiting` in the same transaction as its message is queued). With `stockAlerts.holdHours` set,
 * a told shopper's unit is kept for them that long: the checkout counts it out of what others can
 * buy, and when the hold ends unbought the unit goes back to the queue as an arrival.
 */

export interface StockAlertLimits {
  /** alerts one contact may ask for in an hour (each may cost an SMS code) */
  perContactPerHour: number;
  /** how long a guest's unconfirmed alert waits for its code or link */
  pendingHours: number;
}

export const DEFAULT_STOCK_ALERT_LIMITS: StockAlertLimits = { perContactPerHour: 5, pendingHours: 24 };

export interface StockAlertsDeps {
  db: Database;
  notify: Pick<NotifyService, "enqueue">;
  mail: Pick<MailService, "enqueue">;
  phoneCodes: Pick<PhoneCodes, "send" | "check" | "spend">;
  settings: SettingsService;
  siteUrl: URL;
  limits?: Partial<StockAlertLimits>;
  now?: () => Date;
  log?: (line: string) => void;
}

export interface SubscribeInput {
  productId: number;
  /** the option: its row id (product_variants.id) or its combination id */
  variantId?: number | string | null;
  channel: StockAlertChannel;
  contact: string;
}

export interface StockAlertView {
  id: number;
  status: StockAlertStatus;
  channel: StockAlertChannel;
  /** the contact as the page may show it (a phone masked) */
  contact: string;
  productId: number;
  variantId: string | null;
  createdAt: string;
}

export interface SubscribeResult {
  alert: StockAlertView;
  /** created now (false: the same live alert existed) */
  created: boolean;
  /** a guest's phone: where the confirmation code went */
  code: { sentTo: string; expiresInSeconds: number; resendAfterSeconds: number } | null;
}

/** A buyer as the checkout knows them, to tell their own held units from others'. */
export type HoldOwner = { userId: number } | { phone: string | null; email: string | null };

type AlertRow = typeof stockAlerts.$inferSelect;

/** The shop's name and the hold a told shopper gets (hours, 0: none). */
interface ShopFacts {
  companyName: string;
  holdHours: number;
}

const LIVE: StockAlertStatus[] = ["pending-confirmation", "waiting", "held"];

const newToken = () => randomBytes(16).toString("base64url");

function view(row: AlertRow): StockAlertView {
  return {
    id: row.id,
    status: row.status,
    channel: row.channel,
    contact: row.channel === "email" ? row.contact : maskPhone(row.contact),
    productId: row.productId,
    variantId: row.combinationId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A guest's number and e-mail as an SQL list (never empty: a guest always has a number). */
function contactList(owner: { phone: string | null; email: string | null }) {
  const contacts = [owner.phone, owner.email?.toLowerCase() ?? null].filter((c): c is string => !!c);
  return sql.join(
    (contacts.length ? contacts : [""]).map((c) => sql`${c}`),
    sql`, `,
  );
}

/** The held units of products, by product and option ('' for the product as a whole), not counting the owner's own. */
async function heldUnits(tx: Database, productIds: readonly number[], owner: HoldOwner | null): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  if (!productIds.length) return held;
  const notOwner = !owner ? sql`true` : "userId" in owner ? sql`(user_id is null or user_id <> ${owner.userId})` : sql`contact not in (${contactList(owner)})`;
  const rows = rowsOf<{ product_id: number; combination_id: string | null; held: number | string }>(
    await tx.execute(sql`select product_id, combination_id, count(*) as held from stock_alerts
      where status = 'held' and hold_until > now() and product_id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and ${notOwner}
      group by product_id, combination_id`),
  );
  for (const r of rows) {
    const units = Number(r.held);
    held.set(`${r.product_id}|${r.combination_id ?? ""}`, units);
    // every hold, of an option or not, is a unit of the product
    held.set(`${r.product_id}|*`, (held.get(`${r.product_id}|*`) ?? 0) + units);
  }
  return held;
}

/**
 * What others can buy of each checkout line: its stock less the units held for shoppers a stock
 * alert told (not the buyer's own). The checkout refuses or back-orders beyond it like any stock.
 */
export async function withoutHeldUnits<L extends { productId: number; variantId: string; stock: number }>(
  tx: Database,
  lines: L[],
  owner: HoldOwner,
): Promise<L[]> {
  const held = await heldUnits(tx, [...new Set(lines.map((l) => l.productId))], owner);
  if (!held.size) return lines;
  return lines.map((line) => {
    const key = line.variantId === DEFAULT_VARIANT_ID ? `${line.productId}|*` : `${line.productId}|${line.variantId}`;
    const units = held.get(key) ?? 0;
    return units ? { ...line, stock: Math.max(0, line.stock - units) } : line;
  });
}

/** The buyer's own holds on the products they just ordered are used: the units are theirs now, no longer held. */
export async function useHolds(tx: Database, productIds: readonly number[], owner: HoldOwner): Promise<void> {
  if (!productIds.length) return;
  const mine = "userId" in owner ? sql`user_id = ${owner.userId}` : sql`contact in (${contactList(owner)})`;
  await tx.execute(sql`update stock_alerts set status = 'notified', hold_until = null, ended_at = now()
    where status = 'held' and product_id in (${sql.join(
      productIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and ${mine}`);
}

export function createStockAlertsService(deps: StockAlertsDeps) {
  const { db } = deps;
  const limits = { ...DEFAULT_STOCK_ALERT_LIMITS, ...deps.limits };
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? (() => undefined);
  let draining: Promise<{ sent: number; failed: number; dead: number }> | null = null;

  /** The settings a message needs, read before a transaction (inside one, only its own connection may be queried). */
  async function shopFacts(): Promise<ShopFacts> {
    const settings = await deps.settings.get();
    return { companyName: settings.companyName, holdHours: settings.stockAlerts.holdHours };
  }

  const alertLink = (token: string) => new URL(`/stock-alerts/${token}`, deps.siteUrl).toString();

  /** The product (not archived) and its options, or 404. */
  async function productOf(tx: Database, productId: number) {
    const [product] = await tx
      .select({ id: products.id, name: products.name, slug: products.slug, stock: products.stockQuantity, archivedAt: products.archivedAt })
      .from(products)
      .where(eq(products.id, productId));
    if (!product || product.archivedAt) throw new DomainError("not-found", "Product not found");
    const variants = await tx
      .select({ id: productVariants.id, combinationId: productVariants.combinationId, stock: productVariants.stock, attributes: productVariants.attributes })
      .from(productVariants)
      .where(eq(productVariants.productId, productId));
    return { ...product, variants };
  }

  type Product = Awaited<ReturnType<typeof productOf>>;

  /** The option an alert names (by row id or combination id), or null for the product as a whole. */
  function optionOf(product: Product, variantId: SubscribeInput["variantId"]) {
    if (variantId === undefined || variantId === null || variantId === "" || variantId === DEFAULT_VARIANT_ID) return null;
    const found = product.variants.find((v) =>
      typeof variantId === "number" ? v.id === variantId : v.combinationId === variantId || String(v.id) === variantId,
    );
    if (!found) throw new DomainError("invalid-variant", "This product has no such option");
    return found;
  }

  /** The product's name with the option's values, as a message names it. */
  function nameOf(product: Product, combinationId: string | null): string {
    const option = combinationId ? product.variants.find((v) => v.combinationId === combinationId) : undefined;
    const values = option ? Object.values(option.attributes).filter(Boolean) : [];
    return values.length ? `${product.name} (${values.join(", ")})` : product.name;
  }

  /** Units others can buy now: of the option, or of the product as a whole. */
  async function sellable(tx: Database, product: Product, combinationId: string | null): Promise<number> {
    const held = await heldUnits(tx, [product.id], null);
    if (combinationId === null) return product.stock - (held.get(`${product.id}|*`) ?? 0);
    const option = product.variants.find((v) => v.combinationId === combinationId);
    return (option?.stock ?? 0) - (held.get(`${product.id}|${combinationId}`) ?? 0);
  }

  /** Is this contact the signed-in shopper's own confirmed phone or verified e-mail? */
  async function confirmedFor(userId: number | null, channel: StockAlertChannel, contact: string): Promise<boolean> {
    if (userId === null) return false;
    const [user] = await db
      .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt, phone: users.phone, phoneConfirmedAt: users.phoneConfirmedAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) return false;
    return channel === "email" ? user.email === contact && !!user.emailVerifiedAt : user.phone === contact && !!user.phoneConfirmedAt;
  }

  /**
   * Tells one alert its product is back: the message queued in the caller's transaction, the
   * alert moved on from `waiting` (held with its end when the shop keeps units). False when the
   * channel refused it (the number opted out: the alert ends; a quota: it keeps its place).
   */
  async function tell(tx: Database, alert: AlertRow, product: Product, shopSettings: ShopFacts): Promise<boolean> {
    const { companyName: shop } = shopSettings;
    // a unit is kept for an alert of one option, or of a product without options ("any option" names no unit)
    const hold = shopSettings.holdHours > 0 && (alert.combinationId !== null || product.variants.length === 0);
    const holdHours = hold ? shopSettings.holdHours : 0;
    const name = nameOf(product, alert.combinationId);
    const link = alertLink(alert.token);
    const dedupeKey = `stock-alert:${alert.id}:${alert.createdAt.getTime()}`;
    let queued: boolean;
    let refusedFor: string | null = null;
    if (alert.channel === "email") {
      const t = translator(alert.locale, "email");
      const result = await deps.mail.enqueue(
        {
          to: alert.contact,
          subject: t("stockAlert.backSubject", { product: name }),
          text: t("stockAlert.backBody", { product: name, shop, link, held: holdHours > 0 ? String(holdHours) : "none" }),
        },
        { kind: "stock-alert", quota: false, dedupeKey, tx },
      );
      queued = result.queued || result.reason === "duplicate";
      if (!result.queued) refusedFor = result.reason;
    } else {
      const t = translator(alert.locale, "sms");
      const text = holdHours > 0 ? t("stockAlert.held", { shop, product: name, link, hours: holdHours }) : t("stockAlert.back", { shop, product: name, link });
      const template = alert.channel === "whatsapp" ? whatsAppTemplateFor("stock-alert", alert.locale, { shopName: shop, product: name, link }) : null;
      const result = await deps.notify.enqueue(
        {
          channel: alert.channel,
          to: alert.contact,
          text: template ? renderWhatsAppTemplate(template) : text,
          template,
          event: "stock-alert",
          userId: alert.userId,
          locale: alert.locale,
        },
        { tx, dedupeKey },
      );
      queued = result.queued || result.reason === "duplicate";
      if (!result.queued) refusedFor = result.reason;
    }
    const at = now();
    if (!queued) {
      log(`stock alert ${alert.id} not sent: ${refusedFor}`);
      if (refusedFor === "opted-out" || refusedFor === "invalid-number")
        await tx.update(stockAlerts).set({ status: "cancelled", endedAt: at }).where(eq(stockAlerts.id, alert.id));
      return false;
    }
    await tx
      .update(stockAlerts)
      .set(hold ? { status: "held", notifiedAt: at, holdUntil: new Date(at.getTime() + holdHours * 3_600_000) } : { status: "notified", notifiedAt: at })
      .where(eq(stockAlerts.id, alert.id));
    return true;
  }

  /**
   * Tells the product's waiting list of `units` that came back, first come, first served: an alert
   * is told while units remain and its option (or the product) can be bought by others now.
   * The caller holds the product's advisory lock. Returns how many were told.
   */
  async function tellWaiting(tx: Database, productId: number, units: number, shop: ShopFacts): Promise<number> {
    let product: Product;
    try {
      product = await productOf(tx, productId);
    } catch (error) {
      if (isDomainError(error) && error.code === "not-found") return 0;
      throw error;
    }
    let budget = units;
    let productLeft = await sellable(tx, product, null);
    const optionLeft = new Map<string, number>();
    for (const v of product.variants) optionLeft.set(v.combinationId, await sellable(tx, product, v.combinationId));
    const waiting = await tx
      .select()
      .from(stockAlerts)
      .where(and(eq(stockAlerts.productId, productId), eq(stockAlerts.status, "waiting")))
      .orderBy(asc(stockAlerts.createdAt), asc(stockAlerts.id))
      .for("update");
    let told = 0;
    for (const alert of waiting) {
      if (budget <= 0 || productLeft <= 0) break;
      if (alert.combinationId !== null && (optionLeft.get(alert.combinationId) ?? 0) <= 0) continue;
      if (!(await tell(tx, alert, product, shop))) continue;
      told += 1;
      budget -= 1;
      productLeft -= 1;
      if (alert.combinationId !== null) optionLeft.set(alert.combinationId, (optionLeft.get(alert.combinationId) ?? 0) - 1);
    }
    return told;
  }

  /** Ends holds that ran out (their units go back to the queue as arrivals) and guests' alerts never confirmed. */
  async function sweep(): Promise<void> {
    await withTransaction(db, async (tx) => {
      await tx.execute(sql`with ended as (
          update stock_alerts set status = 'notified', ended_at = now() where status = 'held' and hold_until <= now() returning product_id)
        insert into stock_alert_arrivals (product_id, units) select product_id, count(*)::int from ended group by product_id`);
      await tx.execute(sql`update stock_alerts set status = 'expired', ended_at = now()
        where status = 'pending-confirmation' and created_at < now() - make_interval(hours => ${limits.pendingHours})`);
    });
  }

  /** Works through the arrivals queue: each arrival in its own transaction, locked so no other worker takes it. */
  async function processArrivals(max = 50): Promise<{ sent: number; failed: number; dead: number }> {
    await sweep();
    let sent = 0;
    // read before the transactions: inside one, only its own connection may be queried (PGlite)
    const shop = await shopFacts();
    for (let pass = 0; pass < max; pass++) {
      const done = await withTransaction(db, async (tx) => {
        const [arrival] = rowsOf<{ id: number | string; product_id: number; units: number }>(
          await tx.execute(sql`select id, product_id, units from stock_alert_arrivals where processed_at is null order by id limit 1 for update skip locked`),
        );
        if (!arrival) return null;
        // one product's waiting list is told by one worker at a time, in queue order
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stock-alerts:${arrival.product_id}`}))`);
        const told = await tellWaiting(tx, Number(arrival.product_id), Number(arrival.units), shop);
        await tx
          .update(stockAlertArrivals)
          .set({ processedAt: now() })
          .where(eq(stockAlertArrivals.id, Number(arrival.id)));
        return told;
      });
      if (done === null) break;
      sent += done;
    }
    return { sent, failed: 0, dead: 0 };
  }

  function drain() {
    draining ??= processArrivals().finally(() => {
      draining = null;
    });
    return draining;
  }

  const worker = createOutboxWorker({
    name: "stock alerts",
    drain,
    busy: () => draining !== null,
    prune: async () => {
      await db.execute(sql`delete from stock_alert_arrivals where processed_at < now() - interval '7 days'`);
    },
    pruneEveryMs: 60 * 60_000,
    log,
  });

  return {
    limits,

    /**
     * Subscribes a contact to a sold-out product or option. A signed-in shopper's own confirmed
     * number or verified address waits at once; anyone else's is pending until its code (a phone:
     * sent now) or its link (an e-mail: mailed now) confirms it. Refused: an unknown product
     * (not-found), an option it lacks (invalid-variant), a bad contact (validation), something
     * that can be bought now (in-stock), too many alerts for one contact (rate-limited).
     */
    async subscribe(input: SubscribeInput, meta: { userId: number | null; ip: string | null; locale: Locale }): Promise<SubscribeResult> {
      const contact = alertContact(input.channel, input.contact);
      if (!contact) throw refusal("validation", "stockAlertChannelContact", {}, { field: "contact" });
      const product = await productOf(db, input.productId);
      const option = optionOf(product, input.variantId);
      const combinationId = option?.combinationId ?? null;
      if ((await sellable(db, product, combinationId)) > 0) throw new DomainError("in-stock", "This is in stock now: you can order it");
      const confirmed = await confirmedFor(meta.userId, input.channel, contact);

      const existing = await db
        .select()
        .from(stockAlerts)
        .where(
          and(
            eq(stockAlerts.productId, product.id),
            sql`coalesce(${stockAlerts.combinationId}, '') = ${combinationId ?? ""}`,
            eq(stockAlerts.contact, contact),
            inArray(stockAlerts.status, LIVE),
          ),
        );
      const live = existing[0];
      if (live && (live.status !== "pending-confirmation" || !confirmed)) {
        // the same wish again: the alert keeps its place in the queue; a pending phone gets a code if none is live
        const code = live.status === "pending-confirmation" && live.channel !== "email" ? await sendCode(contact, meta) : null;
        return { alert: view(live), created: false, code };
      }

      const [recent] = rowsOf<{ n: number | string }>(
        await db.execute(sql`select count(*) as n from stock_alerts where contact = ${contact} and created_at > now() - interval '1 hour'`),
      );
      if (Number(recent?.n ?? 0) >= limits.perContactPerHour) throw refusal("rate-limited", "stockAlertTooMany", {}, { retryAfter: 3600 });

      // a phone's code goes first: when the outbox refuses it, no alert is left waiting for a code that never came
      const code = !confirmed && input.channel !== "email" ? await sendCode(contact, meta) : null;
      const at = now();
      const shop = await shopFacts();
      const row = await withTransaction(db, async (tx) => {
        if (live) {
          const [updated] = await tx
            .update(stockAlerts)
            .set({ status: "waiting", confirmedAt: at, userId: meta.userId })
            .where(eq(stockAlerts.id, live.id))
            .returning();
          return updated!;
        }
        const [inserted] = await tx
          .insert(stockAlerts)
          .values({
            productId: product.id,
            combinationId,
            channel: input.channel,
            contact,
            userId: meta.userId,
            locale: meta.locale,
            status: confirmed ? "waiting" : "pending-confirmation",
            token: newToken(),
            clientIp: meta.ip,
            confirmedAt: confirmed ? at : null,
          })
          .onConflictDoNothing()
          .returning();
        if (!inserted) throw new DomainError("busy", "The same alert is being made: try again");
        if (!confirmed && input.channel === "email") {
          const t = translator(meta.locale, "email");
          const name = nameOf(product, combinationId);
          const mailed = await deps.mail.enqueue(
            {
              to: contact,
              subject: t("stockAlert.confirmSubject", { product: name }),
              text: t("stockAlert.confirmBody", { product: name, shop: shop.companyName, link: alertLink(inserted.token) }),
            },
            { kind: "stock-alert-confirm", clientIp: meta.ip, tx },
          );
          if (!mailed.queued && mailed.reason !== "duplicate") throw refusal("rate-limited", "stockAlertTooMany", {}, { retryAfter: 900 });
        }
        return inserted;
      });
      return { alert: view(row), created: true, code };
    },

    /**
     * Confirms a guest's alert: by its id and the code sent to its number, or by the token of the
     * e-mailed link. A product back in stock meanwhile is told at once (its arrival came before
     * the alert counted). Refused: no such pending alert (not-found / invalid-token), a wrong code.
     */
    async confirm(input: { alertId: number; code: string } | { token: string }): Promise<StockAlertView> {
      const [alert] = await db
        .select()
        .from(stockAlerts)
        .where("token" in input ? eq(stockAlerts.token, input.token) : eq(stockAlerts.id, input.alertId));
      if (!alert) throw "token" in input ? refusal("invalid-token", "stockAlertLinkInvalid") : new DomainError("not-found", "Alert not found");
      if (alert.status !== "pending-confirmation") return view(alert);
      if ("token" in input && alert.channel !== "email") throw refusal("invalid-token", "stockAlertLinkInvalid");
      const checked = "code" in input ? await deps.phoneCodes.check(alert.contact, "stock_alert", input.code) : null;
      const shop = await shopFacts();
      if ("code" in input && alert.channel === "email") throw new DomainError("not-found", "Alert not found");
      const row = await withTransaction(db, async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stock-alerts:${alert.productId}`}))`);
        if (checked) await deps.phoneCodes.spend(tx, checked.codeId);
        const [updated] = await tx
          .update(stockAlerts)
          .set({ status: "waiting", confirmedAt: now() })
          .where(and(eq(stockAlerts.id, alert.id), eq(stockAlerts.status, "pending-confirmation")))
          .returning();
        if (!updated) return null;
        // every other pending alert of the same number is confirmed by the same code
        if (checked)
          await tx
            .update(stockAlerts)
            .set({ status: "waiting", confirmedAt: now() })
            .where(and(eq(stockAlerts.contact, alert.contact), eq(stockAlerts.status, "pending-confirmation")));
        const product = await productOf(tx, alert.productId).catch(() => null);
        if (product && (await sellable(tx, product, updated.combinationId)) > 0) {
          await tell(tx, updated, product, shop);
          const [after] = await tx.select().from(stockAlerts).where(eq(stockAlerts.id, alert.id));
          return after ?? updated;
        }
        return updated;
      });
      const [latest] = row ? [row] : await db.select().from(stockAlerts).where(eq(stockAlerts.id, alert.id));
      return view(latest!);
    },

    /** Cancels an alert by its link's token (a held unit goes back to the queue at once). */
    async cancel(token: string): Promise<StockAlertView> {
      return withTransaction(db, async (tx) => {
        const [alert] = await tx.select().from(stockAlerts).where(eq(stockAlerts.token, token)).for("update");
        if (!alert) throw refusal("invalid-token", "stockAlertLinkInvalid");
        if (!LIVE.includes(alert.status)) return view(alert);
        const [updated] = await tx
          .update(stockAlerts)
          .set({ status: "cancelled", endedAt: now(), holdUntil: null })
          .where(eq(stockAlerts.id, alert.id))
          .returning();
        if (alert.status === "held") await tx.insert(stockAlertArrivals).values({ productId: alert.productId, units: 1 });
        return view(updated!);
      });
    },

    /** The alert a link opens, with its product's address (null: not the shop's link). */
    async byToken(token: string): Promise<(StockAlertView & { productName: string; productSlug: string; holdUntil: string | null }) | null> {
      if (!/^[A-Za-z0-9_-]{10,64}$/.test(token)) return null;
      const [row] = await db
        .select({ alert: stockAlerts, name: products.name, slug: products.slug })
        .from(stockAlerts)
        .innerJoin(products, eq(products.id, stockAlerts.productId))
        .where(eq(stockAlerts.token, token));
      if (!row) return null;
      return { ...view(row.alert), productName: row.name, productSlug: row.slug, holdUntil: row.alert.holdUntil?.toISOString() ?? null };
    },

    /** How many wait (confirmed, not yet told) per product. */
    async waitingCounts(productIds: readonly number[]): Promise<Map<number, number>> {
      if (!productIds.length) return new Map();
      const rows = await db
        .select({ productId: stockAlerts.productId, n: sql<number>`count(*)::int` })
        .from(stockAlerts)
        .where(and(inArray(stockAlerts.productId, [...productIds]), eq(stockAlerts.status, "waiting")))
        .groupBy(stockAlerts.productId);
      return new Map(rows.map((r) => [r.productId, Number(r.n)]));
    },

    /** The most awaited products that are sold out (an import signal): most waiting first. */
    async mostAwaited(
      limit = 20,
    ): Promise<Array<{ productId: number; name: string; slug: string; sku: string; stock: number; waiting: number; oldest: string }>> {
      const rows = rowsOf<{ product_id: number; name: string; slug: string; sku: string; stock: number; waiting: number | string; oldest: Date | string }>(
        await db.execute(sql`select p.id as product_id, p.name, p.slug, p.sku, p.stock_quantity as stock, count(*) as waiting, min(a.created_at) as oldest
          from stock_alerts a join products p on p.id = a.product_id
          where a.status = 'waiting' and p.archived_at is null
          group by p.id order by count(*) desc, min(a.created_at) asc limit ${limit}`),
      );
      return rows.map((r) => ({
        productId: Number(r.product_id),
        name: r.name,
        slug: r.slug,
        sku: r.sku,
        stock: Number(r.stock),
        waiting: Number(r.waiting),
        oldest: new Date(r.oldest).toISOString(),
      }));
    },

    /**
     * What the product page says of availability: the units others can buy now (stock less held
     * units), of the product and of each option, and its incoming stock; null for no product.
     */
    async availability(productId: number): Promise<{ inStock: number; options: Record<string, number>; incoming: IncomingStock } | null> {
      const product = await productOf(db, productId).catch((error: unknown) => {
        if (isDomainError(error) && error.code === "not-found") return null;
        throw error;
      });
      const incoming = product ? await readIncoming(db, productId) : null;
      if (!product || !incoming) return null;
      const held = await heldUnits(db, [productId], null);
      const options: Record<string, number> = {};
      for (const v of product.variants) options[v.combinationId] = Math.max(0, v.stock - (held.get(`${productId}|${v.combinationId}`) ?? 0));
      return { inStock: Math.max(0, product.stock - (held.get(`${productId}|*`) ?? 0)), options, incoming };
    },

    /** Units others can buy now of a product or an option (stock less held units), for the product page. */
    async sellableOf(productId: number, combinationId: string | null = null): Promise<number> {
      const product = await productOf(db, productId);
      return sellable(db, product, combinationId);
    },

    /** A product's incoming stock (null: no such product). */
    incoming: (productId: number) => readIncoming(db, productId),
    /** The admin changes a product's incoming stock (validated, logged with its reason). */
    setIncoming: (admin: { id: number; email: string }, productId: number, input: IncomingStock & { reason: string }, meta?: RequestMeta) =>
      setIncoming(db, admin, productId, input, meta),

    /** Tells the waiting lists of the queued arrivals now (the worker does it every interval; tests call it). */
    drain,
    start: (intervalMs: number) => worker.start(intervalMs),
    stop: (flushMs = 0) => worker.stop(flushMs),
  };

  async function sendCode(contact: string, meta: { userId: number | null; ip: string | null; locale: Locale }) {
    try {
      const sent = await deps.phoneCodes.send(contact, "stock_alert", { ip: meta.ip, locale: meta.locale, userId: meta.userId });
      return {
        sentTo: sent.masked,
        expiresInSeconds: Math.round((sent.expiresAt.getTime() - now().getTime()) / 1000),
        resendAfterSeconds: sent.resendAfterSeconds,
      };
    } catch (error) {
      // asking again within the resend wait (this alert, or another product a moment ago): the code
      // sent then still works, and it confirms every pending alert of the number
      if (isDomainError(error) && error.details.reason === "phoneCodeTooSoon") return null;
      throw error;
    }
  }
}

export type StockAlertsService = ReturnType<typeof createStockAlertsService>;
