import { describe, expect, it } from "vitest";
import { understandQuery, type UnderstoodSpec } from "./understand";
import type { SpecAttributeDef } from "./values";

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

/** The union of a shop's categories' definitions: resistors, capacitors, regulators, boards, batteries. */
const SHOP: SpecAttributeDef[] = [
  def("resistance", "number", "ohm"),
  def("tolerance", "number", "percent"),
  def("power", "number", "watt"),
  def("package", "list", null, ["0402", "0603", "0805", "1206", "THT"]),
  def("capacitance", "number", "farad"),
  def("voltage", "number", "volt"),
  def("dielectric", "list", null, ["X7R", "C0G"]),
  def("package", "list", null, ["TO-220", "SOT-223", "TO-92", "SOIC-8"]),
  def("current", "number", "ampere"),
  def("flash", "number", "byte"),
  def("ram", "number", "byte"),
  def("frequency", "number", "hertz"),
  def("inductance", "number", "henry"),
  def("capacity", "number", "ampere_hour"),
  def("wifi", "boolean"),
];

type Expected = [key: string, value: number | string | { min?: number; max?: number }, display: string, words: string[]];

const cases: [query: string, understood: Expected[], remaining: string][] = [
  [
    "10k 0805",
    [
      ["resistance", 10000, "10 kΩ", ["10k"]],
      ["package", "0805", "0805 (2012 metric)", ["0805"]],
    ],
    "",
  ],
  [
    "100nF 50V",
    [
      ["capacitance", 1e-7, "100 nF", ["100nf"]],
      ["voltage", 50, "50 V", ["50v"]],
    ],
    "",
  ],
  ["lm7805 to-220", [["package", "TO-220", "TO-220", ["to-220"]]], "lm7805"],
  [
    "3.3v ldo 1a",
    [
      ["voltage", 3.3, "3.3 V", ["3.3v"]],
      ["current", 1, "1 A", ["1a"]],
    ],
    "ldo",
  ],
  ["esp32 8mb", [["flash", 8388608, "8 MB", ["8mb"]]], "esp32"],
  [
    "esp32 4MB 520KB",
    [
      ["flash", 4194304, "4 MB", ["4mb"]],
      ["ram", 532480, "520 KB", ["520kb"]],
    ],
    "esp32",
  ],
  ["100 ohm resistor", [["resistance", 100, "100 Ω", ["100", "ohm"]]], "resistor"],
  ["220r", [["resistance", 220, "220 Ω", ["220r"]]], ""],
  ["22pf", [["capacitance", 22e-12, "22 pF", ["22pf"]]], ""],
  [
    "4k7 1/4w",
    [
      ["resistance", 4700, "4.7 kΩ", ["4k7"]],
      ["power", 0.25, "0.25 W", ["1/4w"]],
    ],
    "",
  ],
  [
    "10K 1% 0603",
    [
      ["resistance", 10000, "10 kΩ", ["10k"]],
      ["tolerance", 1, "±1%", ["1%"]],
      ["package", "0603", "0603 (1608 metric)", ["0603"]],
    ],
    "",
  ],
  [
    "regulator 3V3 sot223",
    [
      ["voltage", 3.3, "3.3 V", ["3v3"]],
      ["package", "SOT-223", "SOT-223", ["sot223"]],
    ],
    "regulator",
  ],
  ["100 nF ceramic", [["capacitance", 1e-7, "100 nF", ["100", "nf"]]], "ceramic"],
  ["10 k", [["resistance", 10000, "10 kΩ", ["10", "k"]]], ""],
  ["3.3 v", [["voltage", 3.3, "3.3 V", ["3.3", "v"]]], ""],
  ["7805 TO 220", [["package", "TO-220", "TO-220", ["to", "220"]]], "7805"],
  ["100n", [["capacitance", 1e-7, "100 nF", ["100n"]]], ""],
  ["4u7 cap", [["capacitance", 4.7e-6, "4.7 µF", ["4u7"]]], "cap"],
  ["2M2", [["resistance", 2.2e6, "2.2 MΩ", ["2m2"]]], ""],
  ["5k pot", [["resistance", 5000, "5 kΩ", ["5k"]]], "pot"],
  ["49k9", [["resistance", 49900, "49.9 kΩ", ["49k9"]]], ""],
  ["1.5k", [["resistance", 1500, "1.5 kΩ", ["1.5k"]]], ""],
  ["4kΩ", [["resistance", 4000, "4 kΩ", ["4kω"]]], ""],
  ["4.7u", [["capacitance", 4.7e-6, "4.7 µF", ["4.7u"]]], ""],
  ["16MHz crystal", [["frequency", 1.6e7, "16 MHz", ["16mhz"]]], "crystal"],
  ["10uH inductor", [["inductance", 1e-5, "10 µH", ["10uh"]]], "inductor"],
  ["18650 2000mAh", [["capacity", 2, "2000 mAh", ["2000mah"]]], "18650"],
  ["0805 smd resistor", [["package", "0805", "0805 (2012 metric)", ["0805", "smd"]]], "resistor"],
  [
    "2012 metric 10k",
    [
      ["package", "0805", "0805 (2012 metric)", ["2012", "metric"]],
      ["resistance", 10000, "10 kΩ", ["10k"]],
    ],
    "",
  ],
  [
    "100nF, 50V",
    [
      ["capacitance", 1e-7, "100 nF", ["100nf,"]],
      ["voltage", 50, "50 V", ["50v"]],
    ],
    "",
  ],
  ["1k..10k resistor", [["resistance", { min: 1000, max: 10000 }, "1 kΩ–10 kΩ", ["1k..10k"]]], "resistor"],
  ["3..5v", [["voltage", { min: 3, max: 5 }, "3 V–5 V", ["3..5v"]]], ""],
  [">10k", [["resistance", { min: 10000 }, "≥ 10 kΩ", [">10k"]]], ""],
  ["<=5V", [["voltage", { max: 5 }, "≤ 5 V", ["<=5v"]]], ""],
  // a key is read once: a second value stays a word
  ["10k 4k7", [["resistance", 10000, "10 kΩ", ["10k"]]], "4k7"],
  ["5v 12v relay", [["voltage", 5, "5 V", ["5v"]]], "12v relay"],
  // nothing to read
  ["mq-2", [], "mq-2"],
  ["mq2", [], "mq2"],
  ["hc-05", [], "hc-05"],
  ["hc05", [], "hc05"],
  ["hcsr04", [], "hcsr04"],
  ["nema17", [], "nema17"],
  ["esp32", [], "esp32"],
  ["atmega328p", [], "atmega328p"],
  ["18650", [], "18650"],
  ["lm7805", [], "lm7805"],
  ["1n4007 diode", [], "1n4007 diode"],
  ["2n2222", [], "2n2222"],
  ["4n35", [], "4n35"],
  ["ne555", [], "ne555"],
  ["74hc595", [], "74hc595"],
  ["ds18b20", [], "ds18b20"],
  ["arduino uno", [], "arduino uno"],
  ["kipima joto", [], "kipima joto"],
  ["10000 pieces", [], "10000 pieces"],
  ["1m usb cable", [], "1m usb cable"],
  ["bluetooth module smd", [], "bluetooth module smd"],
  ["1234", [], "1234"],
  ["2012", [], "2012"],
  ["10k..1k", [], "10k..1k"],
  ["arduino uno r3", [], "arduino uno r3"],
  ["esp32 v2", [], "esp32 v2"],
  ["4k camera", [], "4k camera"],
  ["8k", [], "8k"],
  ["terminal block 2p", [], "terminal block 2p"],
  ["", [], ""],
  ["   ", [], ""],
];

const expectedSpec = ([key, value, display, words]: Expected): UnderstoodSpec =>
  typeof value === "object" ? { key, ...value, display, words } : { key, value, display, words };

describe("understandQuery", () => {
  it.each(cases)("%j", (query, understood, remaining) => {
    expect(understandQuery(query, SHOP)).toEqual({ understood: understood.map(expectedSpec), remaining });
  });

  it("reads nothing without definitions", () => {
    expect(understandQuery("10k 0805 3.3v", [])).toEqual({ understood: [], remaining: "10k 0805 3.3v" });
  });

  it("reads bare resistances and capacitances only where those keys exist", () => {
    const regulators = [def("voltage", "number", "volt"), def("current", "number", "ampere")];
    expect(understandQuery("10k 100n 5v", regulators)).toEqual({
      understood: [{ key: "voltage", value: 5, display: "5 V", words: ["5v"] }],
      remaining: "10k 100n",
    });
  });

  it("reads a unit into any key that uses it when the usual key is missing", () => {
    const regulators = [def("output_voltage", "number", "volt"), def("max_current", "number", "ampere")];
    expect(understandQuery("3.3v ldo 1a", regulators)).toEqual({
      understood: [
        { key: "output_voltage", value: 3.3, display: "3.3 V", words: ["3.3v"] },
        { key: "max_current", value: 1, display: "1 A", words: ["1a"] },
      ],
      remaining: "ldo",
    });
  });

  it("shows a range of kilometres in km", () => {
    expect(understandQuery("lora 10km", [def("range", "number", "metre")]).understood).toEqual([
      { key: "range", value: 10_000, display: "10 km", words: ["10km"] },
    ]);
  });

  it("reads an SMD chip size only when a package definition lists it or takes any", () => {
    const listed = [def("resistance", "number", "ohm"), def("package", "list", null, ["TO-220"])];
    expect(understandQuery("10k 0805", listed).remaining).toBe("0805");
    expect(understandQuery("lm317 to220", listed).understood).toEqual([{ key: "package", value: "TO-220", display: "TO-220", words: ["to220"] }]);
    const open = [def("resistance", "number", "ohm"), def("package", "list")];
    expect(understandQuery("10k 0805", open).understood.map((u) => u.value)).toEqual([10000, "0805"]);
    const none = [def("resistance", "number", "ohm")];
    expect(understandQuery("10k 0805", none).remaining).toBe("0805");
  });

  it("gives the option's own spelling of a listed package", () => {
    const spelled = [def("package", "list", null, ["TO220", "SOT23"])];
    expect(understandQuery("7805 to-220", spelled).understood).toEqual([{ key: "package", value: "TO220", display: "TO220", words: ["to-220"] }]);
  });

  it("keeps the remaining words as typed, in order", () => {
    expect(understandQuery("  Blue   LED 5mm  3.3V  Kit ", SHOP)).toEqual({
      understood: [{ key: "voltage", value: 3.3, display: "3.3 V", words: ["3.3v"] }],
      remaining: "Blue LED 5mm Kit",
    });
  });

  it("takes every word back out of the query by its words", () => {
    const query = "10K 1% 0603 resistor";
    const { understood } = understandQuery(query, SHOP);
    const left = query.split(" ").filter((w) => !understood.some((u) => u.words.includes(w.toLowerCase())));
    expect(left).toEqual(["resistor"]);
  });

  it("ignores a definition with a unit it does not know", () => {
    const odd = [{ ...def("speed", "number"), unit: "parsec" } as unknown as SpecAttributeDef, def("voltage", "number", "volt")];
    expect(understandQuery("5v fast", odd)).toEqual({ understood: [{ key: "voltage", value: 5, display: "5 V", words: ["5v"] }], remaining: "fast" });
  });
});
