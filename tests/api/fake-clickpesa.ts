import http from "node:http";
import type { AddressInfo } from "node:net";
import { payloadChecksum, verifyPayloadChecksum } from "../../src/server/payments/checksum";

export interface FakePayment {
  id: string;
  orderReference: string;
  status: "PROCESSING" | "PENDING" | "SUCCESS" | "SETTLED" | "FAILED";
  collectedAmount: number;
  collectedCurrency: string;
  phoneNumber: string;
  createdAt: string;
  updatedAt: string;
}

/** A payout (a refund to a wallet) as the fake keeps it: ClickPesa's payout statuses. */
export interface FakePayout {
  id: string;
  orderReference: string;
  status: "AUTHORIZED" | "PROCESSING" | "PENDING" | "SUCCESS" | "FAILED" | "REFUNDED" | "REVERSED";
  amount: number;
  fee: number;
  phoneNumber: string;
  createdAt: string;
  updatedAt: string;
}

export interface FakeCall {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

/**
 * A local stand-in for ClickPesa's API (ClickPesa has no sandbox), speaking what its reference
 * documents: POST /generate-token (headers client-id, api-key → {success, token: "Bearer …"}),
 * POST /payments/preview-ussd-push-request and /payments/initiate-ussd-push-request (bodies checked
 * against the checksum recipe), GET /payments/{orderReference} (an array), and signed webhooks.
 */
export async function startFakeClickPesa(credentials = { clientId: "test-client", apiKey: "test-api-key", checksumKey: "test-checksum-key" }) {
  const calls: FakeCall[] = [];
  const payments = new Map<string, FakePayment[]>();
  const validTokens = new Set<string>();
  let tokens = 0;
  let ids = 0;
  let refuseNextPush: string | null = null;
  const payouts = new Map<string, FakePayout>();

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => {
      let body: Record<string, unknown> | null = null;
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      } catch {
        return send(res, 400, { message: "Invalid JSON" });
      }
      const path = (req.url ?? "").replace(/\?.*$/, "");
      calls.push({ method: req.method ?? "", path, headers: req.headers, body });

      if (req.method === "POST" && path === "/generate-token") {
        if (req.headers["client-id"] !== credentials.clientId || req.headers["api-key"] !== credentials.apiKey)
          return send(res, 401, { message: "Invalid credentials" });
        const token = `Bearer fake-jwt-${++tokens}`;
        validTokens.add(token);
        return send(res, 200, { success: true, token });
      }
      if (!validTokens.has(String(req.headers.authorization ?? ""))) return send(res, 401, { message: "Unauthorized" });

      if (req.method === "POST" && (path === "/payments/preview-ussd-push-request" || path === "/payments/initiate-ussd-push-request")) {
        if (!body || !verifyPayloadChecksum(credentials.checksumKey, body)) return send(res, 400, { message: "Invalid checksum" });
        if (typeof body.amount !== "string" || !/^\d+$/.test(body.amount) || body.currency !== "TZS") return send(res, 400, { message: "Invalid amount" });
        if (typeof body.phoneNumber !== "string" || !/^255\d{9}$/.test(body.phoneNumber)) return send(res, 400, { message: "Invalid phone number" });
        const reference = String(body.orderReference ?? "");
        if (!/^[A-Za-z0-9]+$/.test(reference)) return send(res, 400, { message: "orderReference must be alphanumeric" });
        if (path.endsWith("preview-ussd-push-request"))
          return send(res, 200, {
            activeMethods: [{ name: "M-PESA", status: "AVAILABLE", fee: 0, message: "" }],
            sender: { accountName: "Test", accountNumber: body.phoneNumber, accountProvider: "M-PESA" },
          });
        if (payments.has(reference)) return send(res, 409, { message: "Order reference already used" });
        if (refuseNextPush) {
          const message = refuseNextPush;
          refuseNextPush = null;
          return send(res, 400, { message });
        }
        const now = new Date().toISOString();
        const payment: FakePayment = {
          id: `LCP${String(++ids).padStart(8, "0")}`,
          orderReference: reference,
          status: "PROCESSING",
          collectedAmount: Number(body.amount),
          collectedCurrency: "TZS",
          phoneNumber: body.phoneNumber,
          createdAt: now,
          updatedAt: now,
        };
        payments.set(reference, [payment]);
        return send(res, 200, {
          id: payment.id,
          status: payment.status,
          channel: "M-PESA",
          orderReference: reference,
          collectedAmount: body.amount,
          collectedCurrency: "TZS",
          createdAt: now,
          clientId: credentials.clientId,
        });
      }
      if (req.method === "POST" && (path === "/payouts/preview-mobile-money-payout" || path === "/payouts/create-mobile-money-payout")) {
        if (!body || !verifyPayloadChecksum(credentials.checksumKey, body)) return send(res, 400, { message: "Invalid checksum" });
        if (typeof body.amount !== "number" || !Number.isInteger(body.amount) || body.amount <= 0 || body.currency !== "TZS")
          return send(res, 400, { message: "Invalid amount" });
        if (typeof body.phoneNumber !== "string" || !/^255\d{9}$/.test(body.phoneNumber)) return send(res, 400, { message: "Invalid phone number" });
        const reference = String(body.orderReference ?? "");
        if (!/^[A-Za-z0-9]+$/.test(reference)) return send(res, 400, { message: "orderReference must be alphanumeric" });
        const fee = 47;
        if (path.endsWith("preview-mobile-money-payout"))
          return send(res, 200, {
            amount: String(body.amount + fee),
            balance: "10000000",
            channelProvider: "MPESA TANZANIA",
            fee,
            receiver: { accountNumber: body.phoneNumber },
          });
        if (payouts.has(reference)) return send(res, 409, { message: "Order reference already used" });
        const now = new Date().toISOString();
        const payout: FakePayout = {
          id: `PCP${String(++ids).padStart(8, "0")}`,
          orderReference: reference,
          status: "AUTHORIZED",
          amount: body.amount,
          fee,
          phoneNumber: body.phoneNumber,
          createdAt: now,
          updatedAt: now,
        };
        payouts.set(reference, payout);
        return send(res, 200, {
          id: payout.id,
          orderReference: reference,
          amount: String(payout.amount + fee),
          currency: "TZS",
          fee: String(fee),
          status: payout.status,
          channel: "MOBILE MONEY",
          channelProvider: "MPESA TANZANIA",
          order: { amount: String(payout.amount), currency: "TZS" },
          beneficiary: { accountNumber: payout.phoneNumber, accountName: "Neema Kweka", amount: String(payout.amount) },
          createdAt: now,
          updatedAt: now,
        });
      }
      const payoutMatch = /^\/payouts\/([^/]+)$/.exec(path);
      if (req.method === "GET" && payoutMatch) {
        const payout = payouts.get(decodeURIComponent(payoutMatch[1]!));
        if (!payout) return send(res, 404, { message: "Payout not found" });
        return send(res, 200, [
          {
            id: payout.id,
            orderReference: payout.orderReference,
            amount: String(payout.amount + payout.fee),
            currency: "TZS",
            fee: String(payout.fee),
            status: payout.status,
            channel: "MOBILE MONEY",
            channelProvider: "MPESA TANZANIA",
            order: { amount: String(payout.amount), currency: "TZS" },
            beneficiary: { accountNumber: payout.phoneNumber, accountName: "Neema Kweka", amount: String(payout.amount) },
            createdAt: payout.createdAt,
            updatedAt: payout.updatedAt,
          },
        ]);
      }
      const match = /^\/payments\/([^/]+)$/.exec(path);
      if (req.method === "GET" && match) {
        const list = payments.get(decodeURIComponent(match[1]!));
        if (!list) return send(res, 404, { message: "Payment not found" });
        return send(
          res,
          200,
          list.map((p) => ({
            id: p.id,
            status: p.status,
            paymentReference: `MP${p.id}`,
            orderReference: p.orderReference,
            collectedAmount: p.collectedAmount,
            collectedCurrency: p.collectedCurrency,
            message: p.status,
            updatedAt: p.updatedAt,
            createdAt: p.createdAt,
            customer: { customerPhoneNumber: p.phoneNumber },
          })),
        );
      }
      return send(res, 404, { message: "No such endpoint" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    credentials,
    calls,
    tokenCount: () => tokens,
    /** the provider's side changes: the shopper entered the PIN, or declined */
    setStatus(reference: string, status: FakePayment["status"], changes: Partial<FakePayment> = {}) {
      const list = payments.get(reference);
      if (!list) throw new Error(`no fake payment ${reference}`);
      const latest = list[list.length - 1]!;
      Object.assign(latest, { status, updatedAt: new Date(Date.now() + 1000).toISOString() }, changes);
    },
    payment: (reference: string) => payments.get(reference)?.at(-1) ?? null,
    payout: (reference: string) => payouts.get(reference) ?? null,
    /** the provider's side of a payout changes (sent to the wallet, failed, reversed) */
    setPayoutStatus(reference: string, status: FakePayout["status"]) {
      const payout = payouts.get(reference);
      if (!payout) throw new Error(`no fake payout ${reference}`);
      Object.assign(payout, { status, updatedAt: new Date(Date.now() + 1000).toISOString() });
    },
    /** a payout webhook as ClickPesa sends it (PAYOUT INITIATED, PAYOUT REFUNDED, PAYOUT REVERSED), signed by the checksum recipe (or a key of the caller's) */
    payoutWebhook(reference: string, options: { event?: string; status?: string; amount?: string; key?: string } = {}) {
      const p = payouts.get(reference);
      const event = options.event ?? "PAYOUT INITIATED";
      const data: Record<string, unknown> = {
        id: p?.id ?? "PCP00000000",
        orderReference: reference,
        amount: String((p?.amount ?? 0) + (p?.fee ?? 0)),
        currency: "TZS",
        fee: String(p?.fee ?? 0),
        status: options.status ?? (event === "PAYOUT INITIATED" ? "SUCCESS" : event.replace("PAYOUT ", "")),
        channel: "MOBILE MONEY",
        channelProvider: "MPESA TANZANIA",
        order: { amount: String(p?.amount ?? 0), currency: "TZS" },
        beneficiary: { accountNumber: p?.phoneNumber ?? "255754000000", accountName: "Neema Kweka", amount: options.amount ?? String(p?.amount ?? 0) },
        createdAt: p?.createdAt ?? new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      };
      const payload: Record<string, unknown> = { event, data };
      const signed: Record<string, unknown> & { checksum: string } = { ...payload, checksum: payloadChecksum(options.key ?? credentials.checksumKey, payload) };
      return signed;
    },
    /** the next USSD push is refused with this message (a wallet out of service, say) */
    refuseNextPush: (message: string) => {
      refuseNextPush = message;
    },
    /** every token issued so far stops working (the merchant changed checksum settings) */
    revokeTokens: () => validTokens.clear(),
    /** a webhook as ClickPesa sends it, signed by the checksum recipe (or with a key of the caller's) */
    webhook(
      reference: string,
      options: {
        event?: string;
        eventStyle?: "event" | "eventType";
        idStyle?: "id" | "paymentId";
        amount?: string;
        currency?: string;
        status?: string;
        key?: string;
      } = {},
    ) {
      const p = payments.get(reference)?.at(-1);
      const event = options.event ?? "PAYMENT RECEIVED";
      const data: Record<string, unknown> = {
        [options.idStyle ?? "id"]: p?.id ?? "LCP00000000",
        status: options.status ?? (event === "PAYMENT RECEIVED" ? "SUCCESS" : "FAILED"),
        paymentReference: `MP${p?.id ?? "0"}`,
        orderReference: reference,
        collectedAmount: options.amount ?? String(p?.collectedAmount ?? 0),
        collectedCurrency: options.currency ?? "TZS",
        message: event === "PAYMENT RECEIVED" ? "success" : "Insufficient balance",
        channel: "M-PESA",
        updatedAt: new Date().toISOString(),
        createdAt: p?.createdAt ?? new Date().toISOString(),
        customer: { customerName: "Neema Kweka", customerPhoneNumber: p?.phoneNumber ?? "255754000000" },
      };
      const payload: Record<string, unknown> = { [options.eventStyle ?? "event"]: event, data };
      const signed: Record<string, unknown> & { checksum: string } = { ...payload, checksum: payloadChecksum(options.key ?? credentials.checksumKey, payload) };
      return signed;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeClickPesa = Awaited<ReturnType<typeof startFakeClickPesa>>;
