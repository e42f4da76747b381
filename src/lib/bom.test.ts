import { describe, expect, it } from "vitest";
import { analysePart, BOM_MAX_LINES, bomFileProblem, countDesignators, footprintWords, packageOf, parseBom, partNumbersOf, powerOf, valuesOf } from "./bom";

const one = (text: string) => parseBom(text).lines[0];

describe("parseBom: quantities in the notations people use", () => {
  it("reads a leading count with x, ×, pcs or a bare number", () => {
    expect(one("10 x 10k resistor 0805")).toEqual({ text: "10k resistor 0805", quantity: 10 });
    expect(one("10x NE555")).toEqual({ text: "NE555", quantity: 10 });
    expect(one("5 pcs NE555P")).toEqual({ text: "NE555P", quantity: 5 });
    expect(one("3 BC547")).toEqual({ text: "BC547", quantity: 3 });
  });
  it("reads a trailing count after a comma, x or qty", () => {
    expect(one("ESP32-WROOM-32, 2")).toEqual({ text: "ESP32-WROOM-32", quantity: 2 });
    expect(one("100nF 0805 ceramic capacitor; qty 50")).toEqual({ text: "100nF 0805 ceramic capacitor", quantity: 50 });
    expect(one("LM358N x5")).toEqual({ text: "LM358N", quantity: 5 });
    expect(one("1N4007 x 20")).toEqual({ text: "1N4007", quantity: 20 });
  });
  it("never reads a value or a unit as a quantity", () => {
    expect(one("10k resistor")).toEqual({ text: "10k resistor", quantity: 1 });
    expect(one("12 V relay")).toEqual({ text: "12 V relay", quantity: 1 });
    expect(one("2N3055 TO-3")).toEqual({ text: "2N3055 TO-3", quantity: 1 });
  });
  it("skips empty lines and comments, and keeps at most 200 lines", () => {
    expect(parseBom("# my board\n\nNE555\n// note\n").lines).toHaveLength(1);
    const big = parseBom(Array.from({ length: 205 }, (_, i) => `R${i} 10k`).join("\n"));
    expect(big.lines).toHaveLength(BOM_MAX_LINES);
    expect(big.dropped).toBe(5);
  });
});

describe("parseBom: CSV by its header", () => {
  it("reads qty,part,description with quoted cells", () => {
    expect(parseBom('qty,part,description\n4,LM358,dual op amp\n2,ESP32-WROOM-32,"wifi module, 4MB"').lines).toEqual([
      { text: "LM358 dual op amp", quantity: 4 },
      { text: "ESP32-WROOM-32 wifi module, 4MB", quantity: 2 },
    ]);
  });
  it("reads KiCad's Reference,Value,Footprint,Qty: the footprint's package and kind, designators counted without a Qty", () => {
    const bom = parseBom(
      '"Reference","Value","Footprint","Qty"\n"R1,R2,R3","10k","Resistor_SMD:R_0805_2012Metric","3"\n"U1","NE555","Package_DIP:DIP-8_W7.62mm","1"',
    );
    expect(bom.lines).toEqual([
      { text: "10k resistor 0805", quantity: 3 },
      { text: "NE555 DIP-8", quantity: 1 },
    ]);
    expect(parseBom("Reference;Value\nC1 C2 C5;100n").lines).toEqual([{ text: "100n capacitor", quantity: 3 }]);
    expect(countDesignators("R1, R2, R5-R7")).toBe(5);
    expect(footprintWords("Capacitor_SMD:C_0603_1608Metric")).toBe("capacitor 0603");
  });
});

describe("analysePart: one normal form per property", () => {
  it("reads resistances in every spelling", () => {
    for (const text of ["10k", "10K", "10kΩ", "10K ohm", "10 kohm", "10k0"]) expect(valuesOf(text), text).toEqual([{ kind: "resistance", si: 10_000 }]);
    expect(valuesOf("4k7")).toEqual([{ kind: "resistance", si: 4700 }]);
    expect(valuesOf("220R")).toEqual([{ kind: "resistance", si: 220 }]);
    expect(valuesOf("1M")).toEqual([{ kind: "resistance", si: 1e6 }]);
  });
  it("reads capacitances: 100nF = 0.1uF = 100n = 0.1µF", () => {
    for (const text of ["100nF", "0.1uF", "100n", "0.1µF", "100 nF"]) {
      const [value] = valuesOf(text);
      expect(value?.kind, text).toBe("capacitance");
      expect(value!.si).toBeCloseTo(1e-7, 12);
    }
    expect(valuesOf("4n7")[0]!.si).toBeCloseTo(4.7e-9, 15);
  });
  it("reads power, packages and part numbers", () => {
    expect(powerOf("1/4W")).toBe(0.25);
    expect(powerOf("0.25W")).toBe(0.25);
    expect(powerOf("250mW")).toBe(0.25);
    expect(packageOf("SOT23")).toBe("SOT-23");
    expect(packageOf("dip8")).toBe("DIP-8");
    expect(packageOf("TO220")).toBe("TO-220");
    expect(packageOf("0805 cap")).toBe("0805");
    expect(partNumbersOf("ESP32-WROOM-32")).toEqual(partNumbersOf("esp32wroom32"));
    expect(partNumbersOf("2N3055 TO-3 power transistor 5mm 12V 100uF")).toEqual(["2n3055"]);
  });
  it("gives the kind from the words, or from the value", () => {
    expect(analysePart("10k 0805").kind).toBe("resistor");
    expect(analysePart("100nF").kind).toBe("capacitor");
    expect(analysePart("10k potentiometer").kind).toBe("potentiometer");
    expect(analysePart("resistor kit 600 pcs").kind).toBe("kit");
  });
});

describe("bomFileProblem", () => {
  it("takes text files up to 200 KB", () => {
    expect(bomFileProblem({ name: "bom.csv", size: 1000, type: "text/csv" })).toBeNull();
    expect(bomFileProblem({ name: "bom.txt", size: 300 * 1024, type: "text/plain" })).toBe("too-large");
    expect(bomFileProblem({ name: "bom.xlsx", size: 1000, type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" })).toBe("wrong-type");
  });
});
