import http from "node:http";
import type { AddressInfo } from "node:net";

/** One message as the fake received it: the form fields and headers exactly as sent. */
export interface FakeSms {
  id: string;
  headers: http.IncomingHttpHeaders;
  fields: Record<string, string>;
}

/**
 * What the fake answers for one number instead of taking the message: a recipient status of
 * theirs (e.g. 403 InvalidPhoneNumber, 405 InsufficientBalance), a whole-request HTTP error, no
 * answer at all, or their answer with no recipient and a summary ("InvalidPhoneNumber").
 */
export type FakeOutcome = { recipient: { statusCode: number; status: string } } | { http: number; body?: string } | { hang: true } | { summaryOnly: string };

/**
 * A local stand-in for Africa's Talking's bulk SMS API as their reference documents it:
 * POST /version1/messaging, form-encoded (username, to, message, from; bulkSMSMode, enqueue
 * optional), the key in the apiKey header, Accept: application/json → {SMSMessageData: {Message,
 * Recipients: [{statusCode, number, status, cost, messageId}]}}. A wrong key or username answers
 * 401 with their plain-text sentence. Outcomes can be scripted per number.
 */
export async function startFakeAfricasTalking(credentials = { username: "kilima", apiKey: "at-test-key" }) {
  const messages: FakeSms[] = [];
  const outcomes = new Map<string, FakeOutcome>();
  const hanging = new Set<http.ServerResponse>();
  let ids = 0;

  const send = (res: http.ServerResponse, status: number, body: unknown, type = "application/json") => {
    res.writeHead(status, { "content-type": type });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };
  const answer = (recipients: unknown[], summary: string) => ({ SMSMessageData: { Message: summary, Recipients: recipients } });

  const server = http.createServer((req, res) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => {
      const path = (req.url ?? "").replace(/\?.*$/, "");
      if (req.method !== "POST" || path !== "/version1/messaging") return send(res, 404, "Not Found", "text/plain");
      if (!String(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded"))
        return send(res, 415, "Unsupported Media Type", "text/plain");
      const fields = Object.fromEntries(new URLSearchParams(text));
      if (req.headers.apikey !== credentials.apiKey || fields.username !== credentials.username)
        return send(res, 401, "The supplied authentication is invalid", "text/plain");
      if (!fields.to || !fields.message) return send(res, 400, "Request is missing required form field 'to' or 'message'", "text/plain");

      const to = fields.to;
      const outcome = outcomes.get(to);
      if (outcome && "hang" in outcome) {
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      }
      if (outcome && "http" in outcome) return send(res, outcome.http, outcome.body ?? "Internal Server Error", "text/plain");
      if (outcome && "summaryOnly" in outcome) return send(res, 200, answer([], outcome.summaryOnly));
      if (outcome && "recipient" in outcome)
        return send(res, 200, answer([{ ...outcome.recipient, number: to, cost: "0", messageId: "None" }], "Sent to 0/1 Total Cost: 0"));

      const id = `ATXid_${String(++ids).padStart(6, "0")}`;
      messages.push({ id, headers: req.headers, fields });
      return send(
        res,
        201,
        answer([{ statusCode: 101, number: to, status: "Success", cost: "TZS 22.0000", messageId: id }], "Sent to 1/1 Total Cost: TZS 22.0000"),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    credentials,
    /** every message taken, in order */
    messages,
    /** what the fake answers for this number from now on (null: takes its messages again) */
    script(to: string, outcome: FakeOutcome | null) {
      if (outcome) outcomes.set(to, outcome);
      else outcomes.delete(to);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeAfricasTalking = Awaited<ReturnType<typeof startFakeAfricasTalking>>;
