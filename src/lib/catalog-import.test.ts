import { describe, expect, it } from "vitest";
import { pictureSku, readWholeNumber, specColumn, specColumnKey } from "./catalog-import";

describe("a sheet's whole numbers (money in shillings, stock in pieces)", () => {
  it("reads digits with thousands grouped by commas or spaces, and an empty cell as no value", () => {
    expect(readWholeNumber("2600", 10_000)).toEqual({ ok: true, value: 2600 });
    expect(readWholeNumber("2,600", 10_000)).toEqual({ ok: true, value: 2600 });
    expect(readWholeNumber(" 1 250 000 ", 2_000_000)).toEqual({ ok: true, value: 1_250_000 });
    expect(readWholeNumber("", 10)).toEqual({ ok: true, value: undefined });
    expect(readWholeNumber(undefined, 10)).toEqual({ ok: true, value: undefined });
  });
  it("refuses decimals, signs, words, misplaced separators and values over the limit", () => {
    for (const cell of ["2600.50", "-4", "+4", "twelve", "26,00", "1e3", "0x10", "12 34"])
      expect(readWholeNumber(cell, 1_000_000), cell).toEqual({ ok: false });
    expect(readWholeNumber("11", 10)).toEqual({ ok: false });
  });
});

describe("spec.<key> columns", () => {
  it("names an attribute key in lower-case words", () => {
    expect(specColumnKey("spec.resistance")).toBe("resistance");
    expect(specColumnKey("spec.output_voltage")).toBe("output_voltage");
    expect(specColumn("package")).toBe("spec.package");
    for (const column of ["spec.", "spec.Resistance", "spec.1k", "price", "specs.resistance", "spec.a-b"]) expect(specColumnKey(column), column).toBeNull();
  });
});

describe("a picture's file name in a ZIP", () => {
  it("is its product's SKU with a picture's ending, whatever folder it is in", () => {
    expect(pictureSku("KE-PAS-0001.jpg")).toBe("KE-PAS-0001");
    expect(pictureSku("photos/2026/KE-PAS-0001.JPEG")).toBe("KE-PAS-0001");
    expect(pictureSku("KE.PAS.1.webp")).toBe("KE.PAS.1");
    expect(pictureSku("a.png")).toBe("a");
    for (const name of ["notes.txt", "KE-PAS-0001", ".png", "photos/", "KE-PAS-0001.gif", "photos/.hidden.jpg"]) expect(pictureSku(name), name).toBeNull();
  });
});
