import { describe, expect, it } from "vitest";
import { alertContact, availabilityLine, incomingStockProblem } from "./stock-alerts";

describe("alertContact", () => {
  it("keeps a Tanzanian mobile as E.164 for SMS and WhatsApp, and refuses anything else", () => {
    expect(alertContact("sms", "0754 123 456")).toBe("+255754123456");
    expect(alertContact("whatsapp", "+255754123456")).toBe("+255754123456");
    expect(alertContact("sms", "12345")).toBeNull();
    expect(alertContact("sms", "a@b.co")).toBeNull();
  });
  it("lower-cases an e-mail address and refuses a phone number for e-mail", () => {
    expect(alertContact("email", " Juma@Example.COM ")).toBe("juma@example.com");
    expect(alertContact("email", "0754123456")).toBeNull();
  });
});

describe("incomingStockProblem", () => {
  const none = { incomingQuantity: null, incomingDate: null, onDemandWeeks: null };
  it("takes nothing, a quantity with its date, or weeks on demand", () => {
    expect(incomingStockProblem(none)).toBeNull();
    expect(incomingStockProblem({ ...none, incomingQuantity: 20, incomingDate: "2026-12-12" })).toBeNull();
    expect(incomingStockProblem({ ...none, onDemandWeeks: 3 })).toBeNull();
  });
  it("names the field at fault", () => {
    expect(incomingStockProblem({ ...none, incomingQuantity: 20 })).toBe("incomingDate");
    expect(incomingStockProblem({ ...none, incomingDate: "2026-12-12" })).toBe("incomingQuantity");
    expect(incomingStockProblem({ ...none, incomingQuantity: 0, incomingDate: "2026-12-12" })).toBe("incomingQuantity");
    expect(incomingStockProblem({ ...none, incomingQuantity: 2, incomingDate: "2026-02-30" })).toBe("incomingDate");
    expect(incomingStockProblem({ ...none, onDemandWeeks: 0 })).toBe("onDemandWeeks");
    expect(incomingStockProblem({ ...none, onDemandWeeks: 105 })).toBe("onDemandWeeks");
  });
});

describe("availabilityLine", () => {
  const today = "2026-11-29";
  it("says the stock and what is arriving, with its date while it is ahead", () => {
    expect(availabilityLine(3, { incomingQuantity: 20, incomingDate: "2026-12-12", onDemandWeeks: null }, today)).toEqual({
      inStock: 3,
      incoming: { quantity: 20, date: "2026-12-12" },
      onDemandWeeks: null,
    });
  });
  it("never shows a past date as the arrival date", () => {
    expect(availabilityLine(0, { incomingQuantity: 20, incomingDate: "2026-11-20", onDemandWeeks: null }, today).incoming).toEqual({
      quantity: 20,
      date: null,
    });
    expect(availabilityLine(0, { incomingQuantity: 20, incomingDate: today, onDemandWeeks: null }, today).incoming?.date).toBe(today);
  });
  it("says imported on demand only when nothing is in stock or on its way", () => {
    expect(availabilityLine(0, { incomingQuantity: null, incomingDate: null, onDemandWeeks: 3 }, today).onDemandWeeks).toBe(3);
    expect(availabilityLine(2, { incomingQuantity: null, incomingDate: null, onDemandWeeks: 3 }, today).onDemandWeeks).toBeNull();
    expect(availabilityLine(-1, { incomingQuantity: null, incomingDate: null, onDemandWeeks: null }, today).inStock).toBe(0);
  });
});
