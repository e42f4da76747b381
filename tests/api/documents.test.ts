import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import cookie from "@fastify/cookie";
import { and, eq, inArray, sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { PDFParse } from "pdf-parse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installActors, signedInScope } from "../../src/api/scopes";
import { documentRoutes } from "../../src/api/shopper/documents";
import { installErrorHandling } from "../../src/api/errors";
import { formatOrderNumber, type PaymentMethod } from "../../src/lib/checkout";
import { discountedOrderTotals } from "../../src/lib/coupons";
import type { Locale } from "../../src/lib/locale";
import { formatMoney } from "../../src/lib/money";
import type { SiteSettings } from "../../src/lib/site-settings";
import { openSession } from "../../src/server/auth/sessions";
import { rowsOf, type Database } from "../../src/server/db";
import {
  fiscalCounters,
  fiscalOutbox,
  fiscalReceipts,
  mailOutbox,
  orderEvents,
  orderLines,
  orders,
  payments,
  products,
  users,
} from "../../src/server/db/schema";
import { createDocumentsService, type DocumentsService } from "../../src/server/documents/documents";
import { createFiscalOutbox, traVerificationUrl, type FiscalReceipt, type FiscalReceiptRecord } from "../../src/server/documents/fiscal";
import { shopTime } from "../../src/server/documents/shop-time";
import { setupApi } from "./harness";

const api = setupApi();

const FISCAL = { tin: "123-456-789", vrn: "40-012345-K", vfdSerial: "10TZ100123" };
const BANK = { bankName: "CRDB Bank", accountName: "Kilima Electronics Ltd", accountNumber: "0150123456700", branch: "Kariakoo", swift: "CORUTZTZ" };

let dataDir: string;
let documents: DocumentsService;
let app: FastifyInstance;
let saved: Pick<SiteSettings, "fiscal" | "bankTransfer">;
let productId: number;
let seq = 0;

/** A user of the suite's database and, on request, a session cookie for it. */
async function makeUser(role: "user" | "admin" = "user") {
  const [user] = await api.handle.db
    .insert(users)
    .values({
      email: `documents-${process.pid}-${Date.now()}-${seq++}@example.co.tz`,
      fullName: "Asha Mushi",
      passwordHash: "scrypt$unused",
      role,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id, email: users.email });
  const { token } = await openSession(api.handle.db, user!.id, false, 30, {});
  return { ...user!, cookie: `sid=${token}` };
}

/**
 * An order written straight to its tables (the orders service is not this file's subject): two
 * lines and courier delivery in Dar es Salaam, with a coupon and coins when asked (priced as the
 * checkout prices them).
 */
async function makeOrder(
  options: {
    userId?: number;
    email?: string;
    paymentMethod?: PaymentMethod;
    locale?: Locale;
    wallet?: string;
    buyerTin?: string;
    coupon?: { code: string; discount: number };
    coins?: { spent: number; value: number };
  } = {},
) {
  const user = options.userId ? { id: options.userId, email: options.email ?? "x@example.co.tz" } : await makeUser();
  const priced = [
    { unitPrice: 25_000, quantity: 2, name: "Arduino Uno R3" },
    { unitPrice: 3_500, quantity: 3, name: "Jumper wires (40)" },
  ];
  const totals = discountedOrderTotals(
    priced,
    5_000,
    "dar-es-salaam",
    { mainland: 18, zanzibar: 15 },
    { discount: options.coupon?.discount ?? 0, coinsValue: options.coins?.value ?? 0 },
  );
  const [{ n }] = rowsOf<{ n: string | number }>(await api.handle.db.execute(sql`select nextval('order_number_seq') as n`)) as [{ n: string | number }];
  const number = formatOrderNumber(Number(n), 2026);
  const [order] = await api.handle.db
    .insert(orders)
    .values({
      number,
      userId: user.id,
      idempotencyKey: `documents-${number}`,
      requestHash: number,
      email: options.email ?? user.email,
      fullName: "Asha Mushi",
      phone: "+255754123456",
      deliveryMethod: "courier",
      region: "dar-es-salaam",
      district: "Ilala",
      vatZone: totals.zone,
      subtotal: totals.subtotal,
      discount: totals.discount,
      couponCode: options.coupon?.code ?? null,
      coinsSpent: options.coins?.spent ?? 0,
      coinsValue: totals.coinsValue,
      deliveryFee: totals.deliveryFee,
      deliveryVat: totals.deliveryVat,
      vatTotal: totals.vatTotal,
      total: totals.total,
      paymentMethod: options.paymentMethod ?? "mobile_money",
      wallet: options.wallet ?? (options.paymentMethod === "bank_transfer" ? null : "M-Pesa"),
      paymentPhone: "+255754123456",
      buyerTin: options.buyerTin ?? null,
      locale: options.locale ?? "en",
      holdUntil: new Date(Date.now() + 72 * 3600_000),
    })
    .returning();
  await api.handle.db.insert(orderLines).values(
    priced.map((line, i) => ({
      orderId: order!.id,
      productId,
      variantId: "default",
      name: line.name,
      sku: `SKU-${i}`,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      ...totals.lines[i]!,
      vatRateBp: totals.rateBp,
    })),
  );
  return { order: order!, user };
}

const tx = <T>(work: (tx: Database) => Promise<T>) => api.handle.db.transaction((t) => work(t as unknown as Database));

/** Issues an order's receipt in a transaction of its own; a real (not test) order always gets one. */
async function issue(orderId: number, now?: Date): Promise<FiscalReceipt> {
  const receipt = await tx((t) => documents.issueReceipt(t, orderId, undefined, now));
  if (!receipt) throw new Error(`order ${orderId} got no receipt`);
  return receipt;
}

/** Marks an order paid, as the payment's transaction would. */
async function markPaid(orderId: number) {
  await api.handle.db.update(orders).set({ status: "paid", paidAt: new Date(), holdUntil: null }).where(eq(orders.id, orderId));
}

/** A payment attempt of an order with a provider, as the payments service stores it. */
async function addPayment(orderId: number, total: number, provider: string, status: "pending" | "paid" | "failed") {
  await api.handle.db.insert(payments).values({
    orderId,
    provider,
    reference: `DOC${provider.slice(0, 3).toUpperCase()}${process.pid}${seq++}${Date.now()}`.slice(0, 40),
    method: "mobile_money",
    wallet: "M-Pesa",
    phone: "+255754123456",
    amount: total,
    currency: "TZS",
    status,
  });
}

async function counter(key: string): Promise<number> {
  const [row] = await api.handle.db.select({ value: fiscalCounters.value }).from(fiscalCounters).where(eq(fiscalCounters.key, key));
  return row?.value ?? 0;
}

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, " ");
  } finally {
    await parser.destroy();
  }
}

const money = (amount: number) => formatMoney(amount).replace(/\s/g, " ");

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "storefront-documents-"));
  const current = await api.services.settings.get();
  saved = { fiscal: current.fiscal, bankTransfer: current.bankTransfer };
  await api.services.settings.save({ fiscal: FISCAL, bankTransfer: BANK });
  const [product] = await api.handle.db.select({ id: products.id }).from(products).limit(1);
  productId = product!.id;
  documents = createDocumentsService({ db: api.handle.db, settings: api.services.settings, mail: api.services.mail, siteUrl: api.services.siteUrl, dataDir });
  // the document routes over this file's service (the shop's app registers them over its own)
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  await app.register(cookie);
  installActors(app);
  await app.register(signedInScope({ services: { auth: api.services.auth, siteUrl: api.services.siteUrl, documents } }, [documentRoutes]), { prefix: "/api" });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await documents?.stop();
  if (saved) await api.services.settings.save(saved);
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe("fiscal receipts", () => {
  it("20 payments at once get global and daily counters without gaps or duplicates", async () => {
    const made = await Promise.all(Array.from({ length: 20 }, () => makeOrder()));
    const now = new Date();
    const day = `day:${shopTime(now).day}`;
    const [globalBefore, dayBefore] = [await counter("global"), await counter(day)];
    const receipts = await Promise.all(made.map(({ order }) => issue(order.id, now)));

    const globals = receipts.map((r) => r.globalCounter).sort((a, b) => a - b);
    const dailies = receipts.map((r) => r.dailyCounter).sort((a, b) => a - b);
    expect(globals).toEqual(Array.from({ length: 20 }, (_, i) => globalBefore + i + 1));
    expect(dailies).toEqual(Array.from({ length: 20 }, (_, i) => dayBefore + i + 1));
    expect(await counter("global")).toBe(globalBefore + 20);
    expect(await counter(day)).toBe(dayBefore + 20);
    expect(new Set(receipts.map((r) => r.receiptNumber)).size).toBe(20);
    for (const r of receipts) {
      expect(r.receiptNumber).toBe(`${FISCAL.vfdSerial}-${r.globalCounter}`);
      // no fiscal device has confirmed them: no TRA verification code the shop could print
      expect(r).toMatchObject({ verificationCode: null, qrPayload: null, fiscalConfirmedAt: null });
      expect(r.sellerTin).toBe(FISCAL.tin);
      expect(r.sellerVrn).toBe(FISCAL.vrn);
      expect(r.businessDay).toBe(shopTime(now).day);
    }
    // every receipt is queued for the fiscal device, in the same transaction
    const queued = await api.handle.db
      .select({ receiptId: fiscalOutbox.receiptId })
      .from(fiscalOutbox)
      .where(
        inArray(
          fiscalOutbox.receiptId,
          receipts.map((r) => r.id),
        ),
      );
    expect(queued).toHaveLength(20);
  });

  it("splits VAT per rate from the lines and the delivery, adding up to the order's total", async () => {
    const { order } = await makeOrder();
    const receipt = await issue(order.id);
    expect(receipt.totals.gross).toBe(order.total);
    expect(receipt.totals.vat).toBe(order.vatTotal);
    expect(receipt.totals.rates).toEqual([{ rateBp: 1800, net: order.total - order.vatTotal, vat: order.vatTotal }]);
  });

  it("a second issue for the same order, at once or later, answers the same receipt", async () => {
    const { order } = await makeOrder();
    const before = await counter("global");
    const [a, b] = await Promise.all([issue(order.id), issue(order.id)]);
    const c = await issue(order.id);
    expect(b.id).toBe(a.id);
    expect(c.receiptNumber).toBe(a.receiptNumber);
    expect(await counter("global")).toBe(before + 1);
    expect(await api.handle.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.orderId, order.id))).toHaveLength(1);
  });

  it("a payment whose transaction rolls back takes its counters with it", async () => {
    const { order } = await makeOrder();
    const before = await counter("global");
    await expect(
      tx(async (t) => {
        await documents.issueReceipt(t, order.id);
        throw new Error("payment failed after the receipt");
      }),
    ).rejects.toThrow("payment failed");
    expect(await counter("global")).toBe(before);
    expect(await api.handle.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.orderId, order.id))).toHaveLength(0);
    const next = await issue(order.id);
    expect(next.globalCounter).toBe(before + 1);
  });

  it("the outbox hands receipts to the device in issue order; a failure holds back the ones after it until its retry", async () => {
    // whatever earlier tests queued goes first, to the journal
    await documents.fiscal.drain();
    const made = await Promise.all(Array.from({ length: 3 }, () => makeOrder()));
    const receipts: { id: number; receiptNumber: string }[] = [];
    for (const { order } of made) receipts.push(await issue(order.id));

    const seen: FiscalReceiptRecord[] = [];
    let failNext = true;
    const flaky = createFiscalOutbox({
      db: api.handle.db,
      device: {
        fiscal: false,
        async submit(record) {
          if (failNext) {
            failNext = false;
            throw new Error("device offline");
          }
          seen.push(record);
          return null;
        },
      },
    });
    expect(await flaky.drain()).toEqual({ sent: 0, failed: 1, dead: 0 });
    const states = await api.handle.db
      .select({ receiptId: fiscalOutbox.receiptId, state: fiscalOutbox.state, lastError: fiscalOutbox.lastError })
      .from(fiscalOutbox)
      .where(
        inArray(
          fiscalOutbox.receiptId,
          receipts.map((r) => r.id),
        ),
      )
      .orderBy(fiscalOutbox.id);
    expect(states.map((s) => s.state)).toEqual(["failed", "pending", "pending"]);
    expect(states[0]!.lastError).toBe("device offline");
    // not due yet: nothing overtakes the failed receipt
    expect(await flaky.drain()).toEqual({ sent: 0, failed: 0, dead: 0 });

    await api.handle.db
      .update(fiscalOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(fiscalOutbox.receiptId, receipts[0]!.id));
    expect((await flaky.drain()).sent).toBe(3);
    expect(seen.map((r) => r.receiptNumber)).toEqual(receipts.map((r) => r.receiptNumber));
    expect(seen[0]!.items).toHaveLength(2);
    expect(seen[0]!.seller).toEqual({ tin: FISCAL.tin, vrn: FISCAL.vrn });
  });

  it("by default the receipts go, in order, to the local journal under DATA_DIR/fiscal", async () => {
    await documents.fiscal.drain();
    const made = await Promise.all(Array.from({ length: 3 }, () => makeOrder()));
    const receipts: FiscalReceipt[] = [];
    for (const { order } of made) receipts.push(await issue(order.id));
    expect((await documents.fiscal.drain()).sent).toBe(3);

    const file = path.join(dataDir, "fiscal", `journal-${receipts[0]!.businessDay.slice(0, 7)}.jsonl`);
    const journal = (await fs.readFile(file, "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as FiscalReceiptRecord);
    const ours = journal.filter((r) => receipts.some((x) => x.receiptNumber === r.receiptNumber));
    expect(ours.map((r) => r.receiptNumber)).toEqual(receipts.map((r) => r.receiptNumber));
    const counters = journal.map((r) => r.globalCounter);
    expect(counters).toEqual([...counters].sort((a, b) => a - b));
    expect(ours[0]).toMatchObject({ receiptNumber: receipts[0]!.receiptNumber, seller: { tin: FISCAL.tin }, totals: { gross: made[0]!.order.total } });
    // the journal is a record, not a fiscal device: the receipts stay unconfirmed
    expect(ours[0]).not.toHaveProperty("verificationCode");
    const stored = await api.handle.db
      .select({ confirmed: fiscalReceipts.fiscalConfirmedAt, code: fiscalReceipts.verificationCode })
      .from(fiscalReceipts)
      .where(
        inArray(
          fiscalReceipts.id,
          receipts.map((r) => r.id),
        ),
      );
    expect(stored).toEqual(receipts.map(() => ({ confirmed: null, code: null })));
    const sent = await api.handle.db
      .select({ state: fiscalOutbox.state })
      .from(fiscalOutbox)
      .where(
        inArray(
          fiscalOutbox.receiptId,
          receipts.map((r) => r.id),
        ),
      );
    expect(sent.map((s) => s.state)).toEqual(["sent", "sent", "sent"]);
  });
});

describe("PDFs", () => {
  it("a receipt is a plain receipt that says it is not a fiscal one, with the seller's TIN and VRN, until a fiscal device confirms it", async () => {
    const { order } = await makeOrder();
    const receipt = await issue(order.id);
    const { filename, pdf } = await documents.receiptPdf(order.number, undefined, "en");
    expect(filename).toBe(`receipt-${receipt.receiptNumber}.pdf`);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.length).toBeLessThan(40_000);
    const text = await pdfText(pdf);
    expect(text).toContain(receipt.receiptNumber);
    expect(text).toContain(`TIN: ${FISCAL.tin}`);
    expect(text).toContain(`VRN: ${FISCAL.vrn}`);
    expect(text).toContain(money(order.total));
    expect(text).toContain("Arduino Uno R3");
    expect(text).toContain("This is not a fiscal (EFD) receipt");
    expect(text).toContain("End of receipt");
    for (const claim of ["Tax receipt", "Fiscal receipt", "legal receipt", "Verification code", "verify.tra.go.tz", "VFD serial"])
      expect(text).not.toContain(claim);

    const sw = await pdfText((await documents.receiptPdf(order.number, undefined, "sw")).pdf);
    expect(sw).toContain("Risiti");
    expect(sw).toContain("Hii si risiti ya kodi (EFD)");
    for (const claim of ["Risiti ya kodi (EFD)", "Msimbo wa uhakiki", "verify.tra.go.tz"]) expect(sw).not.toContain(claim);
    const view = await api.services.orders.get(order.userId!, order.number);
    expect(view.receipt).toEqual({
      number: receipt.receiptNumber,
      issuedAt: receipt.issuedAt.toISOString(),
      fiscal: false,
      verificationCode: null,
      test: false,
    });
  });

  it("a receipt a fiscal device confirmed is a fiscal receipt, with TRA's verification code, its address and the QR code", async () => {
    await documents.fiscal.drain();
    const { order } = await makeOrder();
    const receipt = await issue(order.id);
    const code = `TRA${String(receipt.globalCounter).padStart(7, "0")}`;
    const device = createFiscalOutbox({
      db: api.handle.db,
      device: {
        fiscal: true,
        // it confirms this file's receipt only: other files' receipts may share the outbox
        submit: async (record) =>
          record.receiptNumber === receipt.receiptNumber ? { verificationCode: code, verificationUrl: traVerificationUrl(code, receipt.issuedAt) } : null,
      },
    });
    expect((await device.drain()).sent).toBeGreaterThanOrEqual(1);
    const [stored] = await api.handle.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.id, receipt.id));
    expect(stored).toMatchObject({ verificationCode: code, qrPayload: `https://verify.tra.go.tz/${code}_${shopTime(receipt.issuedAt).hhmmss}` });
    expect(stored!.fiscalConfirmedAt).toBeInstanceOf(Date);

    const text = await pdfText((await documents.receiptPdf(order.number, undefined, "en")).pdf);
    expect(text).toContain("Fiscal receipt");
    expect(text).toContain(`VFD serial: ${FISCAL.vfdSerial}`);
    expect(text).toContain(code);
    expect(text).toContain(stored!.qrPayload!);
    expect(text).toContain("End of fiscal receipt");
    expect(text).not.toContain("not a fiscal");
    const sw = await pdfText((await documents.receiptPdf(order.number, undefined, "sw")).pdf);
    expect(sw).toContain("Risiti ya kodi (EFD)");
    expect(sw).toContain("Msimbo wa uhakiki");
    const view = await api.services.orders.get(order.userId!, order.number);
    expect(view.receipt).toMatchObject({ fiscal: true, verificationCode: code, test: false });
  });

  it("lists the lines at their list price and the coupon and the coins as their own lines, with VAT that adds up to the total", async () => {
    const coupon = { code: "KARIBU10", discount: 6_050 };
    const coins = { spent: 120, value: 1_200 };
    const { order } = await makeOrder({ paymentMethod: "bank_transfer", coupon, coins });
    expect(order.total).toBe(60_500 - 6_050 - 1_200 + 5_000);
    await issue(order.id);
    const receipt = await pdfText((await documents.receiptPdf(order.number, undefined, "en")).pdf);
    const invoice = await pdfText((await documents.invoicePdf(order.number, undefined, "en")).pdf);
    for (const text of [receipt, invoice]) {
      expect(text).toContain(`Arduino Uno R3 2 ${money(25_000)} ${money(50_000)}`);
      expect(text).toContain(`Jumper wires (40) 3 ${money(3_500)} ${money(10_500)}`);
      expect(text).toContain(`Subtotal ${money(60_500)}`);
      expect(text).toContain(`Coupon KARIBU10 –${money(6_050)}`);
      expect(text).toContain(`Loyalty coins (120) –${money(1_200)}`);
      expect(text).toContain(`Delivery: courier ${money(5_000)}`);
      expect(text).toContain(`Total VAT ${money(order.vatTotal)}`);
      expect(text).toContain(`Total excluding VAT ${money(order.total - order.vatTotal)}`);
      expect(text).toContain(`Total (VAT included) ${money(order.total)}`);
    }
    // the VAT rows are the discounted lines' and the delivery's: they add up to the total charged
    const lines = await api.handle.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines.reduce((sum, l) => sum + l.vat, 0) + order.deliveryVat).toBe(order.vatTotal);
    expect(lines.reduce((sum, l) => sum + l.gross, 0) + order.deliveryFee).toBe(order.total);
    const sw = await pdfText((await documents.receiptPdf(order.number, undefined, "sw")).pdf);
    expect(sw).toContain(`Kuponi KARIBU10 –${money(6_050)}`);
    expect(sw).toContain(`Sarafu za uaminifu (120) –${money(1_200)}`);
  });

  it("a test order, paid in the sandbox, gets no fiscal receipt: its receipt says TEST, takes no counter and never reaches the device", async () => {
    const { order, user } = await makeOrder({ locale: "en" });
    await addPayment(order.id, order.total, "sandbox", "paid");
    await markPaid(order.id);
    const before = await counter("global");
    expect(await tx((t) => documents.issueReceipt(t, order.id))).toBeNull();
    expect(await counter("global")).toBe(before);
    expect(await api.handle.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.orderId, order.id))).toHaveLength(0);

    const { filename, pdf } = await documents.receiptPdf(order.number, undefined, "en");
    expect(filename).toBe(`receipt-TEST-${order.number}.pdf`);
    const text = await pdfText(pdf);
    expect(text).toContain("TEST — not a tax receipt");
    expect(text).toContain("no money moved");
    expect(text).toContain(`TEST-${order.number}`);
    expect(text).toContain(money(order.total));
    const sw = await pdfText((await documents.receiptPdf(order.number, undefined, "sw")).pdf);
    expect(sw).toContain("MAJARIBIO — si risiti ya kodi");
    expect((await api.services.orders.get(user.id, order.number)).receipt).toMatchObject({ number: `TEST-${order.number}`, test: true, fiscal: false });

    await tx((t) => documents.notifyOrder(t, "order-paid", order.id));
    const [paid] = await api.handle.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email));
    expect(paid!.body).toContain(`Your receipt number is TEST-${order.number}`);
    expect(paid!.body).toContain("payment sandbox, so no money moved");

    // paid for real after a sandbox attempt: a real order, with a receipt in the series
    const { order: real } = await makeOrder();
    await addPayment(real.id, real.total, "sandbox", "failed");
    await addPayment(real.id, real.total, "clickpesa", "paid");
    expect((await issue(real.id)).globalCounter).toBeGreaterThan(before);
  });

  it("a buyer who gave a TIN gets a pro-forma invoice before paying by mobile money and an invoice after, a tax invoice only with the seller's TIN and VRN", async () => {
    const owner = await makeUser();
    const { order } = await makeOrder({ userId: owner.id, email: owner.email, buyerTin: "123-456-789" });
    const proforma = await documents.invoicePdf(order.number, undefined, "en");
    expect(proforma.filename).toBe(`proforma-${order.number}.pdf`);
    const before = await pdfText(proforma.pdf);
    expect(before).toContain("Pro-forma invoice");
    expect(before).toContain("Customer TIN 123-456-789");
    expect(before).toContain(`Pay ${money(order.total)} with Mobile money (M-Pesa) from your order page`);
    expect(before).not.toContain(BANK.accountNumber);
    expect((await documents.invoicePdf(order.number, undefined, "sw")).filename).toBe(`ankara-ya-awali-${order.number}.pdf`);

    await markPaid(order.id);
    const receipt = await issue(order.id);
    const after = await documents.invoicePdf(order.number, undefined, "en");
    expect(after.filename).toBe(`invoice-${order.number}.pdf`);
    const text = await pdfText(after.pdf);
    expect(text).toContain("Tax invoice");
    expect(text).toContain(`TIN: ${FISCAL.tin}`);
    expect(text).toContain(`Receipt number ${receipt.receiptNumber}`);
    expect(text).toContain("Paid in full");
    expect(text).not.toContain("Pro-forma");
    // the same paths for the owner
    const get = (url: string) => app.inject({ method: "GET", url, headers: { cookie: owner.cookie } });
    expect((await get(`/api/orders/${order.number}/invoice.pdf`)).headers["content-disposition"]).toBe(`attachment; filename="invoice-${order.number}.pdf"`);

    // without the seller's TIN and VRN it says plainly that it is not a tax invoice, and the receipt prints neither
    await api.services.settings.save({ fiscal: { tin: "", vrn: "", vfdSerial: "" } });
    try {
      const plain = await pdfText((await documents.invoicePdf(order.number, undefined, "en")).pdf);
      expect(plain).toContain("Invoice");
      expect(plain).not.toContain("Tax invoice");
      expect(plain).toContain("This is not a tax invoice");
      const swPlain = await pdfText((await documents.invoicePdf(order.number, undefined, "sw")).pdf);
      expect(swPlain).toContain("Hii si ankara ya kodi");
      const { order: unregistered } = await makeOrder();
      await issue(unregistered.id);
      const bare = await pdfText((await documents.receiptPdf(unregistered.number, undefined, "en")).pdf);
      expect(bare).not.toContain("TIN:");
      expect(bare).not.toContain("VRN:");
      expect(bare).toContain("This is not a fiscal (EFD) receipt");
    } finally {
      await api.services.settings.save({ fiscal: FISCAL });
    }

    // mobile money without a TIN: no invoice
    const { order: plainMobile } = await makeOrder();
    await expect(documents.invoicePdf(plainMobile.number)).rejects.toMatchObject({ code: "not-found" });
  });

  it("an unpaid order has no receipt PDF", async () => {
    const { order } = await makeOrder();
    await expect(documents.receiptPdf(order.number)).rejects.toMatchObject({ code: "not-found" });
  });

  it("the pro-forma invoice of a bank transfer carries the bank account, the order number as reference and the total", async () => {
    const { order } = await makeOrder({ paymentMethod: "bank_transfer", locale: "sw" });
    const { filename, pdf } = await documents.invoicePdf(order.number);
    expect(filename).toBe(`ankara-ya-awali-${order.number}.pdf`);
    const text = await pdfText(pdf);
    expect(text).toContain(BANK.accountNumber);
    expect(text).toContain(BANK.bankName);
    expect(text).toContain(order.number);
    expect(text).toContain(money(order.total));
    expect(text).toContain("Lipa kwa uhamisho wa benki");
    expect(text).toContain(shopTime(order.holdUntil!).date);

    const { order: mobile } = await makeOrder();
    await expect(documents.invoicePdf(mobile.number)).rejects.toMatchObject({ code: "not-found" });
  });

  it("the routes give the PDFs to their owner and to an admin, 404 to another shopper, 401 signed out", async () => {
    const owner = await makeUser();
    const { order } = await makeOrder({ userId: owner.id, email: owner.email, paymentMethod: "bank_transfer" });
    await tx((t) => documents.issueReceipt(t, order.id));
    const get = (url: string, cookieHeader?: string) => app.inject({ method: "GET", url, headers: cookieHeader ? { cookie: cookieHeader } : {} });

    const mine = await get(`/api/orders/${order.number}/receipt.pdf`, owner.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["content-type"]).toBe("application/pdf");
    expect(mine.headers["content-disposition"]).toMatch(/^attachment; filename="receipt-10TZ100123-\d+\.pdf"$/);
    expect(mine.headers["cache-control"]).toBe("private, no-store");
    expect(mine.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const invoice = await get(`/api/orders/${order.number}/invoice.pdf?lang=en`, owner.cookie);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers["content-disposition"]).toBe(`attachment; filename="proforma-${order.number}.pdf"`);

    const stranger = await makeUser();
    for (const kind of ["receipt", "invoice"]) {
      const theirs = await get(`/api/orders/${order.number}/${kind}.pdf`, stranger.cookie);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toMatchObject({ code: "not-found" });
      // the same answer as for an order that does not exist
      const missing = await get(`/api/orders/KE-2026-999999999/${kind}.pdf`, stranger.cookie);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(theirs.json());
    }
    expect((await get(`/api/orders/${order.number}/receipt.pdf`)).statusCode).toBe(401);
    expect((await get(`/api/orders/not-a-number/receipt.pdf`, owner.cookie)).statusCode).toBe(404);

    // an admin who must still set up two-step sign-in is an ordinary shopper here
    const admin = await makeUser("admin");
    await api.services.settings.save({ security: { ...(await api.services.settings.get()).security, requireAdmin2fa: false } });
    try {
      expect((await get(`/api/orders/${order.number}/receipt.pdf`, admin.cookie)).statusCode).toBe(200);
    } finally {
      await api.services.settings.save({ security: { ...(await api.services.settings.get()).security, requireAdmin2fa: true } });
    }
    expect((await get(`/api/orders/${order.number}/receipt.pdf`, admin.cookie)).statusCode).toBe(404);
  });
});

describe("order e-mails", () => {
  const queued = (email: string) => api.handle.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email)).orderBy(mailOutbox.id);

  it("placed, in the order's language, with the bank instructions and the pro-forma link; queued once", async () => {
    const { order, user } = await makeOrder({ paymentMethod: "bank_transfer", locale: "sw" });
    const first = await tx((t) => documents.notifyOrder(t, "order-placed", order.id));
    const again = await tx((t) => documents.notifyOrder(t, "order-placed", order.id));
    expect(first?.queued).toBe(true);
    expect(again).toEqual({ queued: false, reason: "duplicate" });
    const [mail, ...rest] = await queued(user.email);
    expect(rest).toHaveLength(0);
    expect(mail!.kind).toBe("order-placed");
    expect(mail!.dedupeKey).toBe(`order:${order.number}:order-placed`);
    expect(mail!.subject).toBe(`Tumepokea oda ${order.number}: jinsi ya kulipa`);
    expect(mail!.body).toContain(BANK.accountNumber);
    expect(mail!.body).toContain(`Kumbukumbu: ${order.number}`);
    expect(mail!.body).toContain(`http://shop.test/api/orders/${order.number}/invoice.pdf`);
    expect(mail!.body).toContain(formatMoney(order.total));
    expect(mail!.body).toContain("2 × Arduino Uno R3");
  });

  it("placed with mobile money asks to confirm on the phone; paid names the receipt and links the order page", async () => {
    const { order, user } = await makeOrder({ locale: "en" });
    await tx((t) => documents.notifyOrder(t, "order-placed", order.id));
    const receipt = await tx(async (t) => {
      const r = await documents.issueReceipt(t, order.id);
      await documents.notifyOrder(t, "order-paid", order.id);
      return r;
    });
    const [placed, paid] = await queued(user.email);
    expect(placed!.body).toContain("confirm the payment request on +255 754 123 456 (M-Pesa)");
    expect(paid!.subject).toBe(`Payment received for order ${order.number}`);
    expect(paid!.body).toContain(`Your receipt number is ${receipt!.receiptNumber}.`);
    // no fiscal device confirmed it: the mail claims neither a tax receipt nor a verification code
    expect(paid!.body).not.toContain("tax receipt");
    expect(paid!.body).not.toContain("verification code");
    expect(paid!.body).toContain(`http://shop.test/account/orders/${order.number}`);
    expect(paid!.dedupeKey).toBe(`order:${order.number}:order-paid`);
  });

  it("lists the lines at their list price with the coupon and the coins on lines of their own, in both languages", async () => {
    const coupon = { code: "KARIBU10", discount: 6_050 };
    const coins = { spent: 120, value: 1_200 };
    for (const locale of ["en", "sw"] as const) {
      const { order, user } = await makeOrder({ locale, coupon, coins });
      await tx((t) => documents.notifyOrder(t, "order-placed", order.id));
      const [mail] = await queued(user.email);
      const words =
        locale === "en"
          ? { subtotal: "Subtotal", coupon: "Coupon", coins: "Coins", total: "Total" }
          : { subtotal: "Jumla ndogo", coupon: "Kuponi", coins: "Sarafu", total: "Jumla" };
      expect(mail!.body).toContain(`2 × Arduino Uno R3: ${formatMoney(50_000)}\n3 × Jumper wires (40): ${formatMoney(10_500)}`);
      expect(mail!.body).toContain(`${words.subtotal}: ${formatMoney(60_500)}`);
      expect(mail!.body).toContain(`${words.coupon} KARIBU10: −${formatMoney(6_050)}`);
      expect(mail!.body).toContain(`${words.coins} (120): −${formatMoney(1_200)}`);
      expect(mail!.body).toContain(`${words.total}: ${formatMoney(order.total)}`);
    }
  });

  it("while payments go to the sandbox, a placed order's mail says that no request reaches the phone and no money moves", async () => {
    const sandboxed = createDocumentsService({
      db: api.handle.db,
      settings: api.services.settings,
      mail: api.services.mail,
      siteUrl: api.services.siteUrl,
      dataDir,
      testPayments: () => true,
    });
    for (const locale of ["en", "sw"] as const) {
      const { order, user } = await makeOrder({ locale, buyerTin: "123-456-789" });
      await tx((t) => sandboxed.notifyOrder(t, "order-placed", order.id));
      const [mail] = await queued(user.email);
      expect(mail!.body).toContain(
        locale === "en" ? "no payment request reaches your phone and no money moves" : "hakuna ombi la malipo litakalofika kwenye simu yako",
      );
      expect(mail!.body).not.toContain(locale === "en" ? "with your PIN" : "kwa kuweka PIN");
      // a buyer who gave a TIN gets the pro-forma's link
      expect(mail!.body).toContain(`http://shop.test/api/orders/${order.number}/invoice.pdf`);
    }
  });

  it("a mail is queued only if the caller's transaction commits", async () => {
    const { order, user } = await makeOrder();
    await expect(
      tx(async (t) => {
        await documents.notifyOrder(t, "order-placed", order.id);
        throw new Error("placement failed");
      }),
    ).rejects.toThrow("placement failed");
    expect(await queued(user.email)).toHaveLength(0);
  });

  it("shipped carries the carrier and tracking number; cancelled says why and that the stock is released", async () => {
    const { order, user } = await makeOrder({ locale: "sw" });
    await api.handle.db.update(orders).set({ carrier: "Kilima Couriers", trackingNumber: "KC-778899", status: "shipped" }).where(eq(orders.id, order.id));
    await tx((t) => documents.notifyOrder(t, "order-shipped", order.id));
    const [shipped] = await queued(user.email);
    expect(shipped!.subject).toBe(`Oda ${order.number} iko njiani`);
    expect(shipped!.body).toContain("Kilima Couriers");
    expect(shipped!.body).toContain("KC-778899");

    const { order: unpaid, user: late } = await makeOrder({ locale: "en" });
    await api.handle.db.insert(orderEvents).values({ orderId: unpaid.id, status: "cancelled", actor: "system" });
    await tx((t) => documents.notifyOrder(t, "order-cancelled", unpaid.id));
    const [cancelled] = await queued(late.email);
    expect(cancelled!.body).toContain("was cancelled because it was not paid in time");
    expect(cancelled!.body).toContain("The items have been released");
    expect(cancelled!.body).not.toContain("refund");

    const { order: byShop, user: shopper } = await makeOrder({ locale: "en" });
    await api.handle.db.update(orders).set({ paidAt: new Date() }).where(eq(orders.id, byShop.id));
    await api.handle.db.insert(orderEvents).values({ orderId: byShop.id, status: "cancelled", actor: "admin", note: "Out of stock at the supplier" });
    await tx((t) => documents.notifyOrder(t, "order-cancelled", byShop.id));
    const [refund] = await queued(shopper.email);
    expect(refund!.body).toContain(`We have cancelled your order ${byShop.number}`);
    expect(refund!.body).toContain("Reason: Out of stock at the supplier");
    expect(refund!.body).toContain(`You had paid ${formatMoney(byShop.total)}`);
    expect(
      await api.handle.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, shopper.email), eq(mailOutbox.kind, "order-cancelled"))),
    ).toHaveLength(1);
  });
});
