import { describe, expect, it } from "vitest";
import { AUTH_TEXT, greetingName, lockedMessage, passwordProblem, registrationProblem, linkToken, sessionTokenFrom } from "./auth-rules";

const ok = { fullName: "Asha Mushi", email: "asha@example.co.tz", password: "Kilima2026", confirmPassword: "Kilima2026", acceptTerms: true };

describe("registration rules", () => {
  it("accepts a complete registration, phone optional", () => {
    expect(registrationProblem(ok)).toBeNull();
  });
  it("gives the spec's message for each problem", () => {
    expect(registrationProblem({ ...ok, fullName: " " })).toBe(AUTH_TEXT.fillRequired);
    expect(registrationProblem({ ...ok, email: "asha" })).toBe(AUTH_TEXT.invalidEmail);
    expect(registrationProblem({ ...ok, confirmPassword: "Kilima2027" })).toBe("Passwords do not match");
    expect(registrationProblem({ ...ok, password: "Ab1", confirmPassword: "Ab1" })).toBe("Password must be at least 8 characters long");
    expect(registrationProblem({ ...ok, password: "kilima2026", confirmPassword: "kilima2026" })).toBe(
      "Password must contain at least one uppercase letter, one lowercase letter, and one number",
    );
    expect(registrationProblem({ ...ok, acceptTerms: false })).toBe(AUTH_TEXT.acceptTerms);
  });
  it("checks passwords for all three character kinds", () => {
    expect(passwordProblem("KILIMA2026")).not.toBeNull();
    expect(passwordProblem("KilimaKilima")).not.toBeNull();
    expect(passwordProblem("Kilima2026")).toBeNull();
  });
});

describe("texts and helpers", () => {
  it("says how many minutes the lock lasts", () => {
    expect(lockedMessage(14.2)).toBe("Account temporarily locked. Please try again in 15 minutes.");
    expect(lockedMessage(0.3)).toBe("Account temporarily locked. Please try again in 1 minute.");
  });
  it("greets by name, else the e-mail's local part, else User", () => {
    expect(greetingName({ name: "Asha Mushi", email: "a@b.tz" })).toBe("Asha Mushi");
    expect(greetingName({ name: "", email: "juma@b.tz" })).toBe("juma");
    expect(greetingName(null)).toBe("User");
  });
  it("takes a link token only when it is one value of the issued shape", () => {
    expect(linkToken("abc_DEF-123")).toBe("abc_DEF-123");
    expect(linkToken(["a", "b"])).toBeNull();
    expect(linkToken(undefined)).toBeNull();
    expect(linkToken("")).toBeNull();
    expect(linkToken("a\u0000b")).toBeNull();
    expect(linkToken("a b")).toBeNull();
    expect(linkToken("x".repeat(101))).toBeNull();
  });
  it("reads only the __Host- session cookie over https, only sid over http", () => {
    const jar = (cookies: Record<string, string>) => (name: string) => cookies[name];
    expect(sessionTokenFrom(jar({ sid: "plain" }), true)).toBeUndefined();
    expect(sessionTokenFrom(jar({ sid: "plain", "__Host-sid": "secure" }), true)).toBe("secure");
    expect(sessionTokenFrom(jar({ sid: "plain" }), false)).toBe("plain");
    expect(sessionTokenFrom(jar({ "__Host-sid": "secure" }), false)).toBeUndefined();
  });
});
