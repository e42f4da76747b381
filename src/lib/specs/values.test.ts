import { describe, expect, it } from "vitest";
import { SPEC_UNITS } from "./units";
import { formatSpecValue, parseSpecRange, parseSpecValue, STANDARD_SPEC_KEYS, type SpecAttributeDef } from "./values";

const def = (key: string, kind: SpecAttributeDef["kind"], unit: SpecAttributeDef["unit"] = null, options: string[] = []): SpecAttributeDef => ({
  key,
  nameEn: key,
  nameSw: key,
  kind,
  unit,
  options,
  isFilter: true,
  isKey: false,
  sortOrder: 0,
});

const resistance = def("resistance", "number", "ohm");
const capacitance = def("capacitance", "number", "farad");
const tolerance = def("tolerance", "number", "percent");
const pins = def("pins", "number");
const temperature = def("max_temperature", "number", "celsius");
const pkg = def("package", "list");
const pkgOptions = def("package", "list", null, ["0603", "0805", "TO220", "5050 LED"]);
const dielectric = def("dielectric", "list", null, ["X7R", "C0G/NP0", "Y5V", "Li-ion"]);
const core = def("core", "list");
const wifi = def("wifi", "boolean");

const ok = (value: unknown) => ({ ok: true, value });

describe("parseSpecValue", () => {
  const accepted: [SpecAttributeDef, string | number | boolean, unknown][] = [
    [resistance, "10k", 10000],
    [resistance, "4K7", 4700],
    [resistance, "100 Ω", 100],
    [resistance, 4700, 4700],
    [capacitance, "100nF", 1e-7],
    [tolerance, "1%", 1],
    [tolerance, "±1%", 1],
    [tolerance, "1", 1],
    [tolerance, "± 5 %", 5],
    [pins, "28", 28],
    [pins, " 2.54 ", 2.54],
    [temperature, "-40 °C", -40],
    [pkg, "to220", "TO-220"],
    [pkg, "2012 metric", "0805"],
    [pkg, "0805 (2012 metric)", "0805"],
    [pkg, "Custom footprint", "Custom footprint"],
    [pkgOptions, "0805", "0805"],
    [pkgOptions, "2012M", "0805"],
    [pkgOptions, "to-220", "TO220"],
    [pkgOptions, "5050 led", "5050 LED"],
    [dielectric, "x7r", "X7R"],
    [dielectric, "c0g/np0", "C0G/NP0"],
    [dielectric, "LI ION", "Li-ion"],
    [dielectric, "liion", "Li-ion"],
    [core, "  Xtensa LX6  ", "Xtensa LX6"],
    [wifi, "yes", true],
    [wifi, "Yes", true],
    [wifi, "TRUE", true],
    [wifi, "1", true],
    [wifi, "ndiyo", true],
    [wifi, "no", false],
    [wifi, "false", false],
    [wifi, "0", false],
    [wifi, "Hapana", false],
    [wifi, true, true],
  ];
  it.each(accepted)("%s reads %j", (d, input, value) => {
    expect(parseSpecValue(d, input)).toEqual(ok(value));
  });

  const refused: [SpecAttributeDef, string | number | boolean][] = [
    [resistance, "abc"],
    [resistance, ""],
    [resistance, "10kk"],
    [resistance, "-10k"],
    [resistance, NaN],
    [resistance, Infinity],
    [resistance, true],
    [capacitance, "10k"],
    [tolerance, "5V"],
    [pins, "28 pins"],
    [pins, "NaN"],
    [pins, ""],
    [pkgOptions, "1206"],
    [pkgOptions, "SOT-23"],
    [dielectric, "X5R"],
    [dielectric, ""],
    [core, ""],
    [core, "   "],
    [core, "x".repeat(81)],
    [core, "bad\u0007text"],
    [core, 5],
    [wifi, "maybe"],
    [wifi, ""],
  ];
  it.each(refused)("%s refuses %j with a reason", (d, input) => {
    const result = parseSpecValue(d, input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toBeTruthy();
  });

  it("names the unit or the options in the reason", () => {
    expect(parseSpecValue(resistance, "abc")).toEqual({ ok: false, reason: "not a value in Ω" });
    expect(parseSpecValue(dielectric, "X5R")).toEqual({ ok: false, reason: "not one of X7R, C0G/NP0, Y5V, Li-ion" });
  });
});

describe("formatSpecValue", () => {
  const shown: [SpecAttributeDef, number | string | boolean, string, string][] = [
    [resistance, 10000, "10 kΩ", "10 kΩ"],
    [capacitance, 1e-7, "100 nF", "100 nF"],
    [tolerance, 1, "±1%", "±1%"],
    [tolerance, 0, "0%", "0%"],
    [pins, 28, "28", "28"],
    [pins, 0.1 + 0.2, "0.3", "0.3"],
    [pkg, "0805", "0805 (2012 metric)", "0805 (2012 metric)"],
    [pkg, "TO-220", "TO-220", "TO-220"],
    [dielectric, "X7R", "X7R", "X7R"],
    [wifi, true, "Yes", "Ndiyo"],
    [wifi, false, "No", "Hapana"],
  ];
  it.each(shown)("%s shows %j as %j (en) and %j (sw)", (d, value, en, sw) => {
    expect(formatSpecValue(d, value, "en")).toBe(en);
    expect(formatSpecValue(d, value, "sw")).toBe(sw);
  });

  it("reads back what it shows", () => {
    for (const [d, value] of shown) expect(parseSpecValue(d, formatSpecValue(d, value, "en"))).toEqual(ok(value === 0.1 + 0.2 ? 0.3 : value));
  });
});

describe("parseSpecRange", () => {
  const ranges: [SpecAttributeDef, string, number | null, number | null][] = [
    [resistance, "1k..10k", 1000, 10000],
    [resistance, "1000..10000", 1000, 10000],
    [resistance, "1k..", 1000, null],
    [resistance, "..4k7", null, 4700],
    [resistance, " 1k .. 10 kΩ ", 1000, 10000],
    [resistance, "10k..10k", 10000, 10000],
    [capacitance, "1e-7..2.2e-7", 1e-7, 2.2e-7],
    [capacitance, "100n..1u", 1e-7, 1e-6],
    [temperature, "-40..85", -40, 85],
    [pins, "8..40", 8, 40],
    [tolerance, "..±1%", null, 1],
  ];
  it.each(ranges)("%s reads %j", (d, input, min, max) => {
    expect(parseSpecRange(input, d)).toEqual({ ok: true, min, max });
  });

  const refused: [SpecAttributeDef, string][] = [
    [resistance, ".."],
    [resistance, "10k..1k"],
    [resistance, "10k"],
    [resistance, "abc..1k"],
    [resistance, "1k..abc"],
    [resistance, "1..2..3"],
    [pkg, "0603..0805"],
    [wifi, "0..1"],
  ];
  it.each(refused)("%s refuses %j", (d, input) => {
    expect(parseSpecRange(input, d).ok).toBe(false);
  });
});

describe("STANDARD_SPEC_KEYS", () => {
  it("are lower-case words with a known kind and unit", () => {
    expect(Object.keys(STANDARD_SPEC_KEYS).sort()).toEqual(
      ["capacitance", "current", "flash", "frequency", "inductance", "package", "power", "ram", "resistance", "tolerance", "voltage"].sort(),
    );
    for (const [key, { kind, unit }] of Object.entries(STANDARD_SPEC_KEYS)) {
      expect(key).toMatch(/^[a-z]+$/);
      expect(["number", "list", "boolean"]).toContain(kind);
      if (unit !== null) expect(SPEC_UNITS[unit]).toBeDefined();
      expect(kind === "number").toBe(unit !== null);
    }
    expect(STANDARD_SPEC_KEYS.capacitance.unit).toBe("farad");
    expect(STANDARD_SPEC_KEYS.flash.unit).toBe("byte");
  });
});
