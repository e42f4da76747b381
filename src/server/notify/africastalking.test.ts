import { describe, expect, it } from "vitest";
import { africasTalkingCallbackToken, africasTalkingDeliveryUrl, parseAfricasTalkingDeliveryReport, verifyAfricasTalkingCallbackToken } from "./africastalking";

const at = new Date("2026-11-28T18:00:00Z");

describe("parseAfricasTalkingDeliveryReport", () => {
  it("reads their statuses as the shop's delivery states", () => {
    const state = (status: string) => parseAfricasTalkingDeliveryReport({ id: "ATXid_1", status, phoneNumber: "+255712345678" }, at)?.state;
    expect(state("Success")).toBe("delivered");
    for (const status of ["Sent", "Submitted", "Buffered"]) expect(state(status), status).toBe("sent");
    for (const status of ["Rejected", "Failed", "AbsentSubscriber", "Expired"]) expect(state(status), status).toBe("failed");
  });

  it("keeps the message id, the time received, and a failure's reason (their failureReason, else the status)", () => {
    expect(
      parseAfricasTalkingDeliveryReport(
        { id: "ATXid_7", status: "Failed", phoneNumber: "+255712345678", networkCode: "64002", failureReason: "UserInBlackList", retryCount: "0" },
        at,
      ),
    ).toEqual({ providerMessageId: "ATXid_7", state: "failed", at, reason: "UserInBlackList" });
    expect(parseAfricasTalkingDeliveryReport({ id: "ATXid_8", status: "AbsentSubscriber" }, at)?.reason).toBe("AbsentSubscriber");
    expect(parseAfricasTalkingDeliveryReport({ id: "ATXid_9", status: "Success", failureReason: "" }, at)).toEqual({
      providerMessageId: "ATXid_9",
      state: "delivered",
      at,
      reason: null,
    });
  });

  it("takes only fields that parse: an id and a status they document", () => {
    for (const fields of [
      null,
      "id=ATXid_1&status=Success",
      {},
      { status: "Success" },
      { id: "", status: "Success" },
      { id: "ATXid_1" },
      { id: "ATXid_1", status: "Delivered" },
      { id: "ATXid_1", status: "success" },
      { id: "<script>", status: "Success" },
      { id: "ATXid_1", status: "Success", retryCount: "two" },
      { id: "x".repeat(101), status: "Success" },
    ])
      expect(parseAfricasTalkingDeliveryReport(fields, at), JSON.stringify(fields)).toBeNull();
  });
});

describe("the delivery-report callback's token", () => {
  it("is derived from the API key: the same key gives the same token, another key another", () => {
    const token = africasTalkingCallbackToken("key-one");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(africasTalkingCallbackToken("key-one")).toBe(token);
    expect(africasTalkingCallbackToken("key-two")).not.toBe(token);
    // the token does not give the key away
    expect(token).not.toContain("key-one");
  });

  it("verifies only the exact token", () => {
    const token = africasTalkingCallbackToken("key-one");
    expect(verifyAfricasTalkingCallbackToken("key-one", token)).toBe(true);
    for (const wrong of [undefined, null, "", token.slice(0, -1), `${token}x`, token.toUpperCase(), africasTalkingCallbackToken("key-two"), ["x"]])
      expect(verifyAfricasTalkingCallbackToken("key-one", wrong), String(wrong)).toBe(false);
  });

  it("is carried by the address to register in their dashboard", () => {
    const url = africasTalkingDeliveryUrl(new URL("https://duka.example.co.tz"), "key-one");
    expect(url.origin + url.pathname).toBe("https://duka.example.co.tz/api/callbacks/africastalking/delivery");
    expect(url.searchParams.get("token")).toBe(africasTalkingCallbackToken("key-one"));
  });
});
