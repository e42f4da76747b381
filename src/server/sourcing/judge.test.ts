import { describe, expect, it } from "vitest";
import { analysePart } from "@/lib/bom";
import type { Product } from "@/lib/product";
import type { ProductVariant } from "@/lib/variants";
import { judge, packSize, unitsFor } from "./judge";

let nextId = 1;
function product(name: string, variants: Partial<ProductVariant>[] = []): Product {
  const id = nextId++;
  return {
    id,
    name,
    slug: `p-${id}`,
    description: "",
    image: "/media/x.webp",
    category: "",
    category_slug: "",
    brand: "Generic",
    sku: `KE-TST-${String(id).padStart(4, "0")}`,
    price: 1000,
    original_price: 1000,
    stock_quantity: 50,
    in_stock: true,
    free_delivery: false,
    same_day_delivery: false,
    rating: 4,
    reviews: 1,
    sales_count: 1,
    created_at: "2026-01-01T00:00:00Z",
    updated_at: "2026-01-01T00:00:00Z",
    variant_config: variants.length ? { type: "primary-dependent", primaryAttribute: "Pack", attributeOrder: ["Pack", "Capacitance"] } : null,
    product_variants: variants.map((v, i) => ({
      id: String(i),
      combinationId: "",
      sku: "",
      price: 1000,
      stock: 50,
      attributes: {},
      multiValues: {},
      primaryValues: [],
      ...v,
    })),
  };
}

const ok = (line: string, p: Product) => judge(analysePart(line), p).ok;

describe("judge: a product is the line's part only when its key tokens agree", () => {
  it("matches part numbers whatever their case and punctuation, and ordering suffixes", () => {
    expect(ok("esp32 wroom32", product("ESP32-WROOM-32 DevKit V1 Board"))).toBe(false); // two words are not the part number
    expect(ok("esp32-wroom-32", product("ESP32-WROOM-32 DevKit V1 Board"))).toBe(true);
    expect(ok("ESP32WROOM32", product("ESP32-WROOM-32 DevKit V1 Board"))).toBe(true);
    expect(ok("LM358N", product("LM358 Dual Op-Amp IC (Pack of 5)"))).toBe(true);
    expect(ok("ATtiny85", product("ATtiny85-20PU Microcontroller (DIP-8)"))).toBe(true);
  });
  it("never matches a different part number, nor a board that merely carries the chip", () => {
    expect(ok("STM32H743ZIT6", product("Arduino GIGA R1 WiFi (STM32H747 Dual Core)"))).toBe(false);
    expect(ok("CH340C", product("Arduino Mega 2560 R3 Compatible Board (CH340)"))).toBe(false);
    expect(ok("LM386", product("LM358 Dual Op-Amp IC"))).toBe(false);
    expect(ok("2N3055 TO-3", product("BC547 NPN Transistor (Pack of 20)"))).toBe(false);
  });
  it("matches a value only on the same kind of part, value and package", () => {
    const resistor = product("10k Ohm Carbon Film Resistor 1/4W (Pack of 100)");
    expect(ok("10K ohm resistor", resistor)).toBe(true);
    expect(ok("10kΩ 0.25W", resistor)).toBe(true);
    expect(ok("4k7 resistor", resistor)).toBe(false);
    expect(ok("10k resistor 0805", resistor)).toBe(false); // an SMD part asked for, a through-hole one sold
    expect(ok("10k resistor 1/2W", resistor)).toBe(false); // rated below what the line needs
    expect(ok("10k", product("10k Ohm Linear Potentiometer B10K with Knob"))).toBe(false);
    expect(ok("10k", product("10k Ohm NTC Thermistor MF52 (Pack of 10)"))).toBe(false);
    expect(ok("10k resistor", product("Resistor Kit 600 pcs 30 Values 1/4W Metal Film"))).toBe(false);
  });
  it("finds a value among a product's options and chooses that option", () => {
    const discs = product("Ceramic Disc Capacitors 50V (Choose Value)", [
      { attributes: { Pack: "20 pcs", Capacitance: "10nF" }, price: 1500 },
      { attributes: { Pack: "20 pcs", Capacitance: "100nF (104)" }, price: 1500 },
      { attributes: { Pack: "100 pcs", Capacitance: "100nF (104)" }, price: 4500 },
    ]);
    const verdict = judge(analysePart("0.1uF ceramic capacitor"), discs, 10);
    expect(verdict.ok).toBe(true);
    expect(verdict.variant?.attributes).toEqual({ Pack: "20 pcs", Capacitance: "100nF (104)" });
    // 150 pieces: two packs of 100 (TSh 9,000) cost less than eight packs of 20 (TSh 12,000)
    expect(judge(analysePart("100n cap"), discs, 150).variant?.attributes.Pack).toBe("100 pcs");
    expect(ok("1nF ceramic capacitor", discs)).toBe(false);
    expect(ok("100nF 0805 capacitor", discs)).toBe(false);
  });
  it("matches a description only when every word of the line is in the product", () => {
    expect(ok("Breadboard 830 points", product("Breadboard 830 Points"))).toBe(true);
    expect(ok("Breadboard 400 points", product("Breadboard 830 Points"))).toBe(false);
    expect(ok("breadboard", product("Breadboard 830 Points"))).toBe(false); // one word is not enough to be sure
  });
});

describe("packs", () => {
  it("reads the pieces in a unit and buys whole packs", () => {
    expect(packSize(product("NE555 Timer IC (Pack of 5)"), null)).toBe(5);
    expect(packSize(product("Heat Shrink Tubing Assortment 560 pcs"), null)).toBe(1);
    expect(packSize(product("TT Gear Motor 3-6V with Wheel (Pair)"), null)).toBe(2);
    expect(unitsFor(3, 5)).toBe(1);
    expect(unitsFor(11, 5)).toBe(3);
    expect(unitsFor(4, 1)).toBe(4);
  });
});
