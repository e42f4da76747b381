import { describe, expect, it } from "vitest";
import { imageKeywords, keywordDetails } from "./keywords";

describe("imageKeywords", () => {
  it("puts the closest product's category, brand and name words first", () => {
    const keywords = imageKeywords([
      { name: "Arduino Uno R3 (ATmega328P) with USB Cable", category: "Microcontrollers", brand: "Arduino", similarity: 0.95 },
      { name: "Arduino Nano Every", category: "Microcontrollers", brand: "Arduino", similarity: 0.9 },
      { name: "Soil Moisture Sensor", category: "Sensors & Modules", brand: "Generic", similarity: 0.7 },
    ]);
    expect(keywords.slice(0, 2)).toEqual(["Microcontrollers", "Arduino"]);
    expect(keywords).toContain("Uno");
    // far weaker matches do not make it into a short list
    expect(keywords).not.toContain("Soil");
    expect(keywords).not.toContain("ATmega328P"); // bracketed detail is dropped
  });

  it("drops filler words, bare numbers and duplicates in another case", () => {
    const keywords = imageKeywords(
      [
        { name: "Resistor Kit 1000 pcs (Pack of 2) Lot 7", category: "Passive Components", brand: "", similarity: 0.8 },
        { name: "resistor assortment", category: "passive components", brand: "", similarity: 0.8 },
      ],
      10,
    );
    expect(keywords).toEqual(["Passive Components", "Resistor", "assortment"]);
  });

  it("is empty without sources", () => {
    expect(imageKeywords([])).toEqual([]);
  });
});

describe("keywordDetails", () => {
  const categories = [
    { name: "Sensors & Modules", nameSw: "Vihisi na Moduli", slug: "sensors-modules" },
    { name: "Tools", nameSw: null, slug: "tools" },
  ];

  it("gives a category's chip its slug and Kiswahili name, a known word its Kiswahili word, and leaves names alone", () => {
    expect(keywordDetails(["Sensors & Modules", "Arduino", "Sensor", "buzzer", "HC-SR04", "tools"], categories)).toEqual({
      "Sensors & Modules": { category: "sensors-modules", sw: "Vihisi na Moduli" },
      Sensor: { sw: "Kihisi" },
      buzzer: { sw: "kengele" },
      tools: { category: "tools" },
    });
  });

  it("is empty without keywords", () => {
    expect(keywordDetails([], categories)).toEqual({});
  });
});
