import path from "node:path";
import { isLocale, type Locale } from "@/lib/locale";
import type { Database } from "../db";
import { DomainError } from "../errors";
import { translator } from "../i18n";
import type { RetryPolicy } from "../mail/rules";
import type { MailService } from "../mail/outbox";
import type { SettingsService } from "../settings/settings";
import { createFiscalOutbox, issueReceipt, localJournalDevice, type FiscalDevice, type FiscalReceipt } from "./fiscal";
import { notifyOrder, type CancelReason, type OrderMailKind } from "./order-mail";
import { readOrder } from "./order-data";
import { proformaInvoicePdf, receiptPdf } from "./pdf";

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
  fiscalRetry?: Partial<RetryPolicy>;
  log?: (line: string) => void;
}

/** Who asks for a document: its owner or an admin may have it; to anyone else it does not exist. */
export interface DocumentViewer {
  userId: number;
  admin: boolean;
}

export interface PdfDocument {
  filename: string;
  pdf: Buffer;
}

/**
 * An order's paperwork: its fiscal receipt (issued in the payment's transaction and reported to
 * the fiscal device through a durable outbox), its PDFs (the receipt, and the pro-forma invoice of
 * a bank transfer) and its e-mails to the shopper.
 */
export function createDocumentsService(options: DocumentsServiceOptions) {
  const { db, settings, mail, siteUrl } = options;
  const device = options.device ?? localJournalDevice(options.dataDir);
  const fiscal = createFiscalOutbox({ db, device, retry: options.fiscalRetry, log: options.log });

  /** The order of a document request, or not-found (also when the viewer may not see it: its existence is not revealed). */
  async function orderFor(number: string, viewer: DocumentViewer | undefined) {
    const data = await readOrder(db, { number });
    if (!data || (viewer && !viewer.admin && data.order.userId !== viewer.userId)) throw new DomainError("not-found", "Order not found");
    return data;
  }

  return {
    /**
     * Issues the fiscal receipt of an order in the caller's transaction (the one marking it paid);
     * a second call answers the first receipt. See fiscal.ts on counters and locks.
     */
    issueReceipt: (tx: Database, orderId: number, now?: Date): Promise<FiscalReceipt> => issueReceipt(tx, orderId, now),

    /** Queues an order's e-mail in the caller's transaction (once per order and kind). */
    notifyOrder: (tx: Database, kind: OrderMailKind, orderId: number, opts: { reason?: CancelReason } = {}) =>
      notifyOrder(tx, { mail, siteUrl }, kind, orderId, opts),

    /** The receipt PDF of a paid order; not-found without a receipt, or for a viewer who is neither its owner nor an admin. */
    async receiptPdf(number: string, viewer?: DocumentViewer, locale?: Locale | null): Promise<PdfDocument> {
      const data = await orderFor(number, viewer);
      const { receipt } = data;
      if (!receipt) throw new DomainError("not-found", "This order has no receipt yet");
      const language = isLocale(locale) ? locale : data.order.locale;
      const pdf = await receiptPdf({ ...data, receipt }, await settings.get(), language);
      return { filename: translator(language, "documents")("receipt.filename", { number: receipt.receiptNumber }), pdf };
    },

    /** The pro-forma invoice PDF of a bank-transfer order; not-found for other orders and other viewers. */
    async invoicePdf(number: string, viewer?: DocumentViewer, locale?: Locale | null): Promise<PdfDocument> {
      const data = await orderFor(number, viewer);
      if (data.order.paymentMethod !== "bank_transfer") throw new DomainError("not-found", "This order has no pro-forma invoice");
      const language = isLocale(locale) ? locale : data.order.locale;
      const pdf = await proformaInvoicePdf(data, await settings.get(), language);
      return { filename: translator(language, "documents")("invoice.filename", { number: data.order.number }), pdf };
    },

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
