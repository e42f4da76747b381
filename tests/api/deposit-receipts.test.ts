import { eq, sql } from "drizzle-orm";
import { PDFParse } from "pdf-parse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { depositSplit } from "../../src/lib/back-orders";
import { formatOrderNumber } from "../../src/lib/checkout";
import { discountedOrderTotals } from "../../src/lib/coupons";
import { formatMoney } from "../../src/lib/money";
import type { SiteSettings } from "../../src/lib/site-settings";
import { openSession } from "../../src/server/auth/sessions";
import { rowsOf, type Database } from "../../src/server/db";
import { fiscalCounters, mailOutbox, orderLines, orders, payments, products, users } from "../../src/server/db/schema";
import { createFiscalOutbox, receiptRecord, traVerificationUrl, type FiscalReceipt } from "../../src/server/documents/fiscal";
import { namedReceipt } from "../../src/server/documents/order-data";
import { shopTime } from "../../src/server/documents/shop-time";
import { setupApi } from "./harness";

const api = setupApi();

const FISCAL = { tin: "123-456-789", vrn: "40-012345-K", vfdSerial: "10TZ100456" };

let saved: Pick<SiteSettings, "fiscal">;
let productId: number;
let seq = 0;

async function makeUser() {
  const [user] = await api.handle.db
    .insert(users)
    .values({
      email: `deposit-receipts-${process.pid}-${Date.now()}-${seq++}@example.co.tz`,
      fullName: "Neema Kweka",
      passwordHash: "scrypt$unused",
      role: "user",
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id, email: users.email });
  const { token } = await openSession(api.handle.db, user!.id, false, 30, {});
  return { ...user!, cookie: `sid=${token}` };
}

/**
 * An order paid by deposit, written straight to its tables (placing and paying it is the orders
 * and payments services' subject): two Arduinos still awaiting stock and three jumper-wire packs in
 * stock, courier delivery, the deposit split as checkout splits it at 30 %, its deposit paid.
 */
async function makeDepositOrder(userId: number) {
  const priced = [
    { unitPrice: 25_000, quantity: 2, name: "Arduino Uno R3", waiting: 2 },
    { unitPrice: 3_500, quantity: 3, name: "Jumper wires (40)", waiting: 0 },
  ];
  const totals = discountedOrderTotals(priced, 5_000, "dar-es-salaam", { mainland: 18, zanzibar: 15 }, { discount: 0, coinsValue: 0 });
  const split = depositSplit({
    total: totals.total,
    lines: priced.map((line, i) => ({ gross: totals.lines[i]!.gross, quantity: line.quantity, waiting: line.waiting })),
    deliveryFee: totals.deliveryFee,
    percent: 30,
  })!;
  const [{ n }] = rowsOf<{ n: string | number }>(await api.handle.db.execute(sql`select nextval('order_number_seq') as n`)) as [{ n: string | number }];
  const number = formatOrderNumber(Number(n), 2026);
  const [order] = await api.handle.db
    .insert(orders)
    .values({
      number,
      userId,
      idempotencyKey: `deposit-receipts-${number}`,
      requestHash: number,
      email: "neema@example.co.tz",
      fullName: "Neema Kweka",
      phone: "+255754123456",
      deliveryMethod: "courier",
      region: "dar-es-salaam",
      district: "Ilala",
      vatZone: totals.zone,
      subtotal: totals.subtotal,
      discount: totals.discount,
      coinsValue: totals.coinsValue,
      deliveryFee: totals.deliveryFee,
      deliveryVat: totals.deliveryVat,
      vatTotal: totals.vatTotal,
      total: totals.total,
      paymentMethod: "mobile_money",
      wallet: "M-Pesa",
      paymentPhone: "+255754123456",
      locale: "en",
      status: "paid",
      paidAt: new Date(),
      depositAmount: split.deposit,
      depositGoodsValue: split.waitingGoodsValue,
      balanceDue: split.balance,
      waitingUnits: 2,
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
      backorderedQuantity: line.waiting,
      depositUnits: line.waiting,
    })),
  );
  return { order: order!, split };
}

const tx = <T>(work: (tx: Database) => Promise<T>) => api.handle.db.transaction((t) => work(t as unknown as Database));

async function issuePart(orderId: number, kind: "deposit" | "balance", amount: number): Promise<FiscalReceipt> {
  const receipt = await tx((t) => api.services.documents.issueReceipt(t, orderId, { kind, amount }));
  if (!receipt) throw new Error(`order ${orderId} got no ${kind} receipt`);
  return receipt;
}

/** The balance came in, as the payment's transaction records it. */
async function markBalancePaid(orderId: number, balance: number) {
  await api.handle.db.update(orders).set({ balanceDue: 0, balancePaid: balance, balancePaidAt: new Date() }).where(eq(orders.id, orderId));
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
const get = (url: string, cookie?: string) => api.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  saved = { fiscal: (await api.services.settings.get()).fiscal };
  await api.services.settings.save({ fiscal: FISCAL });
  const [product] = await api.handle.db.select({ id: products.id }).from(products).limit(1);
  productId = product!.id;
});

afterAll(async () => {
  if (saved) await api.services.settings.save(saved);
});

describe("an order paid by deposit", () => {
  it("gets a deposit receipt and a balance receipt, each in the series, adding up to the order's total", async () => {
    const owner = await makeUser();
    const { order, split } = await makeDepositOrder(owner.id);
    expect(split.deposit + split.balance).toBe(order.total);
    const day = `day:${shopTime(new Date()).day}`;
    const [globalBefore, dayBefore] = [await counter("global"), await counter(day)];

    const deposit = await issuePart(order.id, "deposit", split.deposit);
    expect(deposit).toMatchObject({ kind: "deposit", globalCounter: globalBefore + 1, dailyCounter: dayBefore + 1 });
    expect(deposit.receiptNumber).toBe(`${FISCAL.vfdSerial}-${deposit.globalCounter}`);
    expect(deposit.totals.gross).toBe(split.deposit);
    // the same kind again is the same receipt, and takes no number
    expect((await issuePart(order.id, "deposit", split.deposit)).id).toBe(deposit.id);
    expect(await counter("global")).toBe(globalBefore + 1);

    await markBalancePaid(order.id, split.balance);
    const balance = await issuePart(order.id, "balance", split.balance);
    expect(balance).toMatchObject({ kind: "balance", globalCounter: globalBefore + 2, dailyCounter: dayBefore + 2 });
    expect(await counter("global")).toBe(globalBefore + 2);
    expect(await counter(day)).toBe(dayBefore + 2);

    // each receipt's VAT per rate adds up to its own money, and the two to the order's total
    for (const receipt of [deposit, balance]) {
      const { net, vat, gross, rates } = receipt.totals;
      expect(net + vat).toBe(gross);
      expect(rates.reduce((sum, r) => sum + r.net + r.vat, 0)).toBe(gross);
      expect(rates.map((r) => r.rateBp)).toEqual([1800]);
    }
    expect(deposit.totals.gross + balance.totals.gross).toBe(order.total);
    // VAT is taken from each payment on its own, so together it is the order's to within rounding
    expect(Math.abs(deposit.totals.vat + balance.totals.vat - order.vatTotal)).toBeLessThanOrEqual(1);

    // a credit note or a refused reversal names the latest: the balance's
    expect((await namedReceipt(api.handle.db, order.id))?.id).toBe(balance.id);
  });

  it("each receipt's PDF says which payment it is, lists the order's contents and its own money, in both languages", async () => {
    const owner = await makeUser();
    const { order, split } = await makeDepositOrder(owner.id);
    const deposit = await issuePart(order.id, "deposit", split.deposit);

    // without a kind: the deposit's (the order has no sale receipt)
    const byDefault = await api.services.documents.receiptPdf(order.number, undefined, "en");
    expect(byDefault.filename).toBe(`receipt-${deposit.receiptNumber}.pdf`);
    const text = await pdfText(byDefault.pdf);
    expect(text).toContain("Deposit receipt");
    expect(text).toContain("This is not a fiscal (EFD) receipt");
    expect(text).toContain(deposit.receiptNumber);
    expect(text).toContain(`Receipt count (GC) ${deposit.globalCounter}`);
    expect(text).toContain("Order contents");
    expect(text).toContain(`Arduino Uno R3 2 ${money(25_000)} ${money(50_000)}`);
    expect(text).toContain(`Jumper wires (40) 3 ${money(3_500)} ${money(10_500)}`);
    expect(text).toContain(`Delivery: courier ${money(5_000)}`);
    expect(text).toContain("This payment");
    expect(text).toContain(`Total excluding VAT ${money(deposit.totals.net)}`);
    expect(text).toContain(`Total VAT ${money(deposit.totals.vat)}`);
    expect(text).toContain(`Amount received (VAT included) ${money(split.deposit)}`);
    expect(text).toContain(`Order total ${money(order.total)}`);
    expect(text).toContain(`Balance still due ${money(split.balance)}`);
    expect(text).not.toContain("Paid before");
    // the order's whole total is not what this receipt received
    expect(text).not.toContain("Total (VAT included)");
    for (const claim of ["Fiscal receipt", "Verification code", "VFD serial"]) expect(text).not.toContain(claim);
    expect(await pdfText((await api.services.documents.receiptPdf(order.number, undefined, "en", "deposit")).pdf)).toBe(text);

    const sw = await pdfText((await api.services.documents.receiptPdf(order.number, undefined, "sw")).pdf);
    expect(sw).toContain("Risiti ya malipo ya awali");
    expect(sw).toContain("Yaliyomo kwenye oda");
    expect(sw).toContain(`Kiasi kilichopokelewa (pamoja na VAT) ${money(split.deposit)}`);
    expect(sw).toContain(`Jumla ya oda ${money(order.total)}`);
    expect(sw).toContain(`Salio ambalo bado halijalipwa ${money(split.balance)}`);
    expect(sw).toContain("Hii si risiti ya kodi (EFD)");

    // a business buyer's invoice says it is paid in part, with the balance still owed, never "paid in full"
    await api.handle.db.update(orders).set({ buyerTin: "123-456-789" }).where(eq(orders.id, order.id));
    const invoiceBefore = await pdfText((await api.services.documents.invoicePdf(order.number, undefined, "en")).pdf);
    expect(invoiceBefore).toContain("(a deposit)");
    expect(invoiceBefore).toContain(money(split.balance));
    expect(invoiceBefore).not.toContain("Paid in full");

    // no balance receipt before the balance is paid
    await expect(api.services.documents.receiptPdf(order.number, undefined, "en", "balance")).rejects.toMatchObject({ code: "not-found" });

    await markBalancePaid(order.id, split.balance);
    const balance = await issuePart(order.id, "balance", split.balance);
    const balanceDoc = await api.services.documents.receiptPdf(order.number, undefined, "en", "balance");
    expect(balanceDoc.filename).toBe(`receipt-${balance.receiptNumber}.pdf`);
    const balanceText = await pdfText(balanceDoc.pdf);
    expect(balanceText).toContain("Balance receipt");
    expect(balanceText).toContain(balance.receiptNumber);
    expect(balanceText).toContain(`Arduino Uno R3 2 ${money(25_000)} ${money(50_000)}`);
    expect(balanceText).toContain(`Amount received (VAT included) ${money(split.balance)}`);
    expect(balanceText).toContain(`Order total ${money(order.total)}`);
    expect(balanceText).toContain(`Paid before ${money(split.deposit)}`);
    expect(balanceText).not.toContain("Balance still due");
    const balanceSw = await pdfText((await api.services.documents.receiptPdf(order.number, undefined, "sw", "balance")).pdf);
    expect(balanceSw).toContain("Risiti ya malipo ya salio");
    expect(balanceSw).toContain(`Kilicholipwa kabla ya malipo haya ${money(split.deposit)}`);
    const invoiceAfter = await pdfText((await api.services.documents.invoicePdf(order.number, undefined, "en")).pdf);
    expect(invoiceAfter).toContain("Paid in full");
    expect(invoiceAfter).toContain(`${deposit.receiptNumber}, ${balance.receiptNumber}`);
    // the deposit's receipt now shows nothing left to pay
    expect(await pdfText((await api.services.documents.receiptPdf(order.number, undefined, "en")).pdf)).toContain(`Balance still due ${money(0)}`);
  });

  it("the order lists each receipt with its PDF address, and the owner and the guest link serve each one", async () => {
    const owner = await makeUser();
    const { order, split } = await makeDepositOrder(owner.id);
    expect((await api.services.orders.get(owner.id, order.number)).receipts).toEqual([]);
    const deposit = await issuePart(order.id, "deposit", split.deposit);
    await markBalancePaid(order.id, split.balance);
    const balance = await issuePart(order.id, "balance", split.balance);

    const view = await api.services.orders.get(owner.id, order.number);
    const base = `/api/orders/${order.number}/receipt.pdf`;
    expect(view.receipts).toEqual([
      {
        kind: "deposit",
        number: deposit.receiptNumber,
        issuedAt: deposit.issuedAt.toISOString(),
        amount: split.deposit,
        fiscal: false,
        verificationCode: null,
        test: false,
        pdfPath: `${base}?kind=deposit`,
      },
      {
        kind: "balance",
        number: balance.receiptNumber,
        issuedAt: balance.issuedAt.toISOString(),
        amount: split.balance,
        fiscal: false,
        verificationCode: null,
        test: false,
        pdfPath: `${base}?kind=balance`,
      },
    ]);
    // the field pages and mails had before: the receipt a document means by default
    expect(view.receipt).toMatchObject({ number: deposit.receiptNumber, fiscal: false, test: false });

    for (const [receipt, path] of [
      [deposit, base],
      [deposit, `${base}?kind=deposit`],
      [balance, `${base}?kind=balance`],
    ] as const) {
      const answer = await get(path, owner.cookie);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-disposition"]).toBe(`attachment; filename="receipt-${receipt.receiptNumber}.pdf"`);
    }
    expect((await get(`${base}?kind=sale`, owner.cookie)).statusCode).toBe(400);
    const stranger = await makeUser();
    expect((await get(`${base}?kind=balance`, stranger.cookie)).statusCode).toBe(404);

    const token = (await api.services.links.orderPath(order.id)).slice(3);
    const guest = await get(`/api/guest-orders/${token}/receipt.pdf?kind=balance&lang=sw`);
    expect(guest.statusCode).toBe(200);
    expect(guest.headers["content-disposition"]).toBe(`attachment; filename="risiti-${balance.receiptNumber}.pdf"`);
    expect(await pdfText(guest.rawPayload)).toContain("Risiti ya malipo ya salio");
    expect((await get(`/api/guest-orders/${token}`)).json().order.receipts).toHaveLength(2);
  });

  it("the fiscal device is given the money of each payment, one item per VAT rate, with no delivery", async () => {
    const owner = await makeUser();
    const { order, split } = await makeDepositOrder(owner.id);
    const deposit = await issuePart(order.id, "deposit", split.deposit);
    await markBalancePaid(order.id, split.balance);
    const balance = await issuePart(order.id, "balance", split.balance);

    for (const [receipt, label] of [
      [deposit, "Deposit"],
      [balance, "Balance"],
    ] as const) {
      const record = await receiptRecord(api.handle.db, receipt.id);
      expect(record).toMatchObject({
        receiptNumber: receipt.receiptNumber,
        globalCounter: receipt.globalCounter,
        orderNumber: order.number,
        buyer: { name: "Neema Kweka", phone: "+255754123456" },
        delivery: { gross: 0, vat: 0 },
        totals: receipt.totals,
      });
      expect(record!.items).toEqual(
        receipt.totals.rates.map((r) => ({
          description: `${label}, order ${order.number}`,
          sku: label.toUpperCase(),
          quantity: 1,
          unitPrice: r.net + r.vat,
          net: r.net,
          vat: r.vat,
          gross: r.net + r.vat,
          vatRateBp: r.rateBp,
        })),
      );
      expect(record!.items.reduce((sum, item) => sum + item.gross, 0)).toBe(receipt.totals.gross);
    }

    // a fiscal device's confirmation makes the deposit's a fiscal receipt, with TRA's code
    const code = `TRA${String(deposit.globalCounter).padStart(7, "0")}`;
    const seen: string[] = [];
    const device = createFiscalOutbox({
      db: api.handle.db,
      device: {
        fiscal: true,
        submit: async (record) => {
          seen.push(record.receiptNumber);
          return record.receiptNumber === deposit.receiptNumber
            ? { verificationCode: code, verificationUrl: traVerificationUrl(code, deposit.issuedAt) }
            : null;
        },
      },
    });
    await device.drain();
    expect(seen).toEqual(expect.arrayContaining([deposit.receiptNumber, balance.receiptNumber]));
    expect(seen.indexOf(deposit.receiptNumber)).toBeLessThan(seen.indexOf(balance.receiptNumber));
    const fiscal = await pdfText((await api.services.documents.receiptPdf(order.number, undefined, "en", "deposit")).pdf);
    expect(fiscal).toContain("Fiscal receipt: deposit");
    expect(fiscal).toContain(code);
    expect(fiscal).not.toContain("not a fiscal");
    expect(await pdfText((await api.services.documents.receiptPdf(order.number, undefined, "sw", "deposit")).pdf)).toContain(
      "Risiti ya kodi (EFD): malipo ya awali",
    );
    // the balance's was not confirmed: it stays a plain receipt
    const plain = await pdfText((await api.services.documents.receiptPdf(order.number, undefined, "en", "balance")).pdf);
    expect(plain).toContain("Balance receipt");
    expect(plain).toContain("This is not a fiscal (EFD) receipt");
    const view = await api.services.orders.get(owner.id, order.number);
    expect(view.receipts.map((r) => [r.kind, r.fiscal, r.verificationCode])).toEqual([
      ["deposit", true, code],
      ["balance", false, null],
    ]);
  });

  it("a test order paid by deposit in the sandbox gets TEST receipts, no numbers from the series and nothing for the device", async () => {
    const owner = await makeUser();
    const { order, split } = await makeDepositOrder(owner.id);
    await api.handle.db.insert(payments).values({
      orderId: order.id,
      provider: "sandbox",
      reference: `DEPTEST${process.pid}${seq++}${Date.now()}`.slice(0, 40),
      method: "mobile_money",
      wallet: "M-Pesa",
      phone: "+255754123456",
      amount: split.deposit,
      currency: "TZS",
      status: "paid",
    });
    const before = await counter("global");
    expect(await tx((t) => api.services.documents.issueReceipt(t, order.id, { kind: "deposit", amount: split.deposit }))).toBeNull();
    expect(await counter("global")).toBe(before);

    const deposit = await api.services.documents.receiptPdf(order.number, undefined, "en");
    expect(deposit.filename).toBe(`receipt-TEST-${order.number}-DEPOSIT.pdf`);
    const text = await pdfText(deposit.pdf);
    expect(text).toContain("TEST deposit receipt — not a tax receipt");
    expect(text).toContain("no money moved");
    expect(text).toContain(`Amount received (VAT included) ${money(split.deposit)}`);
    expect(text).toContain(`Balance still due ${money(split.balance)}`);
    await expect(api.services.documents.receiptPdf(order.number, undefined, "en", "balance")).rejects.toMatchObject({ code: "not-found" });
    // the payment's mail names the TEST receipt the order page offers
    await tx((t) => api.services.documents.notifyOrder(t, "order-paid", order.id));
    const [paid] = await api.handle.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `order:${order.number}:order-paid`));
    expect(paid!.body).toContain(`Your receipt number is TEST-${order.number}-DEPOSIT.`);

    await markBalancePaid(order.id, split.balance);
    const balance = await pdfText((await api.services.documents.receiptPdf(order.number, undefined, "sw", "balance")).pdf);
    expect(balance).toContain("MAJARIBIO — risiti ya malipo ya salio, si risiti ya kodi");
    expect(balance).toContain(`TEST-${order.number}-BALANCE`);
    expect(balance).toContain(`Kilicholipwa kabla ya malipo haya ${money(split.deposit)}`);
    const view = await api.services.orders.get(owner.id, order.number);
    expect(view.receipts.map((r) => [r.kind, r.number, r.amount, r.test])).toEqual([
      ["deposit", `TEST-${order.number}-DEPOSIT`, split.deposit, true],
      ["balance", `TEST-${order.number}-BALANCE`, split.balance, true],
    ]);
    expect(view.receipt).toMatchObject({ number: `TEST-${order.number}-DEPOSIT`, test: true });
  });
});
