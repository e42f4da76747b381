import { describe, expect, it } from "vitest";
import { CHECKED_LENGTH, assessPassword, passwordContext } from "./password-guessability";

const shop = passwordContext({ companyName: "Kilima Electronics" });
const guessable = (password: string, context = shop) => assessPassword(password, context).guessable;

describe("passwords that are too easy to guess", () => {
  it("refuses listed passwords with digits or symbols added, or letters swapped for look-alikes", () => {
    for (const password of ["Password123!", "Qwerty123!", "Passw0rd!", "P@ssw0rd2024", "P4$$w0rd!", "iloveyou2", "Password1", "qwertyuiop", "12345678"]) {
      expect(guessable(password), password).toBe(true);
    }
  });

  it("refuses the shop's and the country's name with digits", () => {
    for (const password of ["Tanzania123", "Kilima123", "Kilima2026", "KILIMA2026", "Tanzania2026!", "T4nz4n14!", "Kilima Electronics 1", "Electronics2026"]) {
      expect(guessable(password), password).toBe(true);
    }
  });

  it("refuses a shop renamed in its settings by its new name", () => {
    const renamed = passwordContext({ companyName: "Mwangaza Tech" });
    expect(guessable("Mwangaza2026", renamed)).toBe(true);
    expect(guessable("Mwangaza2026", shop)).toBe(false);
  });

  it("refuses single repeated characters and other repeats and sequences", () => {
    for (const password of ["aaaaaaaa", "zzzzzzzzzzzz", "11111111", "abcdabcd", "abcdefgh", "kilimakilima", "🔑🔑🔑🔑🔑🔑🔑🔑"]) {
      expect(guessable(password), password).toBe(true);
    }
  });

  it("refuses the person's own name or e-mail address with digits", () => {
    const person = passwordContext({ companyName: "Kilima Electronics", fullName: "Neema Kweka", email: "neema.k@example.co.tz" });
    expect(guessable("Kweka2026!", person)).toBe(true);
    expect(guessable("neema.k1990", person)).toBe(true);
    expect(guessable("Kweka2026!", shop)).toBe(false);
  });

  it("says so with a score of at most 1, so the hint's bar never calls a refused password fair", () => {
    for (const password of ["Password123!", "Tanzania123", "aaaaaaaa"]) expect(assessPassword(password, shop).score).toBeLessThanOrEqual(1);
  });
});

describe("passwords that are accepted", () => {
  it("accepts passphrases of a few unrelated words, in any script", () => {
    for (const password of [
      "correct horse battery staple",
      "mti wa mwembe mkubwa",
      "ugali na maharage",
      "simba na chui",
      "Dar es Salaam kwa basi 7",
      "пароль日本",
      "私の猫はとても可愛い",
      "Nenosiri🔑",
    ]) {
      expect(guessable(password), password).toBe(false);
    }
  });

  it("accepts a random 8-character password (no rule about kinds of characters) and longer random ones", () => {
    for (const password of ["Xk9#mPq2", "tR7!vLw3zQ", "hT4k-pQ9z-Wm2x", "q8vz3kdm"]) expect(guessable(password), password).toBe(false);
  });

  it("judges a very long password by its first characters, which for a passphrase are already strong", () => {
    const long = "tembo twiga kiboko pundamilia nyati chui simba duma fisi mbweha".repeat(2);
    expect(long.length).toBeGreaterThan(CHECKED_LENGTH);
    expect(guessable(long)).toBe(false);
    expect(guessable("a".repeat(128))).toBe(true);
  });
});

describe("passwordContext", () => {
  it("holds the shop's name and words, the place words, and the person's name and address parts", () => {
    const words = passwordContext({ companyName: "Kilima Electronics", fullName: "Neema Kweka", email: "neema.k@example.co.tz" });
    expect(words).toEqual(expect.arrayContaining(["Kilima Electronics", "Kilima", "Electronics", "Tanzania", "Neema", "Kweka", "neema.k", "neema", "example"]));
    // too short to be worth a dictionary entry
    expect(words).not.toContain("k");
    expect(new Set(words).size).toBe(words.length);
  });
});
