import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { zipSync, strToU8 } from "fflate";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS } from "../../src/lib/site-settings";
import { pcbPrice } from "../../src/lib/pcb-pricing";
import { serviceRequests } from "../../src/server/db/schema";
import { lyingGigabyteOfZeros, lyingZerosZip } from "../fixtures/zip-files";
import { buildTestApi, mailsTo, multipartForm, setupApi, shopperCookie, unique, adminCookie as adminCookieOf, type FormPart } from "./harness";

const api = setupApi();

/** The suite's one injected client address sends every request of this file: its limits are raised here, and tested apart. */
const GENEROUS = { max: 100_000, windowMinutes: 60 };
let app: FastifyInstance;
let close: () => Promise<void>;
/** this file's data folder, for the uploads (the harness's is its outbox, which must hold mails only) */
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "requests-data-"));
  const built = await buildTestApi(api, { config: { dataDir, requestLimits: { perAddress: GENEROUS, perEmail: GENEROUS } } });
  app = built.app;
  close = built.close;
});
afterAll(async () => {
  await close?.();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

async function send(body: unknown, headers: Record<string, string> = {}, on: FastifyInstance = app) {
  const res = await on.inject({
    method: "POST",
    url: "/api/requests",
    headers: { "content-type": "application/json", ...headers },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() as Record<string, unknown> };
}

async function stored(reference: string) {
  const [row] = await api.handle.db.select().from(serviceRequests).where(eq(serviceRequests.reference, reference));
  return row!;
}

const shopEmail = DEFAULT_SITE_SETTINGS.contactEmail;

/** Both mails of a request: the shop's copy (with the reference) and the sender's acknowledgement. */
async function expectMails(reference: string, email: string) {
  const toShop = (await mailsTo(api.outboxDir, shopEmail)).filter((m) => m.includes(reference));
  expect(toShop).toHaveLength(1);
  expect(toShop[0]).toMatch(new RegExp(`^Reply-To: ${email.replace(/\./g, "\\.")}$`, "m"));
  const toSender = await mailsTo(api.outboxDir, email);
  expect(toSender.some((m) => m.includes(reference))).toBe(true);
  return { shop: toShop[0]!, sender: toSender.find((m) => m.includes(reference))! };
}

const pcbDetails = { widthMm: 80, heightMm: 50, layers: 2, quantity: 10, thickness: "1.6", finish: "hasl", colour: "green" };

describe("POST /api/requests", () => {
  it("stores a contact message with a readable reference, mails the shop and acknowledges to the sender", async () => {
    const email = unique("contact");
    const res = await send({ kind: "contact", name: "Asha Mrisho", email, phone: "0754 123 456", message: "Do you repair\nsolar inverters?" });
    expect(res.status).toBe(201);
    expect(res.body.reference).toMatch(/^RQ-\d{4}-\d{6}$/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const row = await stored(res.body.reference as string);
    expect(row).toMatchObject({
      kind: "contact",
      status: "new",
      name: "Asha Mrisho",
      email,
      phone: "+255754123456",
      message: "Do you repair\nsolar inverters?",
    });
    expect(row.userId).toBeNull();
    const mails = await expectMails(res.body.reference as string, email);
    expect(mails.shop).toContain("Do you repair");
    expect(mails.sender).toMatch(/^Subject: .*We_received_your_request_RQ-/m);
    expect(mails.sender).toContain("Thank you for writing to us.");
  });

  it("acknowledges in Kiswahili when the page was in Kiswahili, and records a signed-in sender", async () => {
    const email = unique("sw");
    const cookie = await shopperCookie(api, "requests");
    const res = await send({ kind: "contact", name: "Juma Ali", email, message: "Naomba msaada wa kuchagua sensa." }, { cookie: `${cookie}; locale=sw` });
    expect(res.status).toBe(201);
    const row = await stored(res.body.reference as string);
    expect(row.userId).not.toBeNull();
    expect(row.locale).toBe("sw");
    const { sender } = await expectMails(res.body.reference as string, email);
    expect(sender).toMatch(/^Subject: .*Tumepokea_ombi_lako_RQ-/m);
    expect(sender).toContain("Asante kwa kutuandikia.");
  });

  it("stores each service request with its kind-specific details", async () => {
    const cases = [
      { service: "electronics", projectType: "Repair", deadline: "End of month", budget: "" },
      { service: "prototyping", stage: "schematic", units: 5 },
      { service: "ai", useCase: "Count bottles on a conveyor", dataAvailable: "some" },
      { service: "logistics", from: "Shenzhen", to: "Arusha", weightKg: 12.5 },
    ];
    for (const details of cases) {
      const email = unique(details.service);
      const res = await send({ kind: "service", name: "Neema Joseph", email, message: `Please help with ${details.service}`, details });
      expect(res.status, details.service).toBe(201);
      const row = await stored(res.body.reference as string);
      expect(row.details).toMatchObject(details);
      await expectMails(res.body.reference as string, email);
    }
  });

  it("computes a PCB request's indicative price on the server, whatever the browser claims", async () => {
    const email = unique("pcb");
    const res = await send({
      kind: "service",
      name: "Baraka Mushi",
      email,
      message: "Ten boards please",
      details: { service: "pcb", ...pcbDetails, price: 1 },
    });
    // an unknown field (such as a price from the browser) is refused, not stored
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "validation", field: "details", reason: "unknown-field" });
    const ok = await send({ kind: "service", name: "Baraka Mushi", email, message: "Ten boards please", details: { service: "pcb", ...pcbDetails } });
    expect(ok.status).toBe(201);
    const row = await stored(ok.body.reference as string);
    expect(row.indicativePrice).toBe(pcbPrice(DEFAULT_SITE_SETTINGS.pcbPricing, pcbDetails as never)!.total);
    const { shop } = await expectMails(ok.body.reference as string, email);
    expect(shop).toMatch(/Indicative price \(VAT incl\.\): TSh/);
    expect(shop).toContain("Service: PCB manufacturing");
    expect(shop).toContain("Board width (mm): 80");
  });

  it("stores a supplier application with its TIN grouped", async () => {
    const email = unique("supplier");
    const res = await send({
      kind: "supplier",
      name: "Grace Mollel",
      email,
      company: "Mollel Components Ltd",
      details: { tin: "123456789", products: "Resistors, capacitors, LEDs", categories: ["components", "power"], contactPerson: "Grace Mollel" },
    });
    expect(res.status).toBe(201);
    const row = await stored(res.body.reference as string);
    expect(row.company).toBe("Mollel Components Ltd");
    expect(row.details).toMatchObject({ tin: "123-456-789", categories: ["components", "power"] });
    const { shop } = await expectMails(res.body.reference as string, email);
    expect(shop).toContain("TIN: 123-456-789");
  });

  it("stores a business quote request with its lines, and a sourcing request of unmatched BOM lines", async () => {
    const email = unique("quote");
    const quote = await send({
      kind: "quote",
      name: "Peter Kimaro",
      email,
      company: "Kimaro Engineering",
      details: {
        tin: "",
        lines: [
          { productId: 1, description: "Arduino Uno R3", quantity: 50 },
          { description: "10k resistor 1/4W", quantity: 1000 },
        ],
        paymentTerms: "proforma-bank-transfer",
        deliveryRegion: "arusha",
      },
    });
    expect(quote.status).toBe(201);
    expect((await stored(quote.body.reference as string)).details).toMatchObject({ lines: [{ productId: 1, quantity: 50 }, { quantity: 1000 }] });
    const { shop } = await expectMails(quote.body.reference as string, email);
    expect(shop).toContain("- 1000 × 10k resistor 1/4W");

    const sourcingEmail = unique("sourcing");
    const sourcing = await send({
      kind: "sourcing",
      name: "Peter Kimaro",
      email: sourcingEmail,
      details: { lines: [{ text: "STM32F103C8T6 LQFP48", quantity: 20 }] },
    });
    expect(sourcing.status).toBe(201);
    expect(sourcing.body).toEqual({ reference: expect.stringMatching(/^RQ-/) });
    await expectMails(sourcing.body.reference as string, sourcingEmail);
    // at most 200 lines
    const tooMany = await send({
      kind: "sourcing",
      name: "Peter Kimaro",
      email: sourcingEmail,
      details: { lines: Array.from({ length: 201 }, (_, i) => ({ text: `part ${i}`, quantity: 1 })) },
    });
    expect(tooMany.body).toMatchObject({ code: "validation", field: "details.lines", reason: "too-many" });
  });

  it("answers 400 naming the field for each rule broken", async () => {
    const base = { kind: "contact", name: "Asha", email: unique("bad"), message: "Hello there" };
    const expectField = async (body: unknown, field: string, reason?: string) => {
      const res = await send(body);
      expect(res.status, field).toBe(400);
      expect(res.body.code).toBe("validation");
      expect(res.body.field).toBe(field);
      if (reason) expect(res.body.reason).toBe(reason);
    };
    await expectField({ ...base, email: "not-an-email" }, "email", "email");
    await expectField({ ...base, name: "" }, "name", "required");
    await expectField({ ...base, message: "" }, "message", "required");
    await expectField({ ...base, phone: "12345" }, "phone", "phone");
    await expectField({ ...base, kind: "complaint" }, "kind");
    await expectField({ ...base, kind: "service", details: { service: "catering" } }, "details.service");
    await expectField(
      { ...base, kind: "supplier", company: "X Ltd", details: { tin: "12345", products: "Cables", categories: ["cables"], contactPerson: "Asha" } },
      "details.tin",
      "tin",
    );
    await expectField(
      { ...base, kind: "quote", company: "X Ltd", details: { lines: [{ description: "LED", quantity: 0 }], paymentTerms: "credit", deliveryRegion: "arusha" } },
      "details.lines.0.quantity",
      "too-small",
    );
    await expectField({ ...base, kind: "service", details: { service: "pcb", ...pcbDetails, layers: 3 } }, "details.layers");
    // nothing was stored for any of them
    const rows = await api.handle.db.select().from(serviceRequests).where(eq(serviceRequests.email, base.email));
    expect(rows).toHaveLength(0);
  });

  it("refuses control characters in every field (line breaks only in the message)", async () => {
    const email = unique("ctrl");
    for (const body of [
      { kind: "contact", name: "Asha\u0000", email, message: "Hello there" },
      { kind: "contact", name: "Asha", email, message: "Hello\u0007 there" },
      { kind: "contact", name: "Asha\nMrisho", email, message: "Hello there" },
      { kind: "sourcing", name: "Asha", email, details: { lines: [{ text: "LM358\u001b[31m", quantity: 1 }] } },
    ]) {
      const res = await send(body);
      expect(res.status).toBe(400);
      expect(res.body.reason).toBe("control-character");
    }
  });

  it("answers any odd body with a 4xx {error, code}, never a 5xx", async () => {
    const text = fc.oneof(fc.string(), fc.constantFrom("\u0000", "\ud800", "\u001b[31m", "x".repeat(6000), ""));
    const value = fc.oneof(
      text,
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(text, { maxLength: 3 }),
      fc.dictionary(text, text, { maxKeys: 3 }),
    );
    const body = fc.record(
      {
        kind: fc.oneof(fc.constantFrom("contact", "service", "supplier", "quote", "sourcing"), value),
        name: value,
        email: fc.oneof(fc.constant("fuzz@example.co.tz"), value),
        phone: value,
        message: value,
        details: fc.oneof(
          value,
          fc.record({
            service: fc.oneof(fc.constantFrom("pcb", "ai", "logistics"), value),
            lines: fc.array(fc.record({ text: value, quantity: value }), { maxLength: 3 }),
          }),
        ),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(body, value), async (payload) => {
        const res = await send(payload);
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) expect(typeof res.body.code).toBe("string");
      }),
      { numRuns: 60, seed: 20261124 },
    );
    const broken = await app.inject({ method: "POST", url: "/api/requests", headers: { "content-type": "application/json" }, payload: "{not json" });
    expect(broken.statusCode).toBe(400);
  });

  it("limits requests per client address and per e-mail address with 429 and Retry-After", async () => {
    const strict = await buildTestApi(api, {
      trustProxy: true,
      config: { requestLimits: { perAddress: { max: 5, windowMinutes: 60 }, perEmail: { max: 3, windowMinutes: 60 } } },
    });
    try {
      const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const one = unique("limit");
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await send({ kind: "contact", name: "Asha", email: one, message: "Hello there" }, { "x-forwarded-for": ip }, strict.app)).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
      // another address for the same e-mail is still refused; the same client address with new e-mails reaches its own limit
      const refused = await send({ kind: "contact", name: "Asha", email: one, message: "Hello there" }, { "x-forwarded-for": `${ip}9` }, strict.app);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe("rate-limited");
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      // the client address has spent 4 of its 5: one more new address passes, the next is refused
      const fifth = await send({ kind: "contact", name: "Asha", email: unique("limit2"), message: "Hello there" }, { "x-forwarded-for": ip }, strict.app);
      expect(fifth.status).toBe(201);
      const next = await send({ kind: "contact", name: "Asha", email: unique("limit3"), message: "Hello there" }, { "x-forwarded-for": ip }, strict.app);
      expect(next.status).toBe(429);
      expect(Number(next.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await strict.close();
    }
  });
});

// ---- the PCB upload ----------------------------------------------------------------------------

const GERBER_TOP = "G04 Top copper*\n%FSLAX46Y46*%\n%MOMM*%\n%ADD10C,0.250000*%\nD10*\nX1000000Y1000000D02*\nX2000000Y1000000D01*\nM02*\n";
const DRILL = "M48\nMETRIC,TZ\nT1C0.800\n%\nT1\nX10.0Y10.0\nM30\n";

function gerberZip(extra: Record<string, Uint8Array> = {}): Buffer {
  return Buffer.from(zipSync({ "board-F_Cu.gtl": strToU8(GERBER_TOP), "board.drl": strToU8(DRILL), ...extra }));
}

async function sendPcb(file: Buffer | null, options: { email?: string; filename?: string; headers?: Record<string, string> } = {}) {
  const parts: FormPart[] = [
    { name: "name", data: "Baraka Mushi" },
    { name: "email", data: options.email ?? unique("gerber") },
    { name: "message", data: "Please make these boards" },
    { name: "details", data: JSON.stringify(pcbDetails) },
  ];
  if (file) parts.push({ name: "gerber", data: file, filename: options.filename ?? "my board.zip", type: "application/zip" });
  const form = multipartForm(parts);
  const res = await app.inject({ method: "POST", url: "/api/requests/pcb", headers: { ...form.headers, ...options.headers }, payload: form.payload });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

const adminCookie = () => adminCookieOf(api, "requests");

/**
 * A heartbeat every 10 ms: the longest gap between two beats is the longest the event loop was held
 * (the embedded database answers in microtasks, so a request can run start to end without the loop
 * turning: the last gap is measured after it, to the next beat), and the resident memory at its
 * highest against where it started.
 */
function watchEventLoop() {
  const start = process.memoryUsage.rss();
  let peak = start;
  let last = performance.now();
  let longest = 0;
  const beat = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    peak = Math.max(peak, process.memoryUsage.rss());
  };
  const timer = setInterval(beat, 10);
  return {
    async stop() {
      await new Promise((resolve) => setTimeout(resolve, 20));
      clearInterval(timer);
      beat();
    },
    get longestGapMs() {
      return longest;
    },
    get rssGrowthMb() {
      return (peak - start) / 1024 / 1024;
    },
  };
}

describe("POST /api/requests/pcb", () => {
  it("accepts a real ZIP of Gerber and drill files, stores it under a random name and only admins can download it", async () => {
    const zip = gerberZip();
    const email = unique("gerber");
    const res = await sendPcb(zip, { email, filename: "../../etc/passwd.zip" });
    expect(res.status).toBe(201);
    const row = await stored(res.body.reference as string);
    expect(row.attachmentPath).toMatch(/^uploads\/gerber\/[0-9a-f]{32}\.zip$/);
    expect(row.attachmentBytes).toBe(zip.length);
    expect(row.indicativePrice).toBe(pcbPrice(DEFAULT_SITE_SETTINGS.pcbPricing, pcbDetails as never)!.total);
    expect(Buffer.compare(await fs.readFile(path.join(dataDir, row.attachmentPath!)), zip)).toBe(0);
    await expectMails(res.body.reference as string, email);

    const url = `/api/admin/requests/${row.id}/attachment`;
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url, headers: { cookie: await shopperCookie(api, "requests") } })).statusCode).toBe(403);
    const download = await app.inject({ method: "GET", url, headers: { cookie: await adminCookie() } });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/zip");
    expect(download.headers["content-disposition"]).toBe(`attachment; filename="${row.reference}-gerber.zip"`);
    expect(Buffer.compare(download.rawPayload, zip)).toBe(0);
  });

  it("refuses a file that is not a ZIP, a ZIP without Gerber files, and no file at all", async () => {
    expect((await sendPcb(Buffer.from("%PDF-1.4 not a zip at all, just text"))).body).toMatchObject({
      code: "validation",
      field: "gerber",
      reason: "not-a-zip",
    });
    const noGerber = Buffer.from(zipSync({ "readme.md": strToU8("# my board"), "photo.jpg": new Uint8Array(100) }));
    expect((await sendPcb(noGerber)).body).toMatchObject({ code: "validation", field: "gerber", reason: "no-gerber" });
    // a file named like a layer whose content is not Gerber does not count either
    const fake = Buffer.from(zipSync({ "board.gtl": strToU8("hello, I am not a Gerber file") }));
    expect((await sendPcb(fake)).body).toMatchObject({ reason: "no-gerber" });
    expect((await sendPcb(null)).body).toMatchObject({ code: "validation", field: "gerber", reason: "required" });
  });

  it("refuses an oversize upload, a zip bomb and a path traversal name", async () => {
    const big = await sendPcb(Buffer.alloc(10 * 1024 * 1024 + 1024, 1));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: "too-large", field: "gerber" });

    // 3 MB of zeros compress to a few KB: a ratio no board file has
    const bomb = gerberZip({ "padding.gbr": new Uint8Array(3 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(100_000);
    expect((await sendPcb(bomb)).body).toMatchObject({ code: "validation", field: "gerber", reason: "too-large-unpacked" });

    const many = gerberZip(Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`extra/${i}.txt`, strToU8("x")])));
    expect((await sendPcb(many)).body).toMatchObject({ reason: "too-many-entries" });

    for (const name of ["../evil.gtl", "/etc/cron.d/evil.gtl", "a/../../evil.drl", "C:/evil.gtl"]) {
      const traversal = gerberZip({ [name]: strToU8(GERBER_TOP) });
      expect((await sendPcb(traversal)).body, name).toMatchObject({ code: "validation", field: "gerber", reason: "unsafe-name" });
    }
  });

  it("refuses 1 GB of zeros in a 1 MB ZIP whose directory says 4 KB, with the event loop free and memory barely moved", async () => {
    const bomb = await lyingGigabyteOfZeros();
    expect(bomb.length).toBeLessThan(1.2 * 1024 * 1024);
    const email = unique("bomb");
    // a request first, so that what is measured is the archive's work, not a cold start of the route and its database statements
    expect((await sendPcb(Buffer.from("not a zip"))).status).toBe(400);
    const stored = await fs.readdir(path.join(dataDir, "uploads", "gerber")).catch(() => []);

    const watch = watchEventLoop();
    let res: Awaited<ReturnType<typeof sendPcb>>;
    try {
      res = await sendPcb(bomb, { email });
    } finally {
      await watch.stop();
    }

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "validation", field: "gerber", reason: "too-large-unpacked" });
    // wide bounds that a busy machine still meets: unpacking it whole took 11 s and 3 GB
    const heldMs = watch.longestGapMs;
    const grownMb = watch.rssGrowthMb;
    const figures = `event loop held at most ${heldMs.toFixed(0)} ms, memory grew ${grownMb.toFixed(0)} MB`;
    expect(heldMs, figures).toBeLessThan(1000);
    expect(grownMb, figures).toBeLessThan(300);
    expect(await fs.readdir(path.join(dataDir, "uploads", "gerber")).catch(() => [])).toEqual(stored);
    expect(await api.handle.db.select().from(serviceRequests).where(eq(serviceRequests.email, email))).toEqual([]);
  });

  it("refuses a 99 MB entry in a ~100 KB ZIP whose local header carries no sizes, whatever its directory claims", async () => {
    for (const claimed of [0, 4096]) {
      const zip = await lyingZerosZip(99 * 1024 * 1024, claimed, { dataDescriptor: true });
      expect(zip.length).toBeLessThan(110_000);
      const res = await sendPcb(zip);
      expect(res.status, `claims ${claimed}`).toBe(400);
      expect(res.body).toMatchObject({ code: "validation", field: "gerber", reason: "too-large-unpacked" });
    }
  });
});

describe("the admin's requests", () => {
  it("lists requests by kind and status for admins only, and changes a request's status", async () => {
    const email = unique("admin-list");
    const sent = await send({ kind: "sourcing", name: "Asha", email, details: { lines: [{ text: "NE555 DIP-8", quantity: 10 }] } });
    const admin = await adminCookie();
    expect((await app.inject({ method: "GET", url: "/api/admin/requests" })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: "/api/admin/requests", headers: { cookie: await shopperCookie(api, "requests") } })).statusCode).toBe(403);
    const list = await app.inject({
      method: "GET",
      url: `/api/admin/requests?kind=sourcing&status=new&reference=${sent.body.reference}`,
      headers: { cookie: admin },
    });
    expect(list.statusCode).toBe(200);
    const found = list.json() as { requests: { id: number; reference: string; status: string }[]; total: number };
    expect(found.total).toBe(1);
    const id = found.requests[0]!.id;
    const changed = await app.inject({
      method: "POST",
      url: `/api/admin/requests/${id}/status`,
      headers: { cookie: admin, "content-type": "application/json" },
      payload: JSON.stringify({ status: "answered" }),
    });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as { request: { status: string } }).request.status).toBe("answered");
    const bad = await app.inject({
      method: "POST",
      url: `/api/admin/requests/${id}/status`,
      headers: { cookie: admin, "content-type": "application/json" },
      payload: JSON.stringify({ status: "deleted" }),
    });
    expect(bad.statusCode).toBe(400);
    expect((await app.inject({ method: "GET", url: `/api/admin/requests/${id}/attachment`, headers: { cookie: admin } })).statusCode).toBe(404);
  });
});
