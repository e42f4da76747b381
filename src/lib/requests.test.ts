import { describe, expect, it } from "vitest";
import { checkRequest, formatTin, problemField, requestReference } from "./requests";

const base = { name: "Asha Mrisho", email: " Asha@Example.co.tz " };

describe("checkRequest", () => {
  it("trims, lower-cases the e-mail, puts the phone in E.164 and fills the optional fields", () => {
    const checked = checkRequest({ ...base, kind: "contact", phone: "0754 123 456", message: "  Hello there  " });
    expect(checked).toEqual({
      ok: true,
      request: { kind: "contact", name: "Asha Mrisho", email: "asha@example.co.tz", phone: "+255754123456", company: "", message: "Hello there", details: {} },
    });
    expect(checkRequest({ ...base, kind: "contact", message: "Hello there" })).toMatchObject({ ok: true, request: { phone: null } });
  });

  it("keeps line breaks in the message only", () => {
    expect(checkRequest({ ...base, kind: "contact", message: "Line one\r\nLine two" })).toMatchObject({ ok: true, request: { message: "Line one\nLine two" } });
    expect(checkRequest({ ...base, name: "Asha\nMrisho", kind: "contact", message: "Hello there" })).toEqual({
      ok: false,
      problem: { field: "name", reason: "control-character" },
    });
  });

  it("accepts a TIN with or without dashes and stores it grouped; refuses other lengths", () => {
    expect(formatTin("123456789")).toBe("123-456-789");
    const supplier = (tin: string) =>
      checkRequest({ ...base, kind: "supplier", company: "Mrisho Ltd", details: { tin, products: "LEDs", categories: ["components"], contactPerson: "Asha" } });
    expect(supplier("123456789")).toMatchObject({ ok: true, request: { details: { tin: "123-456-789" } } });
    expect(supplier("123-456-789")).toMatchObject({ ok: true, request: { details: { tin: "123-456-789" } } });
    expect(supplier("12345678")).toEqual({ ok: false, problem: { field: "details.tin", reason: "tin" } });
    expect(supplier("12a456789")).toMatchObject({ ok: false, problem: { field: "details.tin" } });
  });

  it("takes sourcing lines as the contract says, at most 200", () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `part ${i}`, quantity: 2 }));
    expect(checkRequest({ ...base, kind: "sourcing", details: { lines: lines(200) } })).toMatchObject({ ok: true });
    expect(checkRequest({ ...base, kind: "sourcing", details: { lines: lines(201) } })).toEqual({
      ok: false,
      problem: { field: "details.lines", reason: "too-many" },
    });
    expect(checkRequest({ ...base, kind: "sourcing", details: { lines: [{ text: "NE555", quantity: 1.5 }] } })).toEqual({
      ok: false,
      problem: { field: "details.lines.0.quantity", reason: "whole" },
    });
  });

  it("asks contact and service requests for a message, and business requests for a company", () => {
    expect(checkRequest({ ...base, kind: "contact" })).toEqual({ ok: false, problem: { field: "message", reason: "required" } });
    expect(
      checkRequest({ ...base, kind: "quote", details: { lines: [{ description: "LED", quantity: 5 }], paymentTerms: "credit", deliveryRegion: "arusha" } }),
    ).toMatchObject({ ok: false, problem: { field: "company" } });
  });
});

describe("problemField and requestReference", () => {
  it("maps a problem's path to the form field that shows it", () => {
    expect(problemField("email")).toBe("email");
    expect(problemField("details.tin")).toBe("details.tin");
    expect(problemField("details.lines.3.quantity")).toBe("details.lines");
  });
  it("writes references as RQ-year-number", () => {
    expect(requestReference(2026, 123)).toBe("RQ-2026-000123");
    expect(requestReference(2027, 1_234_567)).toBe("RQ-2027-1234567");
  });
});
