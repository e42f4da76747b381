import { describe, expect, it } from "vitest";
import { containsForbiddenCharacter, hasForbiddenCharacter } from "./text";

describe("hasForbiddenCharacter", () => {
  it.each([
    ["NUL", "a\u0000b"],
    ["tab", "a\tb"],
    ["line feed", "a\nb"],
    ["carriage return", "a\rb"],
    ["escape", "\u001b[31m"],
    ["DEL", "a\u007fb"],
    ["C1 (NEL)", "a\u0085b"],
    ["C1 (CSI)", "\u009b"],
    ["lone high surrogate", "a\ud800b"],
    ["lone low surrogate", "\udc00"],
    ["U+FFFE", "\ufffe"],
    ["U+FFFF", "x\uffff"],
    ["U+FDD0", "\ufdd0"],
    ["U+1FFFE", "\u{1fffe}"],
    ["U+10FFFF", "\u{10ffff}"],
  ])("refuses %s", (_name, value) => {
    expect(hasForbiddenCharacter(value)).toBe(true);
  });

  it.each([
    ["plain text", "Arduino Uno R3"],
    ["Swahili and accents", "Vifaa vya elektroniki, café"],
    ["emoji (a surrogate pair)", "🔌 plug"],
    ["right-to-left text and marks", "\u200fمرحبا\u200e"],
    ["U+10FFFD", "\u{10fffd}"],
    ["empty", ""],
    ["spaces", "   "],
  ])("accepts %s", (_name, value) => {
    expect(hasForbiddenCharacter(value)).toBe(false);
  });
});

describe("containsForbiddenCharacter", () => {
  it("looks into arrays, objects and keys", () => {
    expect(containsForbiddenCharacter({ a: ["ok", { b: "x\u0000" }] })).toBe(true);
    expect(containsForbiddenCharacter({ "k\u0001": 1 })).toBe(true);
    expect(containsForbiddenCharacter({ a: ["ok", { b: 2, c: null, d: true }] })).toBe(false);
  });
});
