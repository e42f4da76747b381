import { describe, expect, it } from "vitest";
import { translator } from "../i18n";
import { codeText, invalid, locked, refusal } from "./texts";

describe("the account workflows' English texts, from the English catalogue", () => {
  it("says how many minutes the lock lasts, and sends the minutes for the browser's own words", () => {
    expect(locked(14.2).message).toBe("Account temporarily locked. Please try again in 15 minutes.");
    expect(locked(14.2).details).toEqual({ minutesLeft: 15 });
    expect(locked(0.3).message).toBe("Account temporarily locked. Please try again in 1 minute.");
  });

  it("words a form's problem as the forms did, with the reason and the values its text needs", () => {
    const short = invalid("passwordShort");
    expect(short).toMatchObject({ code: "validation", message: "Password must be at least 8 characters long", details: { reason: "passwordShort", min: 8 } });
    expect(invalid("passwordLong").message).toBe("Password must be at most 128 characters long");
    expect(invalid("passwordLong").details).toEqual({ reason: "passwordLong", max: 128 });
    expect(invalid("passwordsDiffer")).toMatchObject({ message: "Passwords do not match", details: { reason: "passwordsDiffer" } });
    expect(invalid("fillAll").message).toBe("Please fill in all fields");
    expect(refusal("rate-limited", "networkLocked", { minutes: 15 }).message).toBe(
      "Too many failed sign-ins from your network. Please try again in 15 minutes.",
    );
    expect(codeText("invalid-credentials")).toBe("Invalid email or password");
  });

  it("has the same reasons in Kiswahili, with the same values", () => {
    const sw = translator("sw", "errors");
    expect(sw("reasons.passwordShort", { min: 8 })).toBe("Nenosiri lazima liwe na angalau herufi 8");
    expect(sw("codes.locked", { minutes: 1 })).toContain("dakika moja");
  });
});
