import { describe, expect, it } from "vitest";
import { parseProductIdSegment, productPath, slugify } from "./slug";

describe("slugify", () => {
  it("lowercases and hyphenates runs of non-alphanumerics", () => {
    expect(slugify("Arduino Uno R3 (Original)")).toBe("arduino-uno-r3-original");
    expect(slugify("  --10kΩ Resistor 1/4W--  ")).toBe("10k-resistor-1-4w");
  });
  it("folds accents and returns an empty string for symbols only", () => {
    expect(slugify("Café Électronique")).toBe("cafe-electronique");
    expect(slugify("***")).toBe("");
  });
});

describe("productPath", () => {
  it("prefers the slug, then the name, then 'product'", () => {
    expect(productPath({ id: 7, slug: "esp32-devkit" })).toBe("/products/7-esp32-devkit");
    expect(productPath({ id: 7, slug: "", name: "ESP32 DevKit" })).toBe("/products/7-esp32-devkit");
    expect(productPath({ id: 7, name: "!!!" })).toBe("/products/7-product");
  });
});

describe("parseProductIdSegment", () => {
  it("reads the leading id", () => {
    expect(parseProductIdSegment("42-arduino-uno")).toBe(42);
    expect(parseProductIdSegment("42")).toBe(42);
  });
  it("refuses segments without a positive id", () => {
    expect(parseProductIdSegment("arduino-42")).toBeNull();
    expect(parseProductIdSegment("0-x")).toBeNull();
    expect(parseProductIdSegment("42abc")).toBeNull();
  });
});
