import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { amountPaidOf, firstPaymentOf } from "@/lib/back-orders";
import type { Locale } from "@/lib/locale";
import { formatMoney } from "@/lib/money";
import { isTaxInvoice, type InvoiceKind } from "@/lib/order-documents";
import { formatTanzanianPhone } from "@/lib/phone";
import { textIn, type SiteSettings } from "@/lib/site-settings";
import { translator } from "../i18n";
import { vatBreakdown, type VatBreakdown } from "./fiscal";
import type { OrderDocumentData, OrderLineRow, OrderRow } from "./order-data";
import type { ShownReceipt } from "./receipts";
import { shopTime } from "./shop-time";

/**
 * The customer's documents as PDF (pdfkit): the receipt of a paid order (a fiscal receipt with
 * TRA's code and QR only once a fiscal device confirmed it), the pro-forma invoice an order is paid
 * against and the invoice of a paid one. A4, the PDF standard fonts only
 * (Helvetica: nothing embedded, so a document is a few kilobytes; Kiswahili needs no letters
 * beyond Latin), the QR code drawn as vector squares. Texts come from the `documents` catalogue.
 */

type Shop = Pick<SiteSettings, "companyName" | "address" | "contactPhone" | "contactEmail" | "fiscal" | "bankTransfer">;
type Words = ReturnType<typeof translator<"documents">>;

const PAGE = { margin: 42, width: 595.28, height: 841.89 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
const FONT = "Helvetica";
const BOLD = "Helvetica-Bold";
const GREY = "#555555";
const RULE = "#bbbbbb";

interface Column {
  width: number;
  align: "left" | "right";
}

/** A document under construction with the few layout moves both documents use; y is tracked by hand. */
class Sheet {
  readonly doc: PDFKit.PDFDocument;
  y = PAGE.margin;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(title: string, author: string) {
    this.doc = new PDFDocument({ size: "A4", margin: PAGE.margin, compress: true, info: { Title: title, Author: author, Creator: author } });
    this.doc.on("data", (chunk: Buffer) => this.chunks.push(chunk));
    this.done = new Promise((resolve, reject) => {
      this.doc.on("end", () => resolve(Buffer.concat(this.chunks)));
      this.doc.on("error", reject);
    });
  }

  /** Starts a new page when `height` more points would not fit. */
  room(height: number): void {
    if (this.y + height <= PAGE.height - PAGE.margin) return;
    this.doc.addPage();
    this.y = PAGE.margin;
  }

  text(
    value: string,
    options: { size?: number; bold?: boolean; color?: string; x?: number; width?: number; align?: "left" | "right" | "center"; gap?: number } = {},
  ): void {
    const size = options.size ?? 9.5;
    const width = options.width ?? CONTENT;
    this.doc.font(options.bold ? BOLD : FONT).fontSize(size);
    const height = this.doc.heightOfString(value, { width });
    this.room(height);
    this.doc.fillColor(options.color ?? "black").text(value, options.x ?? PAGE.margin, this.y, { width, align: options.align ?? "left" });
    this.y += height + (options.gap ?? 2);
  }

  /** One row of a table: each cell wraps within its column, the row is as tall as its tallest cell. */
  row(cells: string[], columns: Column[], options: { bold?: boolean; size?: number } = {}): void {
    const size = options.size ?? 9.5;
    this.doc.font(options.bold ? BOLD : FONT).fontSize(size);
    const height = Math.max(...cells.map((cell, i) => this.doc.heightOfString(cell, { width: columns[i]!.width - 6 })));
    this.room(height + 4);
    let x = PAGE.margin;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      this.doc.fillColor("black").text(cell, x + 3, this.y + 2, { width: column.width - 6, align: column.align });
      x += column.width;
    });
    this.y += height + 4;
  }

  rule(gap = 4): void {
    this.room(gap * 2);
    this.doc
      .moveTo(PAGE.margin, this.y + gap / 2)
      .lineTo(PAGE.margin + CONTENT, this.y + gap / 2)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
    this.y += gap;
  }

  /** Label and value pairs in two columns. */
  pairs(items: [string, string][], labelWidth = 150): void {
    for (const [label, value] of items) {
      this.doc.font(FONT).fontSize(9.5);
      const height = Math.max(this.doc.heightOfString(label, { width: labelWidth }), this.doc.heightOfString(value, { width: CONTENT - labelWidth }));
      this.room(height + 2);
      this.doc.fillColor(GREY).text(label, PAGE.margin, this.y, { width: labelWidth });
      this.doc
        .font(BOLD)
        .fillColor("black")
        .text(value, PAGE.margin + labelWidth, this.y, { width: CONTENT - labelWidth });
      this.y += height + 2;
    }
  }

  /** A QR code of `payload`, `size` points wide, its top-left corner at (x, y); drawn as filled squares, one path. */
  qr(payload: string, x: number, y: number, size: number): void {
    const code = QRCode.create(payload, { errorCorrectionLevel: "M" });
    const modules = code.modules;
    const quiet = 2;
    const cell = size / (modules.size + 2 * quiet);
    for (let row = 0; row < modules.size; row++) {
      // runs of dark modules in a row become one rectangle each: fewer drawing operations, a smaller file
      let start = -1;
      for (let col = 0; col <= modules.size; col++) {
        const dark = col < modules.size && modules.get(row, col);
        if (dark && start < 0) start = col;
        if (!dark && start >= 0) {
          this.doc.rect(x + (quiet + start) * cell, y + (quiet + row) * cell, (col - start) * cell, cell);
          start = -1;
        }
      }
    }
    this.doc.fillColor("black").fill();
  }

  finish(): Promise<Buffer> {
    this.doc.end();
    return this.done;
  }
}

/** The shop's name, address and registration at the top of both documents. */
function shopHeader(sheet: Sheet, shop: Shop, t: Words, options: { vfd: boolean; locale: Locale }): void {
  sheet.text(shop.companyName, { size: 16, bold: true, gap: 3 });
  const address = textIn(shop.address, options.locale);
  if (address) sheet.text(address, { color: GREY });
  const contact = [
    shop.contactPhone && t("shop.phone", { phone: shop.contactPhone }),
    shop.contactEmail && t("shop.email", { email: shop.contactEmail }),
  ].filter(Boolean);
  if (contact.length) sheet.text(contact.join("   "), { color: GREY });
  const registration = [
    shop.fiscal.tin && t("shop.tin", { tin: shop.fiscal.tin }),
    shop.fiscal.vrn && t("shop.vrn", { vrn: shop.fiscal.vrn }),
    options.vfd && shop.fiscal.vfdSerial && t("shop.vfd", { serial: shop.fiscal.vfdSerial }),
  ].filter(Boolean);
  if (registration.length) sheet.text(registration.join("   "), { bold: true });
  sheet.y += 6;
}

const ITEM_COLUMNS: Column[] = [
  { width: CONTENT - 60 - 95 - 95, align: "left" },
  { width: 60, align: "right" },
  { width: 95, align: "right" },
  { width: 95, align: "right" },
];

function variantText(attributes: Record<string, string>): string {
  const values = Object.values(attributes).filter(Boolean);
  return values.length ? ` (${values.join(", ")})` : "";
}

/**
 * The lines at their list price (unit price × quantity), then the coupon and the coins as lines of
 * their own, the delivery, the VAT per rate and the total. The VAT is the lines' own (split from
 * what each line came to after the coupon and coins) and the delivery's, so the rates add up to
 * the total the server charged, to the shilling.
 */
function moneyTables(sheet: Sheet, order: OrderRow, lines: OrderLineRow[], t: Words): void {
  contentsTable(sheet, order, lines, t);
  vatTables(sheet, vatBreakdown(lines, { fee: order.deliveryFee, vat: order.deliveryVat }), t);
  sheet.row([t("table.total"), formatMoney(order.total)], SUM_COLUMNS, { bold: true, size: 11 });
}

const SUM_COLUMNS: Column[] = [
  { width: CONTENT - 130, align: "right" },
  { width: 130, align: "right" },
];

/** What the order is: its lines at their list price, the coupon and the coins as lines of their own, and the delivery. */
function contentsTable(sheet: Sheet, order: OrderRow, lines: OrderLineRow[], t: Words): void {
  sheet.row([t("table.item"), t("table.quantity"), t("table.unitPrice"), t("table.amount")], ITEM_COLUMNS, { bold: true });
  sheet.rule(2);
  for (const line of lines) {
    sheet.row(
      [`${line.name}${variantText(line.attributes)}`, String(line.quantity), formatMoney(line.unitPrice), formatMoney(line.unitPrice * line.quantity)],
      ITEM_COLUMNS,
    );
  }
  sheet.rule(2);
  sheet.row([t("table.subtotal"), "", "", formatMoney(order.subtotal)], ITEM_COLUMNS);
  if (order.discount > 0)
    sheet.row([t("table.coupon", { code: order.couponCode ?? "" }), "", "", t("table.minus", { amount: formatMoney(order.discount) })], ITEM_COLUMNS);
  if (order.coinsValue > 0)
    sheet.row([t("table.coins", { count: order.coinsSpent }), "", "", t("table.minus", { amount: formatMoney(order.coinsValue) })], ITEM_COLUMNS);
  sheet.row([t("table.delivery", { method: t(`deliveryMethods.${order.deliveryMethod}`) }), "", "", formatMoney(order.deliveryFee)], ITEM_COLUMNS);
  sheet.rule();
}

/** Money's VAT per rate, then its totals without VAT and of VAT; the caller adds the total itself. */
function vatTables(sheet: Sheet, totals: VatBreakdown, t: Words): void {
  const vatColumns: Column[] = [
    { width: CONTENT - 3 * 95, align: "left" },
    { width: 95, align: "right" },
    { width: 95, align: "right" },
    { width: 95, align: "right" },
  ];
  sheet.row([t("table.rate"), t("table.net"), t("table.vat"), t("table.gross")], vatColumns, { bold: true });
  for (const rate of totals.rates) {
    sheet.row(
      [t("table.ratePercent", { rate: rate.rateBp / 100 }), formatMoney(rate.net), formatMoney(rate.vat), formatMoney(rate.net + rate.vat)],
      vatColumns,
    );
  }
  sheet.rule();
  sheet.row([t("table.totalNet"), formatMoney(totals.net)], SUM_COLUMNS);
  sheet.row([t("table.totalVat"), formatMoney(totals.vat)], SUM_COLUMNS);
}

/**
 * A deposit's or a balance's money: the order it is part of (its contents), then what this payment
 * brought (its VAT per rate and the amount received) and where it leaves the order: its total,
 * what was paid before this payment (a balance) and what is still owed (a deposit).
 */
function partTables(sheet: Sheet, data: OrderDocumentData, receipt: ShownReceipt, paidBefore: number, t: Words): void {
  const { order } = data;
  sheet.text(t("receipt.contents"), { size: 11, bold: true, gap: 4 });
  contentsTable(sheet, order, data.lines, t);
  sheet.y += 6;
  sheet.text(t("receipt.thisPayment"), { size: 11, bold: true, gap: 4 });
  vatTables(sheet, receipt.totals, t);
  sheet.row([t("receipt.amountReceived"), formatMoney(receipt.totals.gross)], SUM_COLUMNS, { bold: true, size: 11 });
  sheet.rule();
  sheet.row([t("receipt.orderTotal"), formatMoney(order.total)], SUM_COLUMNS);
  if (receipt.kind === "balance") sheet.row([t("receipt.paidBefore"), formatMoney(paidBefore)], SUM_COLUMNS);
  if (receipt.kind === "deposit") sheet.row([t("receipt.balanceDue"), formatMoney(order.balanceDue)], SUM_COLUMNS, { bold: true });
}

function paymentText(order: OrderRow, t: Words): string {
  const method = t(`paymentMethods.${order.paymentMethod}`);
  return order.wallet ? t("paymentWithWallet", { method, wallet: order.wallet }) : method;
}

/** A notice under a document's title: red and bold for a test, grey otherwise. */
function notice(sheet: Sheet, text: string, options: { alarm?: boolean } = {}): void {
  sheet.text(text, { align: "center", bold: options.alarm, color: options.alarm ? "#b91c1c" : GREY, size: options.alarm ? 10.5 : 9.5, gap: 8 });
}

/**
 * A receipt of a paid order: the sale's, or a deposit order's deposit or balance receipt (`receipt`,
 * one of `receipts`, the order's receipts oldest first). A fiscal receipt (title, VFD serial, TRA's
 * verification code, its address and QR code) only once a fiscal device confirmed it; until then a
 * plain receipt that says it is not a fiscal one. A test order's receipt (paid in the sandbox) says
 * TEST in its title and is numbered apart from the fiscal series.
 */
export async function receiptPdf(
  data: OrderDocumentData,
  shop: Shop,
  locale: Locale,
  options: { test: boolean; receipt: ShownReceipt; receipts: readonly ShownReceipt[] },
): Promise<Buffer> {
  const { order, lines } = data;
  const { receipt } = options;
  const issued = receipt.issued;
  const t = translator(locale, "documents");
  // TRA's code and address, once a fiscal device confirmed the receipt
  const confirmed =
    !options.test && issued?.fiscalConfirmedAt && issued.verificationCode && issued.qrPayload ? { code: issued.verificationCode, url: issued.qrPayload } : null;
  const titles =
    receipt.kind === "sale"
      ? { test: t("receipt.testTitle"), fiscal: t("receipt.fiscalTitle"), plain: t("receipt.title") }
      : {
          test: t(`receipt.kinds.${receipt.kind}.testTitle`),
          fiscal: t(`receipt.kinds.${receipt.kind}.fiscalTitle`),
          plain: t(`receipt.kinds.${receipt.kind}.title`),
        };
  const title = options.test ? titles.test : confirmed ? titles.fiscal : titles.plain;
  const sheet = new Sheet(`${title} ${receipt.number}`, shop.companyName);
  // a receipt shows the registration it was issued under, which later settings do not change
  const seller = issued ? { tin: issued.sellerTin, vrn: issued.sellerVrn } : { tin: shop.fiscal.tin, vrn: shop.fiscal.vrn };
  shopHeader(sheet, { ...shop, fiscal: { ...shop.fiscal, ...seller } }, t, { vfd: Boolean(confirmed), locale });
  sheet.text(title, { size: 14, bold: true, align: "center", gap: 4 });
  if (options.test) notice(sheet, t("receipt.test"), { alarm: true });
  else if (!confirmed) notice(sheet, t("receipt.notFiscal"));
  else sheet.y += 4;

  const clock = shopTime(receipt.issuedAt);
  const pairs: [string, string][] = [[t("receipt.number"), receipt.number]];
  if (issued) pairs.push([t("receipt.globalCounter"), String(issued.globalCounter)], [t("receipt.dailyCounter"), String(issued.dailyCounter)]);
  pairs.push([t("receipt.date"), clock.date], [t("receipt.time"), clock.time], [t("receipt.order"), order.number], [t("receipt.customer"), order.fullName]);
  if (order.buyerTin) pairs.push([t("receipt.customerTin"), order.buyerTin]);
  pairs.push([t("receipt.customerPhone"), formatTanzanianPhone(order.phone)], [t("receipt.payment"), paymentText(order, t)]);
  sheet.pairs(pairs);
  sheet.y += 8;
  if (receipt.kind === "sale") moneyTables(sheet, order, lines, t);
  else {
    const earlier = options.receipts.slice(0, Math.max(0, options.receipts.indexOf(receipt)));
    partTables(
      sheet,
      data,
      receipt,
      earlier.reduce((sum, r) => sum + r.totals.gross, 0),
      t,
    );
  }

  if (confirmed) {
    // verification: TRA's code and the QR side by side, kept together on one page
    const qrSize = 110;
    sheet.y += 10;
    sheet.room(qrSize + 10);
    const top = sheet.y;
    sheet.qr(confirmed.url, PAGE.margin + CONTENT - qrSize, top, qrSize);
    const textWidth = CONTENT - qrSize - 16;
    sheet.text(t("receipt.verificationCode"), { color: GREY, width: textWidth });
    sheet.text(confirmed.code, { size: 14, bold: true, width: textWidth, gap: 6 });
    sheet.text(t("receipt.verify", { url: confirmed.url }), { size: 8.5, color: GREY, width: textWidth });
    sheet.y = Math.max(sheet.y, top + qrSize) + 6;
  } else sheet.y += 12;
  sheet.text(`*** ${confirmed ? t("receipt.fiscalEnd") : t("receipt.end")} ***`, { align: "center", color: GREY });
  return sheet.finish();
}

/**
 * An order's invoice: the pro-forma it is paid against (for a bank transfer with the account and
 * the reference to pay to), or after payment the invoice of the sale, a tax invoice only when the
 * seller's TIN and VRN are set (otherwise it says it is not one). A test order's says TEST.
 */
export async function invoicePdf(data: OrderDocumentData, shop: Shop, locale: Locale, options: { kind: InvoiceKind; test: boolean }): Promise<Buffer> {
  const { order, lines, receipt, receipts } = data;
  const t = translator(locale, "documents");
  const proforma = options.kind === "proforma";
  const tax = !proforma && !options.test && isTaxInvoice(shop.fiscal);
  const title =
    options.test && !proforma ? t("invoice.testTitle") : proforma ? t("invoice.proformaTitle") : tax ? t("invoice.taxInvoiceTitle") : t("invoice.invoiceTitle");
  const sheet = new Sheet(`${title} ${order.number}`, shop.companyName);
  // an invoice is not a fiscal document: no fiscal device named on it
  shopHeader(sheet, shop, t, { vfd: false, locale });
  sheet.text(title, { size: 14, bold: true, align: "center", gap: 4 });
  if (options.test) notice(sheet, proforma ? t("invoice.testProforma") : t("invoice.test"), { alarm: true });
  else sheet.y += 4;

  const due = proforma && order.holdUntil ? shopTime(order.holdUntil) : null;
  const dueText = due ? `${due.date} ${due.time.slice(0, 5)}` : "";
  const paid = !proforma && order.paidAt ? shopTime(order.paidAt) : null;
  const pairs: [string, string][] = [
    [t("invoice.number"), order.number],
    [t("invoice.issued"), (paid ?? shopTime(order.createdAt)).date],
  ];
  if (due) pairs.push([t("invoice.due"), dueText]);
  if (paid) pairs.push([t("invoice.paidOn"), paid.date], [t("invoice.paidBy"), paymentText(order, t)]);
  // a deposit order has a receipt per payment: each is named
  if (paid && receipts.length > 1) pairs.push([t("invoice.receipts"), receipts.map((r) => r.receiptNumber).join(", ")]);
  else if (paid && receipt) pairs.push([t("invoice.receipt"), receipt.receiptNumber]);
  pairs.push([t("invoice.billTo"), [order.fullName, formatTanzanianPhone(order.phone), order.email].join(", ")]);
  if (order.buyerTin) pairs.push([t("invoice.customerTin"), order.buyerTin]);
  sheet.pairs(pairs);
  sheet.y += 8;
  moneyTables(sheet, order, lines, t);

  sheet.y += 12;
  if (proforma && order.paymentMethod === "bank_transfer") {
    sheet.text(t("invoice.payTo"), { size: 12, bold: true, gap: 4 });
    const bank = shop.bankTransfer;
    const payPairs: [string, string][] = [
      [t("invoice.bank"), bank.bankName],
      [t("invoice.accountName"), bank.accountName],
      [t("invoice.accountNumber"), bank.accountNumber],
    ];
    if (bank.branch) payPairs.push([t("invoice.branch"), bank.branch]);
    if (bank.swift) payPairs.push([t("invoice.swift"), bank.swift]);
    payPairs.push([t("invoice.reference"), order.number], [t("invoice.amount"), formatMoney(firstPaymentOf(order))]);
    sheet.pairs(payPairs);
    sheet.y += 6;
    sheet.text(t("invoice.referenceHint", { number: order.number }));
  } else if (proforma) {
    sheet.text(t("invoice.payOnline", { amount: formatMoney(firstPaymentOf(order)), method: paymentText(order, t) }));
    // a deposit order: what this first payment leaves for later
    if (order.balanceDue > 0) sheet.text(t("invoice.balanceLater", { balance: formatMoney(order.balanceDue) }));
  }
  if (proforma) {
    if (due) sheet.text(t("invoice.holdHint", { due: dueText }));
    sheet.y += 6;
    sheet.text(t("invoice.notReceipt"), { color: GREY, size: 8.5 });
  } else {
    // a deposit order whose balance is still owed is paid in part, and says so
    if (order.balanceDue > 0)
      sheet.text(
        t("invoice.paidInPart", {
          paid: formatMoney(amountPaidOf(order)),
          total: formatMoney(order.total),
          balance: formatMoney(order.balanceDue),
          date: paid?.date ?? "",
        }),
      );
    else sheet.text(t("invoice.paidInFull", { date: (order.balancePaidAt ? shopTime(order.balancePaidAt) : paid)?.date ?? "" }));
    if (!tax && !options.test) {
      sheet.y += 6;
      sheet.text(t("invoice.notTaxInvoice"), { color: GREY, size: 8.5 });
    }
  }
  return sheet.finish();
}

/** What a credit note's PDF shows: the note, its refund and lines, and the order it belongs to. */
export interface CreditNoteDocumentData {
  order: Pick<OrderRow, "number" | "fullName" | "buyerTin" | "phone">;
  note: {
    number: string;
    receiptNumber: string | null;
    issuedAt: Date;
    sellerTin: string;
    sellerVrn: string;
    test: boolean;
    fiscalConfirmedAt: Date | null;
    verificationCode: string | null;
    qrPayload: string | null;
    totals: { net: number; vat: number; gross: number; rates: { rateBp: number; net: number; vat: number }[] };
  };
  refund: {
    reason: string;
    method: "mobile_money" | "bank_transfer" | "store_credit" | "cash";
    bankReference: string | null;
    returnFare: number;
    amount: number;
  };
  lines: { kind: "line" | "amount" | "delivery"; name: string; quantity: number; vatRateBp: number; gross: number; vat: number; net: number }[];
}

/**
 * A refund's credit note: it names the receipt it corrects and lists what is credited (lines with
 * their units, a share of the goods per VAT rate, the delivery), each with the VAT it reverses, and
 * the VAT per rate adding up to the total credited. Fiscal (title, TRA's code and QR) only once a
 * fiscal device confirmed it; a test order's says TEST. A return fare the shop pays is shown apart:
 * it is not a sale being reversed.
 */
export async function creditNotePdf(data: CreditNoteDocumentData, shop: Shop, locale: Locale): Promise<Buffer> {
  const { order, note, refund } = data;
  const t = translator(locale, "documents");
  const confirmed =
    !note.test && note.fiscalConfirmedAt && note.verificationCode && note.qrPayload ? { code: note.verificationCode, url: note.qrPayload } : null;
  const title = note.test ? t("creditNote.testTitle") : confirmed ? t("creditNote.fiscalTitle") : t("creditNote.title");
  const sheet = new Sheet(`${title} ${note.number}`, shop.companyName);
  shopHeader(sheet, { ...shop, fiscal: { ...shop.fiscal, tin: note.sellerTin, vrn: note.sellerVrn } }, t, { vfd: Boolean(confirmed), locale });
  sheet.text(title, { size: 14, bold: true, align: "center", gap: 4 });
  if (note.test) notice(sheet, t("creditNote.test"), { alarm: true });
  else if (!confirmed) notice(sheet, t("creditNote.notFiscal"));
  else sheet.y += 4;

  const clock = shopTime(note.issuedAt);
  const pairs: [string, string][] = [
    [t("creditNote.number"), note.number],
    [t("creditNote.receipt"), note.receiptNumber ?? t("creditNote.noReceipt")],
    [t("creditNote.date"), `${clock.date} ${clock.time}`],
    [t("creditNote.order"), order.number],
    [t("creditNote.customer"), order.fullName],
  ];
  if (order.buyerTin) pairs.push([t("creditNote.customerTin"), order.buyerTin]);
  pairs.push([t("creditNote.method"), t(`creditNote.methods.${refund.method}`)]);
  if (refund.bankReference) pairs.push([t("creditNote.bankReference"), refund.bankReference]);
  pairs.push([t("creditNote.reason"), refund.reason]);
  sheet.pairs(pairs);
  sheet.y += 8;

  const columns: Column[] = [
    { width: CONTENT - 50 - 70 - 90 - 90, align: "left" },
    { width: 50, align: "right" },
    { width: 70, align: "right" },
    { width: 90, align: "right" },
    { width: 90, align: "right" },
  ];
  sheet.row([t("table.item"), t("table.quantity"), t("table.rate"), t("table.vat"), t("table.gross")], columns, { bold: true });
  sheet.rule(2);
  for (const line of data.lines) {
    const name =
      line.kind === "line" ? line.name : line.kind === "delivery" ? t("creditNote.delivery") : t("creditNote.amountShare", { rate: line.vatRateBp / 100 });
    sheet.row(
      [
        name,
        line.kind === "line" ? String(line.quantity) : "",
        t("table.ratePercent", { rate: line.vatRateBp / 100 }),
        t("table.minus", { amount: formatMoney(line.vat) }),
        t("table.minus", { amount: formatMoney(line.gross) }),
      ],
      columns,
    );
  }
  sheet.rule();
  const vatColumns: Column[] = [
    { width: CONTENT - 3 * 95, align: "left" },
    { width: 95, align: "right" },
    { width: 95, align: "right" },
    { width: 95, align: "right" },
  ];
  sheet.row([t("creditNote.reversed"), t("table.net"), t("table.vat"), t("table.gross")], vatColumns, { bold: true });
  for (const rate of note.totals.rates)
    sheet.row(
      [t("table.ratePercent", { rate: rate.rateBp / 100 }), formatMoney(rate.net), formatMoney(rate.vat), formatMoney(rate.net + rate.vat)],
      vatColumns,
    );
  sheet.rule();
  const sumColumns: Column[] = [
    { width: CONTENT - 130, align: "right" },
    { width: 130, align: "right" },
  ];
  sheet.row([t("table.totalNet"), formatMoney(note.totals.net)], sumColumns);
  sheet.row([t("table.totalVat"), formatMoney(note.totals.vat)], sumColumns);
  sheet.row([t("creditNote.totalCredited"), formatMoney(note.totals.gross)], sumColumns, { bold: true, size: 11 });
  if (refund.returnFare > 0) {
    sheet.y += 6;
    sheet.text(t("creditNote.returnFare", { amount: formatMoney(refund.returnFare) }));
    sheet.text(t("creditNote.totalPaidBack", { amount: formatMoney(refund.amount) }), { bold: true });
  }
  if (confirmed) {
    const qrSize = 110;
    sheet.y += 10;
    sheet.room(qrSize + 10);
    const top = sheet.y;
    sheet.qr(confirmed.url, PAGE.margin + CONTENT - qrSize, top, qrSize);
    const textWidth = CONTENT - qrSize - 16;
    sheet.text(t("receipt.verificationCode"), { color: GREY, width: textWidth });
    sheet.text(confirmed.code, { size: 14, bold: true, width: textWidth, gap: 6 });
    sheet.y = Math.max(sheet.y, top + qrSize) + 6;
  } else sheet.y += 12;
  sheet.text(`*** ${t("creditNote.end")} ***`, { align: "center", color: GREY });
  return sheet.finish();
}
