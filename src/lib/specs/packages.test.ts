import { describe, expect, it } from "vitest";
import { isChipPackage, normalizePackage, packageLabel, packageSearchForms } from "./packages";

const reads: [string, string][] = [
  ["0805", "0805"],
  ["0805 smd", "0805"],
  ["0805SMD", "0805"],
  ["SMD 0805", "0805"],
  ["0805 (imperial)", "0805"],
  ["2012 metric", "0805"],
  ["2012M", "0805"],
  ["2012m", "0805"],
  ["0805 (2012 metric)", "0805"],
  ["01005", "01005"],
  ["0402 metric", "01005"],
  ["0201", "0201"],
  ["0603M", "0201"],
  ["0402", "0402"],
  ["1005 metric", "0402"],
  ["0603", "0603"],
  ["1608M", "0603"],
  ["1206", "1206"],
  ["3216 metric", "1206"],
  ["1210", "1210"],
  ["3225M", "1210"],
  ["2010", "2010"],
  ["5025 metric", "2010"],
  ["2512", "2512"],
  ["6332M", "2512"],
  ["1812", "1812"],
  ["to220", "TO-220"],
  ["to-220", "TO-220"],
  ["TO 220", "TO-220"],
  ["TO-220AB", "TO-220"],
  ["TO220-3", "TO-220"],
  ["to-92", "TO-92"],
  ["TO92", "TO-92"],
  ["to-247", "TO-247"],
  ["TO-263", "TO-263"],
  ["D2PAK", "TO-263"],
  ["d2pak", "TO-263"],
  ["TO-252", "TO-252"],
  ["DPAK", "TO-252"],
  ["sot23", "SOT-23"],
  ["SOT-23", "SOT-23"],
  ["SOT-23-5", "SOT-23-5"],
  ["sot25", "SOT-23-5"],
  ["sot223", "SOT-223"],
  ["SOT 223", "SOT-223"],
  ["SOT-89", "SOT-89"],
  ["SOIC-8", "SOIC-8"],
  ["soic8", "SOIC-8"],
  ["SO-8", "SOIC-8"],
  ["SOP-8", "SOIC-8"],
  ["SOIC 16", "SOIC-16"],
  ["DIP-8", "DIP-8"],
  ["dip14", "DIP-14"],
  ["DIP-16", "DIP-16"],
  ["PDIP-28", "DIP-28"],
  ["DIP 40", "DIP-40"],
  ["QFN-32", "QFN-32"],
  ["qfn48", "QFN-48"],
  ["TQFP-32", "TQFP-32"],
  ["LQFP-48", "LQFP-48"],
  ["LQFP64", "LQFP-64"],
  ["TSSOP-20", "TSSOP-20"],
  ["SMA", "SMA"],
  ["DO-214AC", "SMA"],
  ["DO-214AA", "SMB"],
  ["do214ab", "SMC"],
  ["DO-41", "DO-41"],
  ["do35", "DO-35"],
  ["SOD-123", "SOD-123"],
  ["through hole", "THT"],
  ["Through-hole", "THT"],
  ["THT", "THT"],
  ["axial", "Axial"],
  ["Radial", "Radial"],
  ["module", "Module"],
  ["SOIC", "SOIC"],
  ["dip", "DIP"],
];

describe("normalizePackage", () => {
  it.each(reads)("reads %j as %s", (input, code) => {
    expect(normalizePackage(input)).toBe(code);
  });

  it.each([
    "",
    "  ",
    "abc",
    "resistor",
    "10k",
    "0806",
    "2013 metric",
    "1234",
    "18650",
    "esp32",
    "mq-2",
    "hc-05",
    "nema17",
    "lm7805",
    "so",
    "dil",
    "soic1",
    "to",
    "0805 (1608 metric)",
    "x".repeat(50),
  ])("refuses %j", (input) => {
    expect(normalizePackage(input)).toBeNull();
  });

  it("reads every code it gives and every label it shows back as itself", () => {
    for (const [, code] of reads) {
      expect(normalizePackage(code)).toBe(code);
      expect(normalizePackage(packageLabel(code))).toBe(code);
      // a bare metric code is searched but not read as a package: "2012" alone may be anything
      for (const form of packageSearchForms(code)) if (!/^\d{4}$/.test(form) || form === code) expect(normalizePackage(form), form).toBe(code);
    }
  });
});

describe("packageLabel", () => {
  it("shows the metric code beside an SMD chip size", () => {
    expect(packageLabel("0805")).toBe("0805 (2012 metric)");
    expect(packageLabel("0603")).toBe("0603 (1608 metric)");
    expect(packageLabel("01005")).toBe("01005 (0402 metric)");
    expect(packageLabel("TO-220")).toBe("TO-220");
    expect(packageLabel("Module")).toBe("Module");
  });
});

describe("packageSearchForms", () => {
  it("gives the imperial and metric forms of a chip size", () => {
    expect(packageSearchForms("0805")).toEqual(["0805", "2012", "2012m", "2012 metric"]);
  });
  it("gives the written, compact, spaced and other names of a named package", () => {
    expect(packageSearchForms("TO-220")).toEqual(expect.arrayContaining(["to-220", "to220", "to 220"]));
    expect(packageSearchForms("TO-263")).toEqual(expect.arrayContaining(["to-263", "to263", "d2pak"]));
    expect(packageSearchForms("SOIC-8")).toEqual(expect.arrayContaining(["soic-8", "soic8", "so-8", "so8", "sop8"]));
  });
});

describe("isChipPackage", () => {
  it("knows the SMD chip sizes", () => {
    expect(isChipPackage("0805")).toBe(true);
    expect(isChipPackage("TO-220")).toBe(false);
    expect(isChipPackage("2012")).toBe(false);
  });
});
