import { describe, expect, it } from "vitest";
import { formatSpecNumber, isSpecUnit, parseSpecNumber, parseSpecQuantity, SPEC_UNITS, specNumbersEqual, unitSymbol, type SpecUnit } from "./units";

const reads: [string, SpecUnit, number][] = [
  // resistance
  ["10k", "ohm", 10000],
  ["10K", "ohm", 10000],
  ["10 kohm", "ohm", 10000],
  ["10 KOhm", "ohm", 10000],
  ["10kΩ", "ohm", 10000],
  ["10 kΩ", "ohm", 10000],
  ["10 k\u2126", "ohm", 10000],
  ["4k7", "ohm", 4700],
  ["4K7", "ohm", 4700],
  ["4k7Ω", "ohm", 4700],
  ["0.1k", "ohm", 100],
  ["100R", "ohm", 100],
  ["100r", "ohm", 100],
  ["100 Ω", "ohm", 100],
  ["100 ohm", "ohm", 100],
  ["100ohms", "ohm", 100],
  ["R47", "ohm", 0.47],
  ["4R7", "ohm", 4.7],
  ["0R", "ohm", 0],
  ["1M", "ohm", 1e6],
  ["1m", "ohm", 1e6],
  ["2M2", "ohm", 2.2e6],
  ["1 meg", "ohm", 1e6],
  ["1MΩ", "ohm", 1e6],
  ["10mΩ", "ohm", 0.01],
  ["10 mohm", "ohm", 0.01],
  ["10000", "ohm", 10000],
  ["1e4", "ohm", 10000],
  // capacitance
  ["4.7 µF", "farad", 4.7e-6],
  ["4.7 μF", "farad", 4.7e-6],
  ["4.7uF", "farad", 4.7e-6],
  ["4.7UF", "farad", 4.7e-6],
  ["4u7", "farad", 4.7e-6],
  ["4n7", "farad", 4.7e-9],
  ["100nF", "farad", 1e-7],
  ["100n", "farad", 1e-7],
  ["100 nf", "farad", 1e-7],
  ["22pF", "farad", 22e-12],
  ["22p", "farad", 22e-12],
  ["1F", "farad", 1],
  ["1e-7", "farad", 1e-7],
  ["0.1u", "farad", 1e-7],
  ["1000uF", "farad", 1e-3],
  // inductance
  ["10uH", "henry", 1e-5],
  ["4u7H", "henry", 4.7e-6],
  ["100 mH", "henry", 0.1],
  // power
  ["1/4 W", "watt", 0.25],
  ["1/4W", "watt", 0.25],
  ["1/8w", "watt", 0.125],
  ["0.25W", "watt", 0.25],
  ["250mW", "watt", 0.25],
  ["2 watts", "watt", 2],
  // voltage
  ["3V3", "volt", 3.3],
  ["3v3", "volt", 3.3],
  ["1V8", "volt", 1.8],
  ["3.3v", "volt", 3.3],
  ["5V", "volt", 5],
  ["12 VDC", "volt", 12],
  ["500mV", "volt", 0.5],
  // current
  ["1A", "ampere", 1],
  ["500mA", "ampere", 0.5],
  ["500 MA", "ampere", 0.5],
  ["20 uA", "ampere", 2e-5],
  // frequency
  ["16MHz", "hertz", 1.6e7],
  ["16mhz", "hertz", 1.6e7],
  ["240 MHz", "hertz", 2.4e8],
  ["2.4GHz", "hertz", 2.4e9],
  ["32.768kHz", "hertz", 32768],
  // memory: binary
  ["8MB", "byte", 8388608],
  ["8mb", "byte", 8388608],
  ["520KB", "byte", 532480],
  ["520 kB", "byte", 532480],
  ["4M", "byte", 4194304],
  ["32Mbit", "byte", 4194304],
  ["2048", "byte", 2048],
  // percent
  ["1%", "percent", 1],
  ["±5%", "percent", 5],
  ["± 5 %", "percent", 5],
  ["0.1 %", "percent", 0.1],
  ["1", "percent", 1],
  // batteries and others
  ["2000mAh", "ampere_hour", 2],
  ["2000 mah", "ampere_hour", 2],
  ["7Ah", "ampere_hour", 7],
  ["100Wh", "watt_hour", 100],
  ["-40°C", "celsius", -40],
  ["−40 °C", "celsius", -40],
  ["85C", "celsius", 85],
  ["125 ℃", "celsius", 125],
  ["-3 dB", "decibel", -3],
  ["3 dBi", "decibel", 3],
  ["10 kg.cm", "newton_metre", 0.980665],
  ["10kg·cm", "newton_metre", 0.980665],
  ["10 kgcm", "newton_metre", 0.980665],
  ["1.5 N·m", "newton_metre", 1.5],
  ["200 mNm", "newton_metre", 0.2],
  ["115200 baud", "bit_per_second", 115200],
  ["9.6 kbps", "bit_per_second", 9600],
  ["2 Mbit/s", "bit_per_second", 2e6],
  ['0.96"', "inch", 0.96],
  ["3.5 inch", "inch", 3.5],
  ["128 px", "pixel", 128],
  ["5 mm", "metre", 0.005],
  ["5MM", "metre", 0.005],
  ["10 cm", "metre", 0.1],
  ["1 m", "metre", 1],
  ["940nm", "metre", 9.4e-7],
  ["10 g", "gram", 10],
  ["1.5 kg", "gram", 1500],
  ["10 ms", "second", 0.01],
  ["2 s", "second", 2],
  ["10000 rpm", "rpm", 10000],
  ["800 lm", "lumen", 800],
];

describe("parseSpecNumber", () => {
  it.each(reads)("reads %j as %s", (input, unit, expected) => {
    expect(parseSpecNumber(input, unit)).toBe(expected);
  });

  it("gives exactly the JS number of the decimal value (no float noise)", () => {
    expect(parseSpecNumber("100nF", "farad")).toBe(1e-7);
    expect(parseSpecNumber("4.7uF", "farad")).toBe(4.7e-6);
    expect(parseSpecNumber("3V3", "volt")).toBe(3.3);
    expect(parseSpecNumber("0.1k", "ohm")).toBe(100);
    expect(parseSpecNumber("2.2nF", "farad")).toBe(2.2e-9);
  });

  const refusals: [string, SpecUnit][] = [
    ["", "ohm"],
    ["   ", "ohm"],
    ["abc", "ohm"],
    ["10kk", "ohm"],
    ["1..2", "ohm"],
    ["1.", "ohm"],
    ["NaN", "ohm"],
    ["Infinity", "ohm"],
    ["1e999", "ohm"],
    ["-10k", "ohm"],
    ["-5V", "volt"],
    ["±5V", "volt"],
    ["10k", "farad"],
    ["100nF", "ohm"],
    ["5V", "ampere"],
    ["2000mAh", "ampere"],
    ["1/0 W", "watt"],
    ["10 kohm ohm", "ohm"],
    ["4k7k", "ohm"],
    ["4k7uF", "ohm"],
    ["1,5", "volt"],
    ["10kHz", "volt"],
    ["mq-2", "ohm"],
    ["esp32", "byte"],
    ["k7", "ohm"],
    ["1n4007", "farad"],
    ["2n2222", "farad"],
    ["12345k6", "ohm"],
    ["1" + "0".repeat(100), "ohm"],
  ];
  it.each(refusals)("refuses %j as %s", (input, unit) => {
    expect(parseSpecNumber(input, unit)).toBeNull();
  });

  it("refuses what is not a string", () => {
    expect(parseSpecNumber(undefined as unknown as string, "ohm")).toBeNull();
    expect(parseSpecNumber(10 as unknown as string, "ohm")).toBeNull();
  });

  it("tells whether a unit or a prefix was written", () => {
    expect(parseSpecQuantity("10k", "ohm")).toEqual({ value: 10000, explicitUnit: false, prefixed: true });
    expect(parseSpecQuantity("10kΩ", "ohm")).toEqual({ value: 10000, explicitUnit: true, prefixed: true });
    expect(parseSpecQuantity("220r", "ohm")).toEqual({ value: 220, explicitUnit: true, prefixed: false });
    expect(parseSpecQuantity("3v3", "volt")).toEqual({ value: 3.3, explicitUnit: true, prefixed: false });
    expect(parseSpecQuantity("4k7", "ohm")).toEqual({ value: 4700, explicitUnit: false, prefixed: true });
    expect(parseSpecQuantity("18650", "ohm")).toEqual({ value: 18650, explicitUnit: false, prefixed: false });
  });
});

describe("formatSpecNumber", () => {
  const shows: [number, SpecUnit, string][] = [
    [10000, "ohm", "10 kΩ"],
    [4700, "ohm", "4.7 kΩ"],
    [100, "ohm", "100 Ω"],
    [0.47, "ohm", "470 mΩ"],
    [2.2e6, "ohm", "2.2 MΩ"],
    [0, "ohm", "0 Ω"],
    [1e-7, "farad", "100 nF"],
    [4.7e-6, "farad", "4.7 µF"],
    [22e-12, "farad", "22 pF"],
    [1e-9, "farad", "1 nF"],
    [4.7e-3, "farad", "4700 µF"],
    [1, "farad", "1 F"],
    [0.25, "watt", "0.25 W"],
    [2, "watt", "2 W"],
    [3.3, "volt", "3.3 V"],
    [0.5, "ampere", "500 mA"],
    [8388608, "byte", "8 MB"],
    [532480, "byte", "520 KB"],
    [4194304, "byte", "4 MB"],
    [1.6e7, "hertz", "16 MHz"],
    [2.4e9, "hertz", "2.4 GHz"],
    [433.92e6, "hertz", "433.92 MHz"],
    [1, "percent", "1%"],
    [2, "ampere_hour", "2000 mAh"],
    [7, "ampere_hour", "7000 mAh"],
    [10, "ampere_hour", "10 Ah"],
    [100, "ampere_hour", "100 Ah"],
    [-40, "celsius", "-40 °C"],
    [0.96, "inch", "0.96″"],
    [0.005, "metre", "5 mm"],
    [9.4e-7, "metre", "940 nm"],
    [1, "metre", "1 m"],
    [0.980665, "newton_metre", "980.665 mN·m"],
    [115200, "bit_per_second", "115.2 kbit/s"],
    [1234.5678, "ohm", "1.23457 kΩ"],
  ];
  it.each(shows)("shows %s %s as %j", (value, unit, expected) => {
    expect(formatSpecNumber(value, unit, "en")).toBe(expected);
    // Kiswahili uses the same symbols and the decimal point
    expect(formatSpecNumber(value, unit, "sw")).toBe(expected);
  });

  it("hides float noise", () => {
    expect(formatSpecNumber(0.1 + 0.2, "volt", "en")).toBe("300 mV");
    expect(formatSpecNumber(1.1 + 2.2, "volt", "en")).toBe("3.3 V");
    expect(formatSpecNumber(4.699999999999e-6, "farad", "en")).toBe("4.7 µF");
    expect(formatSpecNumber(999.9999999999e-9, "farad", "en")).toBe("1 µF");
  });

  it("shows nothing for a value that is not a number", () => {
    expect(formatSpecNumber(NaN, "ohm", "en")).toBe("");
    expect(formatSpecNumber(Infinity, "ohm", "en")).toBe("");
  });

  it("round-trips through parseSpecNumber", () => {
    for (const [value, unit] of shows) {
      if (value === 1234.5678) continue; // shown rounded to 6 digits
      const text = formatSpecNumber(value, unit, "en");
      expect(specNumbersEqual(parseSpecNumber(text, unit)!, value), `${text} (${unit})`).toBe(true);
    }
  });
});

describe("specNumbersEqual", () => {
  it("compares within one part in a billion", () => {
    expect(specNumbersEqual(4700, 4700.000000001)).toBe(true);
    expect(specNumbersEqual(4700, 4700.01)).toBe(false);
    expect(specNumbersEqual(1e-7, 1.00000000001e-7)).toBe(true);
    expect(specNumbersEqual(1e-7, 1.1e-7)).toBe(false);
    expect(specNumbersEqual(0, 0)).toBe(true);
    expect(specNumbersEqual(0, 1e-30)).toBe(false);
    expect(specNumbersEqual(-40, -40)).toBe(true);
    expect(specNumbersEqual(NaN, NaN)).toBe(false);
  });
});

describe("units", () => {
  it("have a symbol and names in both languages", () => {
    for (const [unit, def] of Object.entries(SPEC_UNITS)) {
      expect(isSpecUnit(unit)).toBe(true);
      expect(unitSymbol(unit as SpecUnit)).toBe(def.symbol);
      expect(def.nameEn && def.nameSw).toBeTruthy();
    }
    expect(unitSymbol("ohm")).toBe("Ω");
    expect(unitSymbol("farad")).toBe("F");
    expect(isSpecUnit("parsec")).toBe(false);
    expect(isSpecUnit("toString")).toBe(false);
  });
});
