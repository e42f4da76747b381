import { describe, expect, it } from "vitest";
import { checkSpecAttribute, previewSpecInput, specInputText, splitOptions, type SpecAttributeInput } from "./spec-admin";
import { parseSpecValue, type SpecAttributeDef } from "./specs/values";

const base: SpecAttributeInput = {
  key: "resistance",
  nameEn: "Resistance",
  nameSw: "Ukinzani",
  kind: "number",
  unit: "ohm",
  options: [],
  isFilter: true,
  isKey: true,
};
const def = (over: Partial<SpecAttributeDef>): SpecAttributeDef => ({ ...base, sortOrder: 1, ...over });

describe("checkSpecAttribute", () => {
  it("takes a well-formed number, list and yes/no", () => {
    expect(checkSpecAttribute(base)).toBeNull();
    expect(checkSpecAttribute({ ...base, key: "package", kind: "list", unit: null, options: ["0805", "0603"] })).toBeNull();
    expect(checkSpecAttribute({ ...base, key: "wifi", kind: "boolean", unit: null })).toBeNull();
    expect(checkSpecAttribute({ ...base, key: "colour", kind: "list", unit: null, options: [] })).toBeNull();
  });

  it("refuses a key that is not lower-case words", () => {
    for (const key of ["Resistance", "1k", "", "with space", "a".repeat(41), "ä"]) expect(checkSpecAttribute({ ...base, key })?.field).toBe("key");
  });

  it("needs both names", () => {
    expect(checkSpecAttribute({ ...base, nameSw: " " })).toMatchObject({ field: "nameSw", reason: "specNameMissing" });
    expect(checkSpecAttribute({ ...base, nameEn: "x".repeat(61) })).toMatchObject({ field: "nameEn", reason: "specNameTooLong" });
  });

  it("needs a known unit for a number and none for the others", () => {
    expect(checkSpecAttribute({ ...base, key: "weight", unit: null })).toMatchObject({ field: "unit", reason: "specUnitMissing" });
    expect(checkSpecAttribute({ ...base, key: "weight", unit: "furlong" as never })).toMatchObject({ field: "unit", reason: "specUnitUnknown" });
    expect(checkSpecAttribute({ ...base, key: "colour", kind: "list", unit: "ohm", options: [] })).toMatchObject({
      field: "unit",
      reason: "specUnitNotAllowed",
    });
  });

  it("keeps the standard keys' kind and unit", () => {
    expect(checkSpecAttribute({ ...base, unit: "volt" })).toMatchObject({ field: "unit", reason: "specStandardKey" });
    expect(checkSpecAttribute({ ...base, key: "package", kind: "boolean", unit: null })).toMatchObject({ field: "kind", reason: "specStandardKey" });
  });

  it("gives options to lists only, each once as the search reads them", () => {
    expect(checkSpecAttribute({ ...base, options: ["a"] })).toMatchObject({ field: "options", reason: "specOptionsNotAllowed" });
    const list = { ...base, key: "chemistry", kind: "list" as const, unit: null };
    expect(checkSpecAttribute({ ...list, options: ["Li-ion", "li ion"] })).toMatchObject({ reason: "specOptionTwice" });
    expect(checkSpecAttribute({ ...list, options: [" NiMH"] })).toMatchObject({ reason: "specOptionBad" });
    expect(checkSpecAttribute({ ...list, options: [""] })).toMatchObject({ reason: "specOptionBad" });
    expect(checkSpecAttribute({ ...list, options: Array.from({ length: 201 }, (_, i) => `o${i}`) })).toMatchObject({ reason: "specTooManyOptions" });
  });
});

describe("splitOptions", () => {
  it("reads one option a line or comma-separated, trimmed", () => {
    expect(splitOptions("0805\n 0603 ,1206\n\n")).toEqual(["0805", "0603", "1206"]);
  });
});

describe("previewSpecInput", () => {
  it("reads the shop's notation back as the shop shows it", () => {
    expect(previewSpecInput(def({}), "4k7", "en")).toEqual({ state: "ok", value: 4700, display: "4.7 kΩ" });
    const farad = def({ key: "capacitance", unit: "farad" });
    expect(previewSpecInput(farad, "100nF", "en")).toMatchObject({ state: "ok", display: "100 nF" });
    expect(previewSpecInput(def({}), "  ", "en")).toEqual({ state: "empty" });
    expect(previewSpecInput(def({}), "4x7", "en").state).toBe("bad");
  });

  it("reads yes and no in either language", () => {
    const yesNo = def({ key: "wifi", kind: "boolean", unit: null });
    expect(previewSpecInput(yesNo, "ndiyo", "sw")).toEqual({ state: "ok", value: true, display: "Ndiyo" });
  });
});

describe("specInputText", () => {
  it("starts a box with text that reads back to the stored value", () => {
    const cases: [SpecAttributeDef, number | string | boolean][] = [
      [def({}), 4700],
      [def({ key: "capacitance", unit: "farad" }), 1e-7],
      [def({ key: "tolerance", unit: "percent" }), 1],
      [def({ key: "flash", unit: "byte" }), 8 * 1024 * 1024],
      [def({ key: "package", kind: "list", unit: null, options: ["0805", "TO-220"] }), "TO-220"],
      [def({ key: "wifi", kind: "boolean", unit: null }), false],
    ];
    for (const [d, value] of cases) {
      const parsed = parseSpecValue(d, specInputText(d, value));
      expect(parsed.ok && parsed.value).toEqual(value);
    }
  });
});
