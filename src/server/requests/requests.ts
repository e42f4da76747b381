import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { SHOP_TIME_ZONE, type Locale } from "@/lib/locale";
import { formatMoney } from "@/lib/money";
import { pcbPrice } from "@/lib/pcb-pricing";
import { formatTanzanianPhone } from "@/lib/phone";
import { checkRequest, requestReference, type CheckedRequest, type PcbDetails, type RequestKind, type RequestStatus } from "@/lib/requests";
import { rowsOf } from "../db/client";
import type { RequestMeta } from "../auth/events";
import { countPerKey, type RateLimit } from "../auth/limits";
import { withTransaction, type Database } from "../db";
import { serviceRequests } from "../db/schema";
import { DomainError } from "../errors";
import { mailLocale, translator } from "../i18n";
import type { MailService } from "../mail/outbox";
import type { SettingsService } from "../settings/settings";
import type { GerberInspector } from "./gerber-inspector";
import type { GerberProblem } from "./gerber-zip";
import type { AdminRequestView } from "@/lib/api-contract";

/** How many requests one client address and one e-mail address may send in a window. */
export interface RequestLimits {
  perAddress: RateLimit;
  perEmail: RateLimit;
}

/**
 * Generous enough for a person writing to the shop a few times, tight enough that a script cannot
 * fill the shop's inbox or the sender's: each request also mails an acknowledgement to the address
 * given, so the per-e-mail limit protects strangers' inboxes too.
 */
export const DEFAULT_REQUEST_LIMITS: RequestLimits = {
  perAddress: { max: 5, windowMinutes: 60 },
  perEmail: { max: 3, windowMinutes: 60 },
};

export interface RequestsDeps {
  db: Database;
  mail: MailService;
  settings: SettingsService;
  /** the data folder: Gerber files go under uploads/gerber/ in it */
  dataDir: string;
  siteUrl: URL;
  limits?: Partial<RequestLimits>;
  /** checks an uploaded Gerber ZIP away from the event loop */
  gerber: GerberInspector;
}

/** A request as the admin sees it: the API's shape, composed here once. */
export type RequestSummary = AdminRequestView;

export interface Attachment {
  /** an upload already checked by the route's size cap; checked here as a Gerber ZIP */
  data: Buffer;
}

const GERBER_FOLDER = path.join("uploads", "gerber");

/** A refusal naming the field it is about, worded by the browser from `field` and `reason`. */
function invalidField(field: string, reason: string): DomainError {
  return new DomainError("validation", `${field}: ${reason}`, { field, reason });
}

const GERBER_TEXT: Record<GerberProblem, string> = {
  "not-a-zip": "The file is not a ZIP archive",
  "no-gerber": "The ZIP holds no Gerber or drill files",
  "too-many-entries": "The ZIP holds too many files",
  "too-large-unpacked": "The ZIP unpacks to more than the shop accepts",
  "unsafe-name": "The ZIP holds a file name that is not allowed",
  damaged: "The ZIP is damaged",
};

function year(now = new Date()): number {
  return Number(new Intl.DateTimeFormat("en", { timeZone: SHOP_TIME_ZONE, year: "numeric" }).format(now));
}

/**
 * What visitors send the shop through its forms: stored for the shop, mailed to the shop's contact
 * address with the details, and acknowledged to the sender with the reference, through the mail
 * outbox (both in the same transaction as the row). Limited per client address and per e-mail
 * address. A PCB request may carry a Gerber ZIP (checked, then kept under a random name) and gets
 * its indicative price computed here from the settings, whatever the browser showed.
 */
export function createRequestsService(deps: RequestsDeps) {
  const { db, mail } = deps;
  const limits: RequestLimits = { ...DEFAULT_REQUEST_LIMITS, ...deps.limits };
  const gerberDir = path.join(deps.dataDir, GERBER_FOLDER);

  /** Counts the request against the sender's address and e-mail; throws rate-limited past either. */
  async function countRequest(meta: RequestMeta, email: string): Promise<void> {
    if (meta.ip) await countPerKey(db, `request-address:${meta.ip}`, limits.perAddress);
    await countPerKey(db, `request-email:${email}`, limits.perEmail);
  }

  /** The lines of the shop's mail that show the kind's own fields. */
  function detailLines(request: CheckedRequest, locale: Locale, price: number | null): string[] {
    const t = translator(locale, "requests.email");
    const out: string[] = [];
    const d = request.details as Record<string, unknown>;
    const push = (label: string, value: unknown) => {
      if (value !== undefined && value !== null && value !== "") out.push(`${label}: ${String(value)}`);
    };
    switch (request.kind) {
      case "service": {
        const details = request.details;
        const labels = translator(locale, "requests.form");
        push(t("fields.service"), translator(locale, "requests.services")(details.service));
        // the form's own labels for the service's fields (the stored values as they were sent)
        for (const [key, value] of Object.entries(details)) if (key !== "service") push(labels.has(key as never) ? labels(key as never) : key, value);
        if (price !== null) push(t("fields.indicativePrice"), formatMoney(price, "TZS"));
        break;
      }
      case "supplier":
        push(t("fields.tin"), d.tin);
        push(t("fields.contactPerson"), d.contactPerson);
        push(t("fields.categories"), (d.categories as string[]).join(", "));
        push(t("fields.website"), d.website);
        push(t("fields.products"), d.products);
        break;
      case "quote":
        push(t("fields.tin"), d.tin);
        push(t("fields.paymentTerms"), d.paymentTerms);
        push(t("fields.deliveryRegion"), d.deliveryRegion);
        for (const line of d.lines as { productId?: number; description: string; quantity: number }[])
          out.push(`- ${line.quantity} × ${line.description}${line.productId ? ` (#${line.productId})` : ""}`);
        break;
      case "sourcing":
        for (const line of d.lines as { text: string; quantity: number }[]) out.push(`- ${line.quantity} × ${line.text}`);
        break;
      case "contact":
        break;
    }
    return out;
  }

  /** Stores the Gerber ZIP under a random name in the data folder; the path relative to it. */
  async function storeGerber(data: Buffer): Promise<string> {
    await fs.mkdir(gerberDir, { recursive: true });
    const name = `${randomBytes(16).toString("hex")}.zip`;
    // wx: never over an existing file; 0o600: only the shop's own user reads uploads
    await fs.writeFile(path.join(gerberDir, name), data, { flag: "wx", mode: 0o600 });
    return path.join(GERBER_FOLDER, name);
  }

  /**
   * Stores a request and queues its two mails; its reference. `body` is what the form sent
   * (checked here: a problem is a `validation` refusal naming the field). A PCB request sent with
   * a file gets the file checked as a Gerber ZIP before anything is stored.
   */
  async function submit(body: unknown, meta: RequestMeta & { userId?: number | null } = {}, attachment?: Attachment): Promise<{ reference: string }> {
    const checked = checkRequest(body);
    if (!checked.ok) throw invalidField(checked.problem.field, checked.problem.reason);
    const request = checked.request;
    const pcb = request.kind === "service" && request.details.service === "pcb" ? (request.details as PcbDetails) : null;
    if (attachment && !pcb) throw invalidField("gerber", "unexpected");
    await countRequest(meta, request.email);

    if (attachment) {
      const zip = await deps.gerber.inspect(attachment.data);
      if (!zip.ok) throw new DomainError("validation", GERBER_TEXT[zip.problem], { field: "gerber", reason: zip.problem });
    }
    const settings = await deps.settings.get();
    const price = pcb ? (pcbPrice(settings.pcbPricing, pcb)?.total ?? null) : null;
    const attachmentPath = attachment ? await storeGerber(attachment.data) : null;
    const locale = mailLocale(null, meta.locale, settings.language);

    try {
      return await withTransaction(db, async (tx) => {
        const [next] = rowsOf<{ id: number }>(await tx.execute(sql`select nextval(pg_get_serial_sequence('service_requests', 'id'))::int as id`));
        const id = Number(next!.id);
        const reference = requestReference(year(), id);
        await tx.insert(serviceRequests).values({
          id,
          reference,
          kind: request.kind,
          name: request.name,
          email: request.email,
          phone: request.phone,
          company: request.company,
          message: request.message,
          details: request.details as Record<string, unknown>,
          indicativePrice: price,
          userId: meta.userId ?? null,
          attachmentPath,
          attachmentBytes: attachment ? attachment.data.length : null,
          locale,
        });

        // the shop's copy, in the shop's language, answerable straight to the sender
        const shopLocale = mailLocale(null, null, settings.language);
        const ts = translator(shopLocale, "requests.email");
        const kindName = translator(shopLocale, "requests.kinds")(request.kind);
        const shopText = [
          ts("shopIntro", { kind: kindName, reference }),
          "",
          `${ts("fields.name")}: ${request.name}`,
          `${ts("fields.email")}: ${request.email}`,
          request.phone ? `${ts("fields.phone")}: ${formatTanzanianPhone(request.phone)}` : null,
          request.company ? `${ts("fields.company")}: ${request.company}` : null,
          ...detailLines(request, shopLocale, price),
          attachmentPath ? ts("attachment", { link: new URL(`/admin/requests?reference=${reference}`, deps.siteUrl).href }) : null,
          "",
          request.message,
        ]
          .filter((line): line is string => line !== null)
          .join("\n");
        // the shop's own inbox: the request limits above bound it, not the per-recipient mail quota
        await mail.enqueue(
          {
            to: settings.contactEmail,
            subject: ts("shopSubject", { kind: kindName, reference, name: request.name }),
            text: shopText,
            headers: { "Reply-To": request.email },
          },
          { kind: "request-received", quota: false, tx },
        );

        // the sender's acknowledgement, in the page's language, within the sender's mail quotas
        const ta = translator(locale, "requests.email");
        const ackText = [
          ta("ackGreeting", { name: request.name }),
          "",
          ta("ackText", { reference, company: settings.companyName }),
          price !== null ? ta("ackPrice", { price: formatMoney(price, "TZS") }) : null,
          "",
          ta("ackContact", { email: settings.contactEmail, phone: settings.contactPhone }),
        ]
          .filter((line): line is string => line !== null)
          .join("\n");
        await mail.enqueue(
          { to: request.email, subject: ta("ackSubject", { reference, company: settings.companyName }), text: ackText },
          { kind: "request-acknowledged", clientIp: meta.ip, tx },
        );
        return { reference };
      });
    } catch (error) {
      if (attachmentPath) await fs.rm(path.join(deps.dataDir, attachmentPath), { force: true });
      throw error;
    }
  }

  function summary(row: typeof serviceRequests.$inferSelect): RequestSummary {
    return {
      id: row.id,
      reference: row.reference,
      kind: row.kind,
      status: row.status,
      name: row.name,
      email: row.email,
      phone: row.phone,
      company: row.company,
      message: row.message,
      details: row.details,
      indicativePrice: row.indicativePrice,
      hasAttachment: row.attachmentPath !== null,
      attachmentBytes: row.attachmentBytes,
      locale: row.locale,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** The admin's list: newest first, by kind and status, a page at a time. */
  async function adminList(filter: { kind?: RequestKind; status?: RequestStatus; reference?: string; limit: number; offset: number }) {
    const where = and(
      filter.kind ? eq(serviceRequests.kind, filter.kind) : undefined,
      filter.status ? eq(serviceRequests.status, filter.status) : undefined,
      filter.reference ? eq(serviceRequests.reference, filter.reference) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(serviceRequests)
        .where(where)
        .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
        .limit(filter.limit)
        .offset(filter.offset),
      db.select({ n: count() }).from(serviceRequests).where(where),
    ]);
    return { requests: rows.map(summary), total: Number(total?.n ?? 0) };
  }

  /** An admin moves a request along (new → in progress → answered → closed, or back). */
  async function setStatus(id: number, status: RequestStatus): Promise<RequestSummary> {
    const [row] = await db
      .update(serviceRequests)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(serviceRequests.id, id))
      .returning();
    if (!row) throw new DomainError("not-found", "Request not found");
    return summary(row);
  }

  /** A request's Gerber ZIP, for an admin to download: its bytes and the name to save it under. */
  async function attachment(id: number): Promise<{ data: Buffer; fileName: string }> {
    const [row] = await db
      .select({ reference: serviceRequests.reference, attachmentPath: serviceRequests.attachmentPath })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, id));
    if (!row?.attachmentPath) throw new DomainError("not-found", "This request has no attachment");
    const full = path.resolve(deps.dataDir, row.attachmentPath);
    // the stored path is ours, but a file outside the upload folder is never served
    if (!full.startsWith(path.resolve(gerberDir) + path.sep)) throw new DomainError("not-found", "This request has no attachment");
    const data = await fs.readFile(full).catch(() => null);
    if (!data) throw new DomainError("not-found", "The attachment is no longer on the server");
    return { data, fileName: `${row.reference}-gerber.zip` };
  }

  return { submit, adminList, setStatus, attachment, limits };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
