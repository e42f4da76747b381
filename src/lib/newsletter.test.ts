import { describe, expect, it } from "vitest";
import { NEWSLETTER_TEXT, normaliseEmail, readNewsletterReply } from "./newsletter";

describe("normaliseEmail", () => {
  it("drops surrounding whitespace and lower-cases", () => {
    expect(normaliseEmail("  Asha.Mussa@Example.CO.TZ \t\n")).toBe("asha.mussa@example.co.tz");
  });

  it("is idempotent", () => {
    const once = normaliseEmail(" A@B.Co ");
    expect(normaliseEmail(once)).toBe(once);
  });
});

describe("NEWSLETTER_TEXT", () => {
  it("answers a sign-up with one text that does not say whether the address was on the list", () => {
    expect(NEWSLETTER_TEXT.subscribed).toBe("Check your inbox to confirm your subscription.");
    expect(Object.keys(NEWSLETTER_TEXT)).not.toContain("alreadySubscribed");
  });
});

describe("readNewsletterReply", () => {
  it("shows the server's message for a sign-up", () => {
    expect(readNewsletterReply(202, { success: true, message: "Check!" })).toEqual({ ok: true, message: "Check!" });
  });

  it("has no already-subscribed outcome: a stray flag changes nothing", () => {
    expect(readNewsletterReply(200, { success: true, alreadySubscribed: true, message: "Check!" })).toEqual({ ok: true, message: "Check!" });
  });

  it("falls back to the sign-up text when a success carries no message", () => {
    expect(readNewsletterReply(202, { success: true }).message).toBe(NEWSLETTER_TEXT.subscribed);
  });

  it("shows a 4xx error text as sent (invalid address, rate limit)", () => {
    expect(readNewsletterReply(400, { error: NEWSLETTER_TEXT.invalidEmail })).toEqual({ ok: false, message: NEWSLETTER_TEXT.invalidEmail });
    expect(readNewsletterReply(429, { error: "Too many requests. Please wait 5 seconds and try again." }).message).toMatch(/^Too many requests/);
  });

  it("never shows a 5xx text, a foreign body or a success flag on an error status", () => {
    expect(readNewsletterReply(500, { error: "Internal server error" }).message).toBe(NEWSLETTER_TEXT.failed);
    expect(readNewsletterReply(502, "<html>Bad gateway</html>").message).toBe(NEWSLETTER_TEXT.failed);
    expect(readNewsletterReply(400, null).message).toBe(NEWSLETTER_TEXT.failed);
    expect(readNewsletterReply(400, { success: true, message: "?" }).ok).toBe(false);
    expect(readNewsletterReply(200, { message: "no success flag" }).ok).toBe(false);
  });
});
