import { describe, expect, it } from "vitest";
import { greetingName, linkToken, passwordLength, passwordProblem, registrationProblem, sessionTokenFrom } from "./auth-rules";

const ok = { fullName: "Asha Mushi", email: "asha@example.co.tz", password: "Mbuyu-Kijani-2026", confirmPassword: "Mbuyu-Kijani-2026", acceptTerms: true };

describe("registration rules", () => {
  it("accepts a complete registration, phone optional", () => {
    expect(registrationProblem(ok)).toBeNull();
  });
  it("gives the spec's message for each problem", () => {
    expect(registrationProblem({ ...ok, fullName: " " })).toBe("fillRequired");
    expect(registrationProblem({ ...ok, email: "asha" })).toBe("invalidEmail");
    expect(registrationProblem({ ...ok, confirmPassword: "Kilima2027" })).toBe("passwordsDiffer");
    expect(registrationProblem({ ...ok, password: "Ab1", confirmPassword: "Ab1" })).toBe("passwordShort");
    expect(registrationProblem({ ...ok, password: "x".repeat(129), confirmPassword: "x".repeat(129) })).toBe("passwordLong");
    expect(registrationProblem({ ...ok, password: "Password1", confirmPassword: "Password1" }, (p) => p.toLowerCase() === "password1")).toBe("passwordCommon");
    expect(registrationProblem({ ...ok, acceptTerms: false })).toBe("acceptTerms");
  });
  it("judges length alone, 8 to 128 characters of any script, with no composition rules (how guessable is ./password-guessability's)", () => {
    // the old rule (an upper-case letter, a lower-case letter and a digit) is gone on purpose
    expect(passwordProblem("KILIMA2026")).toBeNull();
    expect(passwordProblem("kilimakilima")).toBeNull();
    expect(passwordProblem("correct horse battery staple")).toBeNull();
    expect(passwordProblem("Kilima2026")).toBeNull();
    expect(passwordProblem("1234567")).toBe("passwordShort");
    // characters, not UTF-16 units or bytes: eight characters of Swahili-with-accents, Cyrillic or CJK pass
    expect(passwordProblem("пароль日本")).toBeNull();
    expect(passwordLength("пароль日本")).toBe(8);
    expect(passwordProblem("日本語🔑🔑🔑🔑🔑")).toBeNull();
    expect(passwordProblem("日本語🔑🔑🔑🔑🔑".slice(0, -2))).toBe("passwordShort");
    expect(passwordProblem("a".repeat(128))).toBeNull();
    expect(passwordProblem("a".repeat(129))).toBe("passwordLong");
    expect(passwordProblem("🔑".repeat(128))).toBeNull();
  });
  it("refuses what the guessability check finds, after the length rule", () => {
    const isGuessable = (p: string) => ["password1", "qwertyuiop"].includes(p.toLowerCase());
    expect(passwordProblem("Password1", isGuessable)).toBe("passwordCommon");
    expect(passwordProblem("QwertyUIOP", isGuessable)).toBe("passwordCommon");
    expect(passwordProblem("correct horse battery staple", isGuessable)).toBeNull();
    expect(passwordProblem("short", () => true)).toBe("passwordShort");
  });
});

describe("helpers", () => {
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
