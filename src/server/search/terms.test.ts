import { describe, expect, it } from "vitest";
import {
  allowedEdits,
  compactPartNumber,
  editDistance,
  partCore,
  partNumberStarts,
  partStem,
  pickCorrection,
  queryChunks,
  queryWords,
  toTsQueryText,
  type SearchTerm,
} from "./terms";

describe("queryWords", () => {
  it("splits on non-alphanumerics, lowercases, folds accents and removes repeats", () => {
    expect(queryWords("  Arduino UNO, arduino R3 ")).toEqual(["arduino", "uno", "r3"]);
    expect(queryWords("10k-Ω résistor")).toEqual(["10k", "resistor"]);
    expect(queryWords("'; drop table products; --")).toEqual(["drop", "table", "products"]);
  });
  it("keeps at most 8 words", () => {
    expect(queryWords("a b c d e f g h i j")).toHaveLength(8);
  });
});

describe("editDistance", () => {
  it("counts an adjacent swap as one edit", () => {
    expect(editDistance("ardiuno", "arduino")).toBe(1);
    expect(editDistance("sensro", "sensor")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });
});

describe("pickCorrection", () => {
  const candidates = [
    { word: "arduino", frequency: 40, similarity: 0.33 },
    { word: "audio", frequency: 5, similarity: 0.2 },
  ];
  it("chooses the closest catalogue word", () => {
    expect(pickCorrection("ardiuno", candidates)).toBe("arduino");
    expect(pickCorrection("arduion", candidates)).toBe("arduino");
  });
  it("never corrects short words or part numbers, nor far-off words", () => {
    expect(allowedEdits("uno")).toBe(0);
    expect(pickCorrection("10k", [{ word: "1k", frequency: 9, similarity: 0.5 }])).toBeNull();
    expect(pickCorrection("xylophone", candidates)).toBeNull();
  });
});

describe("queryChunks", () => {
  it("keeps hyphenated, dotted and slashed part numbers and values in one piece", () => {
    expect(queryChunks("MQ-2 gas sensor")).toEqual([
      { text: "mq-2", parts: ["mq", "2"] },
      { text: "gas", parts: ["gas"] },
      { text: "sensor", parts: ["sensor"] },
    ]);
    expect(queryChunks("HC-SR04, 3.3V 1/4W").map((c) => c.text)).toEqual(["hc-sr04", "3.3v", "1/4w"]);
  });
  it("drops stray separators and everything that is tsquery or LIKE syntax", () => {
    expect(queryChunks("-esp32-- (s3) a&b 'x' :* <-> %_ \\").map((c) => c.text)).toEqual(["esp32", "s3", "a", "b", "x"]);
    expect(queryChunks("10k-Ω résistor").map((c) => c.text)).toEqual(["10k", "resistor"]);
    expect(queryChunks("a--b").map((c) => c.text)).toEqual(["a-b"]);
    expect(queryChunks("1000µF 4.7\u03bcF").map((c) => c.text)).toEqual(["1000\u00b5f", "4.7\u00b5f"]);
  });
  it("keeps at most 8 chunks, without repeats", () => {
    expect(queryChunks("a b c d e f g h i j")).toHaveLength(8);
    expect(queryChunks("uno UNO Uno")).toHaveLength(1);
  });
});

describe("part numbers", () => {
  const chunk = (text: string) => queryChunks(text)[0]!;
  it("writes a hyphenated part number together, but not a range, a value or a word", () => {
    expect(compactPartNumber(chunk("MQ-2"))).toBe("mq2");
    expect(compactPartNumber(chunk("hc-sr04"))).toBe("hcsr04");
    expect(compactPartNumber(chunk("esp32-s3"))).toBe("esp32s3");
    expect(compactPartNumber(chunk("28byj-48"))).toBe("28byj48");
    expect(compactPartNumber(chunk("3-6v"))).toBeNull();
    expect(compactPartNumber(chunk("3.3v"))).toBeNull();
    expect(compactPartNumber(chunk("1/4w"))).toBeNull();
    expect(compactPartNumber(chunk("usb-c"))).toBeNull();
    expect(compactPartNumber(chunk("mq2"))).toBeNull();
  });
  it("lists a hyphenated part number's starts written together, longest first (its families)", () => {
    expect(partNumberStarts(chunk("mor-14w-22r-x1"))).toEqual(["mor14w22rx1", "mor14w22r", "mor14w"]);
    expect(partNumberStarts(chunk("esp32-wroom-32d"))).toEqual(["esp32wroom32d", "esp32wroom", "esp32"]);
    expect(partNumberStarts(chunk("mq-3"))).toEqual(["mq3"]);
    expect(partNumberStarts(chunk("3-6v"))).toEqual([]);
    expect(partNumberStarts(chunk("mq2"))).toEqual([]);
  });
  it("finds a part number's stem without its maker's letters, and the stem's number", () => {
    expect(partStem("lm7805")).toBe("7805");
    expect(partStem("l7805cv")).toBe("7805cv");
    expect(partStem("atmega328p")).toBe("328p");
    expect(partStem("74hc595")).toBe("595");
    expect(partStem("1n4007")).toBe("4007");
    expect(partCore("7805cv")).toBe("7805");
    expect(partCore("328p")).toBe("328");
  });
  it("finds no stem where fewer than three digits follow the letters, or no letters come first", () => {
    for (const word of ["esp32", "dht22", "hcsr04", "mq2", "7805", "18650", "stm32f103c8t6", "attiny85"]) expect(partStem(word), word).toBeNull();
  });
});

describe("toTsQueryText", () => {
  const term = (...forms: SearchTerm["forms"]): SearchTerm => ({ text: "", forms, frequency: 1 });
  it("joins terms, matching whole catalogue words as words and the rest as prefixes", () => {
    expect(toTsQueryText([term({ word: "arduino", prefix: true }), term({ word: "uno", prefix: true })], "&")).toBe("arduino:* & uno:*");
    expect(toTsQueryText([term({ word: "ardu", prefix: true })], "|", "A")).toBe("ardu:*A");
    expect(toTsQueryText([term({ word: "relay", prefix: false }), term({ word: "modul", prefix: true })], "&")).toBe("relay & modul:*");
    expect(toTsQueryText([term({ word: "relay", prefix: false })], "&", "A")).toBe("relay:A");
  });
  it("offers a term's forms as alternatives, and a phrase's words in a row", () => {
    const mq2 = term({ word: "mq2", prefix: false }, { phrase: ["mq-2"] });
    const pi5 = term({ word: "pi5", prefix: false }, { phrase: ["pi", "5"] });
    expect(toTsQueryText([mq2, term({ word: "sensor", prefix: false })], "&")).toBe("(mq2 | mq-2) & sensor");
    expect(toTsQueryText([pi5], "&", "A")).toBe("(pi5:A | pi:A <-> 5:A)");
    expect(toTsQueryText([term({ phrase: ["dht", "22"] }), term({ word: "x", prefix: false })], "|")).toBe("(dht <-> 22) | x");
  });
});
