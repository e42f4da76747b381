import { createHash } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { addDays, DEPOSIT_PAYMENT_METHODS, depositSplit, type DepositSplit } from "@/lib/back-orders";
import { normaliseTin } from "@/lib/checkout-form";
import { formatOrderNumber, type PaymentMethod } from "@/lib/checkout";
import type { Locale } from "@/lib/locale";
import type { CheckoutRequest, OrderView } from "@/lib/orders";
import { normaliseTanzanianMobile } from "@/lib/phone";
import type { SiteSettings } from "@/lib/site-settings";
import { shopDateOf } from "@/lib/shop-calendar";
import { findRegion } from "@/lib/tanzania-regions";
import { planBackOrders, type LinePlan } from "../back-orders/allocate";
import { invalidateTags } from "../cache/tagged-cache";
import { rowsOf, withTransaction, type Database } from "../db";
import { addresses, cartItems, orderEvents, orderLines, orders } from "../db/schema";
import { promisedDates } from "../delivery/estimates";
import { DomainError } from "../errors";
import { redeemCoupon } from "../rewards/coupon-store";
import { spendCoins } from "../rewards/ledger";
import { applyStoreCreditToOrder } from "../refunds/store-credit";
import type { SettingsService } from "../settings/settings";
import { lineSourceOf, type Buyer } from "./buyer";
import { readCheckoutLines, type CheckoutLine, type RequestedLine } from "./cart-lines";
import { checkOnDelivery } from "./on-delivery";
import { priceOrder, type PricedOrder } from "./pricing";
import { composeOrderView, orderView, type OrderRow } from "./views";
import { useHolds, withoutHeldUnits, type HoldOwner } from "../stock-alerts/stock-alerts";

/**
 * Placing an order, as named steps inside one transaction:
 *   checkRequest → lockCheckout → findRepeat (idempotency) → loadCart (locks and checks stock)
 *   → priceAndCheck (quote, coupon, coins, the total the shopper saw) → checkOnDelivery (pay on
 *   delivery only: a confirmed number, the ceiling, the number's limits) → reserveStock
 *   → insertOrder → applyRewards → finishPlacing (timeline, cart emptied, address, e-mail).
 * The payment is started after the commit (checkout.ts), so a slow provider never loses an order.
 */

export interface PlaceOrderDeps {
  db: Database;
  settings: SettingsService;
  /** queues the order's e-mail of this kind, in the placing transaction */
  notify(tx: Database, kind: "placed", orderId: number): Promise<void>;
  /** spends a guest's checked one-time code in the placing transaction (refused when it was spent meanwhile) */
  spendPhoneCode?(tx: Database, codeId: number): Promise<void>;
  /** marks an order paid in the placing transaction: one its store credit paid in full */
  markPaid?(tx: Database, orderId: number): Promise<void>;
  now: () => Date;
}

/**
 * Who places the order: a signed-in shopper, or a guest with the lines sent, the number (E.164)
 * and how it was confirmed: a one-time code checked before (spent when the order is placed), or
 * nothing yet (a mobile-money payment from that same number will confirm it).
 */
export type OrderBuyer =
  | { kind: "account"; userId: number }
  | {
      kind: "guest";
      phone: string;
      email: string | null;
      lines: readonly RequestedLine[];
      codeId: number | null;
      /**
       * the staff member who took the order for the customer (by phone or at the counter): the
       * timeline's first event is theirs. The order stays the number's, never an account's whose
       * profile merely names that number (profile numbers are unconfirmed).
       */
      placedBy?: number;
    };

export interface PlaceOrderOptions {
  idempotencyKey: string;
  locale: Locale;
}

export interface PlaceOrderResult {
  order: OrderView;
  /** false: the Idempotency-Key's earlier order, answered again */
  created: boolean;
  row: OrderRow;
}

/** The delivery part of a request, checked: a known region and a district where the goods travel. */
type CheckedDelivery = ReturnType<typeof checkedDelivery>;

/** A request's fields as the order stores them, checked before any lock is taken. */
interface CheckedRequest {
  fingerprint: string;
  phone: string;
  delivery: CheckedDelivery;
  buyerTin: string | null;
  wallet: string | null;
  paymentPhone: string | null;
}

/** Serialises the checkouts of one shopper (pg_advisory_xact_lock's first key), and of one guest's number. */
const CHECKOUT_LOCK_KEY = 7265014;
const GUEST_CHECKOUT_LOCK_KEY = 7265015;

const invalid = (field: string, message: string) => new DomainError("validation", message, { field, reason: field });

/** A stable hash of what a checkout asked for: the same Idempotency-Key must come with the same request. */
function requestHash(request: CheckoutRequest): string {
  const canonical = JSON.stringify(request, (_key, value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
  return createHash("sha256").update(canonical).digest("hex");
}

function checkedDelivery(request: CheckoutRequest) {
  const d = request.delivery;
  if (d.method === "pickup") return { method: d.method, region: null, district: null, ward: null, street: null, landmark: null, parcelOffice: null };
  const region = findRegion(d.region);
  if (!region) throw invalid("region", "Choose the region to deliver to");
  if (!d.district) throw invalid("district", "Enter the district");
  if (d.method !== "parcel" && !d.street && !d.landmark) throw invalid("street", "Enter the street or a landmark the courier can find");
  return {
    method: d.method,
    region: region.code,
    district: d.district,
    ward: d.ward || null,
    street: d.street || null,
    landmark: d.landmark || null,
    parcelOffice: d.method === "parcel" ? d.parcelOffice || null : null,
  };
}

/** The shop's calendar year now (order numbers carry it). */
function shopYear(now: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric" }).format(now));
}

function holdMinutes(settings: SiteSettings, method: PaymentMethod): number {
  const hold = settings.orderHold;
  if (method === "bank_transfer") return hold.bankTransferHours * 60;
  return method === "card" ? hold.cardMinutes : hold.mobileMoneyMinutes;
}

/** Step 1, before the transaction: the contact, delivery, TIN and payment details, checked and normalised. */
export function checkRequest(request: CheckoutRequest, shop: SiteSettings): CheckedRequest {
  const fingerprint = requestHash(request);
  const phone = normaliseTanzanianMobile(request.phone);
  if (!phone) throw invalid("phone", "Enter a Tanzanian mobile number, e.g. 0754 123 456");
  const delivery = checkedDelivery(request);
  const buyerTin = request.buyerTin ? normaliseTin(request.buyerTin) : null;
  if (request.buyerTin && !buyerTin) throw invalid("buyerTin", "Enter the TIN as nine digits, e.g. 123-456-789");
  // the settings' list of methods is the shop's word: a method it leaves out is refused, not only hidden
  // (pay on delivery has its own switch, checked with its other rules)
  if (request.payment.method !== "on_delivery" && !shop.paymentSettings.methods.includes(request.payment.method))
    throw invalid("payment", "This shop does not take this payment method now");
  let paymentPhone: string | null = null;
  let wallet: string | null = null;
  if (request.payment.method === "mobile_money") {
    paymentPhone = normaliseTanzanianMobile(request.payment.phone || request.phone);
    if (!paymentPhone) throw invalid("paymentPhone", "Enter the mobile-money number to pay from");
    wallet = request.payment.wallet ?? "";
    if (!shop.paymentSettings.mobileMoneyProviders.includes(wallet)) throw invalid("wallet", "Choose the mobile-money wallet to pay with");
  }
  return { fingerprint, phone, delivery, buyerTin, wallet, paymentPhone };
}

/** One checkout per shopper at a time: a double-clicked or retried submit waits here and then finds the first order. */
async function lockCheckout(tx: Database, buyer: OrderBuyer): Promise<void> {
  if (buyer.kind === "account") await tx.execute(sql`select pg_advisory_xact_lock(${CHECKOUT_LOCK_KEY}, ${buyer.userId})`);
  else await tx.execute(sql`select pg_advisory_xact_lock(${GUEST_CHECKOUT_LOCK_KEY}, hashtext(${buyer.phone}))`);
}

/** The order this Idempotency-Key already placed, if any; the same key with another request is refused. */
async function findRepeat(tx: Database, owner: { userId: number } | { phone: string }, idempotencyKey: string, fingerprint: string): Promise<OrderRow | null> {
  const whose = "userId" in owner ? eq(orders.userId, owner.userId) : and(isNull(orders.userId), eq(orders.guestPhone, owner.phone));
  const [existing] = await tx
    .select()
    .from(orders)
    .where(and(whose, eq(orders.idempotencyKey, idempotencyKey)));
  if (!existing) return null;
  if (existing.requestHash !== fingerprint) throw new DomainError("idempotency-conflict", "This Idempotency-Key was used for a different order");
  return existing;
}

/** A guest's order this Idempotency-Key already placed (checked before the code, which that order spent). */
export async function findGuestRepeat(db: Database, phone: string, request: CheckoutRequest, idempotencyKey: string): Promise<OrderRow | null> {
  return findRepeat(db, { phone }, idempotencyKey, requestHash(request));
}

/**
 * The buyer's e-mail (an account's, a guest's if given) and lines, their product rows locked, every
 * line within its stock or, where the product may be back-ordered, its units beyond it planned to wait.
 */
/** Whose held units (src/server/stock-alerts) a buyer may buy: an account's, or a guest's number and e-mail's. */
function holdOwnerOf(buyer: OrderBuyer, email: string | null): HoldOwner {
  return buyer.kind === "account" ? { userId: buyer.userId } : { phone: buyer.phone, email };
}

async function loadCart(
  tx: Database,
  buyer: OrderBuyer,
  shop: SiteSettings,
  at: Date,
): Promise<{ email: string | null; lines: CheckoutLine[]; plans: LinePlan[] }> {
  let email: string | null = null;
  if (buyer.kind === "account") {
    const [user] = rowsOf<{ email: string }>(await tx.execute(sql`select email from users where id = ${buyer.userId}`));
    if (!user) throw new DomainError("unauthenticated", "Sign in to place an order");
    email = user.email;
  } else email = buyer.email;
  // units a stock alert keeps for the shoppers it told (not this buyer) are not for sale to others while held
  const lines = await withoutHeldUnits(tx, await readCheckoutLines(tx, lineSourceOf(buyer), true, shop.bulkPricingTiers), holdOwnerOf(buyer, email));
  if (!lines.length) throw new DomainError("cart-empty", "The cart is empty");
  const { plans, short } = await planBackOrders(tx, lines, shopDateOf(at, shop.timezone));
  if (short.length)
    throw new DomainError("out-of-stock", "Some items are no longer in stock in the quantity asked", {
      lines: short.map((l) => ({ productId: l.productId, variantId: l.variantId, name: l.name, available: Math.max(0, l.stock) })),
    });
  return { email, lines, plans };
}

/**
 * The shopper's "refund me if not here by" date for the waiting part: not before the goods are
 * expected, not beyond the longest wait the shop allows; null when nothing waits or none was chosen.
 */
function checkRefundBy(request: CheckoutRequest, plans: readonly LinePlan[], shop: SiteSettings, at: Date): string | null {
  const expected = plans.map((p) => p.expectedOn).filter((d): d is string => d !== null);
  if (!expected.length || !request.backOrderRefundBy) return null;
  const latest = expected.reduce((a, b) => (a > b ? a : b));
  const limit = addDays(shopDateOf(at, shop.timezone), shop.backOrders.maxWaitDays);
  if (request.backOrderRefundBy < latest || request.backOrderRefundBy > limit) throw invalid("backOrderRefundBy", `Choose a date from ${latest} to ${limit}`);
  return request.backOrderRefundBy;
}

/**
 * The deposit of an order whose shopper chose to pay one (where the shop takes deposits, something
 * waits and the payment is one the provider confirms by itself), split by the rule the checkout
 * shows (src/lib/back-orders.ts); null for an order paid in full.
 */
function checkDeposit(
  request: CheckoutRequest,
  plans: readonly LinePlan[],
  shop: SiteSettings,
  priced: PricedOrder,
  lines: readonly CheckoutLine[],
): DepositSplit | null {
  if (request.backOrderPayment !== "deposit") return null;
  if (shop.backOrders.payment !== "deposit") throw invalid("backOrderPayment", "This shop takes back-orders paid in full only");
  if (!(DEPOSIT_PAYMENT_METHODS as readonly string[]).includes(request.payment.method))
    throw invalid("backOrderPayment", "A deposit is paid by mobile money or card");
  const split = depositSplit({
    total: priced.totals.total,
    lines: lines.map((l, i) => ({ gross: priced.totals.lines[i]!.gross, quantity: l.quantity, waiting: plans[i]!.waiting })),
    deliveryFee: priced.totals.deliveryFee,
    percent: shop.backOrders.depositPercent,
  });
  if (!split) throw invalid("backOrderPayment", "Nothing in this order waits for stock: it is paid in full");
  return split;
}

/**
 * The order's price (coupon row and coin account locked), refused when the delivery method is not
 * available, the coupon does not apply, more coins are asked than the order may use, or the total
 * differs from the one the shopper saw.
 */
async function priceAndCheck(
  tx: Database,
  input: { buyer: Buyer; lines: CheckoutLine[]; delivery: CheckedDelivery; shop: SiteSettings; request: CheckoutRequest; at: Date },
): Promise<PricedOrder> {
  const { delivery, request } = input;
  const priced = await priceOrder(tx, { ...input, region: delivery.region, method: delivery.method, rewards: request, lock: true });
  const { quote } = priced;
  if (!quote.method) throw invalid("delivery", "This delivery method is not available for this cart and destination");
  if (quote.coupon && !quote.coupon.applied)
    throw new DomainError("coupon-invalid", "This coupon cannot be used for this order", {
      reason: quote.coupon.reason,
      ...(quote.coupon.missing !== undefined ? { missing: quote.coupon.missing } : {}),
      quote,
    });
  if (priced.coinsWanted > quote.coins.usable)
    throw new DomainError("validation", "This order cannot use that many coins", { field: "coins", reason: "coins", quote });
  if (request.expectedTotal !== undefined && request.expectedTotal !== quote.total)
    throw new DomainError("price-changed", "A price or the delivery fee changed since the total was shown", { quote });
  return priced;
}

/** Takes the lines' quantities in stock off the product's and the option's stock (back-ordered units wait). */
async function reserveStock(tx: Database, lines: CheckoutLine[], plans: readonly LinePlan[]): Promise<void> {
  for (const [i, whole] of lines.entries()) {
    const line = { ...whole, quantity: whole.quantity - plans[i]!.waiting };
    if (line.quantity === 0) continue;
    // the rows are locked: these cannot fail for stock read above, and the checks stay as a guard
    const updated = rowsOf(
      // stock only (no indexed column changes, so PostgreSQL can update the row in place); sales count once paid
      await tx.execute(sql`update products set stock_quantity = stock_quantity - ${line.quantity}, updated_at = now()
        where id = ${line.productId} and stock_quantity >= ${line.quantity} returning id`),
    );
    if (line.variantId !== "default") {
      const variant = rowsOf(
        await tx.execute(sql`update product_variants set stock = stock - ${line.quantity}
          where product_id = ${line.productId} and combination_id = ${line.variantId} and stock >= ${line.quantity} returning id`),
      );
      if (!variant.length) throw new DomainError("out-of-stock", "Product out of stock");
    }
    if (!updated.length) throw new DomainError("out-of-stock", "Product out of stock");
  }
}

/** The order row (numbered from its sequence, held for payment) and its lines. */
async function insertOrder(
  tx: Database,
  input: {
    buyer: OrderBuyer;
    email: string | null;
    request: CheckoutRequest;
    checked: CheckedRequest;
    opts: PlaceOrderOptions;
    lines: CheckoutLine[];
    priced: PricedOrder;
    shop: SiteSettings;
    at: Date;
    /** pay on delivery: the confirmed number it counts against (the order is confirmed, its stock held until delivery) */
    onDeliveryPhone: string | null;
    /** back-orders: each line's units waiting for stock, and the shopper's refund-by date */
    plans: readonly LinePlan[];
    refundBy: string | null;
    /** a back-order paid by deposit: its split; null when paid in full */
    deposit: DepositSplit | null;
  },
) {
  const { buyer, request, checked, opts, lines, priced, shop, at, onDeliveryPhone, plans, refundBy, deposit } = input;
  const { delivery } = checked;
  const { quote, totals } = priced;
  const [seq] = rowsOf<{ n: number | string }>(await tx.execute(sql`select nextval('order_number_seq') as n`));
  const number = formatOrderNumber(Number(seq?.n), shopYear(at, shop.timezone));
  const [row] = await tx
    .insert(orders)
    .values({
      number,
      userId: buyer.kind === "account" ? buyer.userId : null,
      guestPhone: buyer.kind === "guest" ? buyer.phone : null,
      guestPhoneConfirmedAt: buyer.kind === "guest" && buyer.codeId !== null ? at : null,
      idempotencyKey: opts.idempotencyKey,
      requestHash: checked.fingerprint,
      email: input.email,
      fullName: request.fullName,
      phone: checked.phone,
      deliveryMethod: delivery.method,
      region: delivery.region,
      district: delivery.district,
      ward: delivery.ward,
      street: delivery.street,
      landmark: delivery.landmark,
      notes: request.delivery.notes || null,
      parcelOffice: delivery.parcelOffice,
      vatZone: totals.zone,
      subtotal: totals.subtotal,
      discount: totals.discount,
      couponCode: priced.coupon?.code ?? null,
      coinsSpent: quote.coins.spent,
      coinsValue: totals.coinsValue,
      deliveryFee: totals.deliveryFee,
      deliveryVat: totals.deliveryVat,
      vatTotal: totals.vatTotal,
      total: totals.total,
      paymentMethod: request.payment.method,
      wallet: checked.wallet,
      paymentPhone: checked.paymentPhone,
      buyerTin: checked.buyerTin,
      locale: opts.locale,
      waitingUnits: plans.reduce((sum, p) => sum + p.waiting, 0),
      backorderRefundBy: refundBy,
      ...(deposit ? { depositAmount: deposit.deposit, depositGoodsValue: deposit.waitingGoodsValue, balanceDue: deposit.balance } : {}),
      // the days it is sold to arrive (src/lib/delivery-estimate.ts): kept, and moved only by a slip the shopper is told of
      ...promisedDates(shop, at, delivery, plans),
      ...(onDeliveryPhone !== null
        ? { status: "confirmed" as const, holdUntil: null, onDeliveryPhone }
        : { holdUntil: new Date(at.getTime() + holdMinutes(shop, request.payment.method) * 60_000) }),
    })
    .returning();
  if (!row) throw new Error("order insert returned nothing");
  const lineRows = await tx
    .insert(orderLines)
    .values(
      lines.map((l, i) => ({
        orderId: row.id,
        productId: l.productId,
        variantId: l.variantId,
        name: l.name,
        sku: l.sku,
        attributes: l.attributes,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        net: totals.lines[i]!.net,
        vat: totals.lines[i]!.vat,
        gross: totals.lines[i]!.gross,
        vatRateBp: totals.rateBp,
        discount: totals.lines[i]!.discount,
        backorderedQuantity: plans[i]!.waiting,
        backorderExpectedOn: plans[i]!.expectedOn,
        // the waiting units are the ones bought on deposit: held, once in stock, until the balance is paid
        depositUnits: deposit ? plans[i]!.waiting : 0,
      })),
    )
    .returning();
  return { row, lineRows };
}

/** The coupon's use and the coins spent, recorded against the order. */
async function applyRewards(tx: Database, buyer: OrderBuyer, order: OrderRow, priced: PricedOrder, at: Date): Promise<void> {
  const userId = buyer.kind === "account" ? buyer.userId : null;
  if (priced.coupon)
    await redeemCoupon(tx, {
      couponId: priced.coupon.id,
      userId,
      phone: buyer.kind === "guest" ? buyer.phone : null,
      orderId: order.id,
      discount: priced.totals.discount,
    });
  if (userId !== null) await spendCoins(tx, userId, order.id, priced.quote.coins.spent, at);
}

/** Saves the delivery address on the account (or marks the same one used again). */
async function rememberAddress(tx: Database, userId: number, request: CheckoutRequest, phone: string, delivery: CheckedDelivery) {
  const values = {
    userId,
    fullName: request.fullName,
    phone,
    region: delivery.region ?? "",
    district: delivery.district ?? "",
    ward: delivery.ward ?? "",
    street: delivery.street ?? "",
    landmark: delivery.landmark ?? "",
    parcelOffice: delivery.parcelOffice ?? "",
  };
  const same = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(
      and(
        eq(addresses.userId, userId),
        eq(addresses.fullName, values.fullName),
        eq(addresses.phone, phone),
        eq(addresses.region, values.region),
        eq(addresses.district, values.district),
        eq(addresses.ward, values.ward),
        eq(addresses.street, values.street),
        eq(addresses.landmark, values.landmark),
        eq(addresses.parcelOffice, values.parcelOffice),
      ),
    );
  if (same[0])
    await tx
      .update(addresses)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(addresses.id, same[0].id));
  else await tx.insert(addresses).values(values);
}

/** The timeline's first event, an account's cart emptied and address remembered, the "placed" e-mail and SMS queued. */
async function finishPlacing(
  tx: Database,
  deps: Pick<PlaceOrderDeps, "notify">,
  input: { buyer: OrderBuyer; request: CheckoutRequest; checked: CheckedRequest; order: OrderRow },
) {
  const { buyer, request, checked, order } = input;
  const byStaff = buyer.kind === "guest" && buyer.placedBy !== undefined ? buyer.placedBy : null;
  const [event] = await tx
    .insert(orderEvents)
    .values(
      byStaff === null
        ? { orderId: order.id, status: order.status, actor: "shopper" }
        : { orderId: order.id, status: order.status, actor: "admin", actorUserId: byStaff, note: "taken-by-staff" },
    )
    .returning();
  if (buyer.kind === "account") {
    await tx.delete(cartItems).where(eq(cartItems.userId, buyer.userId));
    if (request.saveAddress !== false && checked.delivery.region && checked.delivery.district)
      await rememberAddress(tx, buyer.userId, request, checked.phone, checked.delivery);
  }
  await deps.notify(tx, "placed", order.id);
  return event;
}

/**
 * Places the shopper's cart as an order, once per Idempotency-Key: a repeat with the same request
 * answers the first order (created: false), one with another request is refused.
 */
export async function placeOrder(deps: PlaceOrderDeps, buyer: OrderBuyer, request: CheckoutRequest, opts: PlaceOrderOptions): Promise<PlaceOrderResult> {
  const { db, now } = deps;
  const shop = await deps.settings.get();
  const checked = checkRequest(request, shop);
  const who = buyer.kind === "account" ? { userId: buyer.userId } : { phone: buyer.phone };
  const pricingBuyer: Buyer = buyer.kind === "account" ? buyer : { kind: "guest", phone: buyer.phone, lines: buyer.lines };

  const result = await withTransaction(db, async (tx) => {
    await lockCheckout(tx, buyer);
    const repeat = await findRepeat(tx, who, opts.idempotencyKey, checked.fingerprint);
    if (repeat) return { row: repeat, created: false, view: null };

    if (buyer.kind === "guest" && buyer.codeId !== null) {
      if (!deps.spendPhoneCode) throw new Error("A guest's code cannot be spent: no phone codes were given to the orders service");
      await deps.spendPhoneCode(tx, buyer.codeId);
    }
    const { email, lines, plans } = await loadCart(tx, buyer, shop, now());
    const refundBy = checkRefundBy(request, plans, shop, now());
    const priced = await priceAndCheck(tx, { buyer: pricingBuyer, lines, delivery: checked.delivery, shop, request, at: now() });
    const deposit = checkDeposit(request, plans, shop, priced, lines);
    const onDeliveryPhone =
      request.payment.method === "on_delivery"
        ? await checkOnDelivery(tx, {
            settings: shop.payOnDelivery,
            buyer: buyer.kind === "account" ? buyer : { kind: "guest", phone: buyer.phone, confirmed: buyer.codeId !== null },
            contactPhone: checked.phone,
            deliveryMethod: checked.delivery.method,
            total: priced.totals.total,
            lines,
          })
        : null;
    await reserveStock(tx, lines, plans);
    // the buyer's own held units (a stock alert told them) are bought now: no longer held
    await useHolds(tx, [...new Set(lines.map((l) => l.productId))], holdOwnerOf(buyer, email));
    const at = now();
    const { row, lineRows } = await insertOrder(tx, {
      buyer,
      email,
      request,
      checked,
      opts,
      lines,
      priced,
      shop,
      at,
      onDeliveryPhone,
      plans,
      refundBy,
      deposit,
    });
    await applyRewards(tx, buyer, row, priced, at);
    // store credit is part of the payment (src/server/refunds/store-credit.ts); an order it pays in full is paid now
    // (of a deposit order, store credit pays at most its deposit: the balance is asked when the goods are in)
    const dueNow = row.total - row.balanceDue;
    const storeCredit = await applyStoreCreditToOrder(tx, { ...row, total: dueNow }, request.storeCredit);
    const event = await finishPlacing(tx, deps, { buyer, request, checked, order: row });
    if (storeCredit > 0) {
      if (storeCredit === dueNow && deps.markPaid) await deps.markPaid(tx, row.id);
      const [fresh] = await tx.select().from(orders).where(eq(orders.id, row.id));
      return { row: fresh!, created: true, view: null };
    }
    return { row, created: true, view: composeOrderView(row, lineRows, event ? [event] : [], null, null, false) };
  });
  // the stock the pages show changed (committed now)
  if (result.created) invalidateTags("catalog");
  return { order: result.view ?? (await orderView(db, result.row)), created: result.created, row: result.row };
}
