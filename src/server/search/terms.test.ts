import { describe, expect, it } from "vitest";
import { allowedEdits, editDistance, pickCorrection, queryWords, toTsQueryText } from "./terms";

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

describe("toTsQueryText", () => {
  it("joins prefix terms", () => {
    expect(toTsQueryText(["arduino", "uno"], "&")).toBe("arduino:* & uno:*");
    expect(toTsQueryText(["ardu"], "|", "A")).toBe("ardu:*A");
  });
  it("matches whole catalogue words as words and the rest as prefixes", () => {
    expect(toTsQueryText(["relay", "modul"], "&", "", new Set(["relay"]))).toBe("relay & modul:*");
    expect(toTsQueryText(["relay"], "&", "A", new Set(["relay"]))).toBe("relay:A");
  });
});
