import path from "node:path";
import { isLocale, type Locale } from "@/lib/locale";
import { defaultReceipt, invoiceKind, type PartReceiptKind } from "@/lib/order-documents";
import type { Database } from "../db";
import { DomainError } from "../errors";
import { translator } from "../i18n";
import type { RetryPolicy } from "../mail/rules";
import type { MailService } from "../mail/outbox";
import { isTestOrder } from "../payments/test-orders";
import type { SettingsService } from "../settings/settings";
import { createFiscalOutbox, issueReceipt, localJournalDevice, type FiscalDevice, type FiscalReceipt, type ReceiptPart } from "./fiscal";
import { notifyOrder, type CancelReason, type OrderMailKind } from "./order-mail";
import { readOrder, type ReceiptChoice } from "./order-data";
import { invoicePdf, receiptPdf } from "./pdf";
import { shownReceipts } from "./receipts";

export interface DocumentsServiceOptions {
  db: Database;
  settings: SettingsService;
  mail: MailService;
  /** the shop's public origin: links in order e-mails */
  siteUrl: URL;
  /** DATA_DIR: the local fiscal journal goes to `<dataDir>/fiscal/` */
  dataDir: string;
  /** where receipts are reported; the local journal unless given (the TRA adapter, tests) */
  device?: FiscalDevice;
  /** whether new payments go to the payment sandbox (no money moves): the order e-mails say so */
  testPayments?: () => boolean;
  fiscalRetry?: Partial<RetryPolicy>;
  log?: (line: string) => void;
}

/** Who asks for a document: its owner or an admin may have it; to anyone else it does not exist. */
/** Who asks for an order's document: its signed-in owner, an admin, or the holder of the order's signed link (`orderId`). */
export interface DocumentViewer {
  userId: number | null;
  admin: boolean;
  orderId?: number;
}

export interface PdfDocument {
  filename: string;
  pdf: Buffer;
}

/**
 * An order's paperwork: its receipt (issued in the payment's transaction and reported to the
 * fiscal device through a durable outbox; fiscal once the device confirms it), its PDFs (the
 * receipt, and the pro-forma invoice or invoice of a bank transfer or of a buyer who gave a TIN)
 * and its e-mails to the shopper. A test order (paid in the sandbox) has TEST documents.
 */
export function createDocumentsService(options: DocumentsServiceOptions) {
  const { db, settings, mail, siteUrl } = options;
  const device = options.device ?? localJournalDevice(options.dataDir);
  const fiscal = createFiscalOutbox({ db, device, retry: options.fiscalRetry, log: options.log });

  /** The order of a document request, or not-found (also when the viewer may not see it: its existence is not revealed). */
  async function orderFor(number: string, viewer: DocumentViewer | undefined, receipt?: ReceiptChoice) {
    const data = await readOrder(db, { number }, receipt);
    const allowed =
      !viewer ||
      viewer.admin ||
      (viewer.userId !== null && data?.order.userId === viewer.userId) ||
      (viewer.orderId !== undefined && data?.order.id === viewer.orderId);
    if (!data || !allowed) throw new DomainError("not-found", "Order not found");
    return data;
  }

  return {
    /**
     * Issues a receipt of an order in the caller's transaction (the one marking it, or its balance,
     * paid): the sale's, or with `part` a deposit's or a balance's. A second call for the same kind
     * answers the first receipt; a test order gets none (null). See fiscal.ts on counters and locks.
     */
    issueReceipt: (tx: Database, orderId: number, part?: ReceiptPart, now?: Date): Promise<FiscalReceipt | null> => issueReceipt(tx, orderId, now, part),

    /** Queues an order's e-mail in the caller's transaction (once per order and kind). */
    notifyOrder: (tx: Database, kind: OrderMailKind, orderId: number, opts: { reason?: CancelReason } = {}) =>
      notifyOrder(tx, { mail, siteUrl, testPayments: options.testPayments }, kind, orderId, opts),

    /**
     * A receipt PDF of a paid order (a paid test order's is its TEST receipt): `kind` names a
     * deposit order's deposit or balance receipt; without it, the sale's receipt, or the deposit's
     * of an order paid by deposit. Not-found without such a receipt, or for a viewer who is neither
     * its owner nor an admin.
     */
    async receiptPdf(number: string, viewer?: DocumentViewer, locale?: Locale | null, kind?: PartReceiptKind): Promise<PdfDocument> {
      const data = await orderFor(number, viewer, kind ? { kind } : undefined);
      const test = await isTestOrder(db, data.order.id);
      const receipts = shownReceipts(data, test);
      const receipt = kind ? receipts.find((r) => r.kind === kind) : defaultReceipt(receipts);
      if (!receipt) throw new DomainError("not-found", "This order has no such receipt yet");
      const language = isLocale(locale) ? locale : data.order.locale;
      const pdf = await receiptPdf(data, await settings.get(), language, { test, receipt, receipts });
      return { filename: translator(language, "documents")("receipt.filename", { number: receipt.number }), pdf };
    },

    /**
     * The invoice PDF of an order that has one (a bank transfer, or a buyer who gave a TIN): the
     * pro-forma before payment, the invoice after. Not-found for other orders and other viewers.
     */
    async invoicePdf(number: string, viewer?: DocumentViewer, locale?: Locale | null): Promise<PdfDocument> {
      const data = await orderFor(number, viewer);
      const kind = invoiceKind(data.order);
      if (!kind) throw new DomainError("not-found", "This order has no invoice");
      const language = isLocale(locale) ? locale : data.order.locale;
      const pdf = await invoicePdf(data, await settings.get(), language, { kind, test: await isTestOrder(db, data.order.id) });
      const filename = translator(language, "documents")(kind === "proforma" ? "invoice.proformaFilename" : "invoice.invoiceFilename", {
        number: data.order.number,
      });
      return { filename, pdf };
    },

    /** Whether receipts go to a fiscal device that confirms them (a VFD, TRA's service), not only to the local journal. */
    fiscalDeviceConnected: device.fiscal,

    /** The fiscal outbox: `drain()` reports what is due now (tests), `counts()` the backlog. */
    fiscal,
    /** Reports queued receipts every `intervalMs` in the background. */
    start: (intervalMs: number) => fiscal.start(intervalMs),
    /** Stops reporting (waits for a report under way). */
    stop: () => fiscal.stop(),
    /** Where the local fiscal journal is written (the default device). */
    journalDir: path.join(options.dataDir, "fiscal"),
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
