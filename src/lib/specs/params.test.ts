import { describe, expect, it } from "vitest";
import { rangeValue, readSpecParams, splitSpecValue, toggleListValue, writeSpecParams } from "./params";

describe("spec parameters", () => {
  it("reads spec.<key> parameters from an address, joining repeats", () => {
    const params = new URLSearchParams("category=passive-components&spec.package=0805&spec.package=0603&spec.resistance=1k..10k&spec.empty=");
    expect(readSpecParams(params)).toEqual({ package: "0805,0603", resistance: "1k..10k" });
    expect(readSpecParams({ "spec.voltage": ["3.3", "5"], search: "ldo" })).toEqual({ voltage: "3.3,5" });
  });
  it("writes them in key order, so one selection has one address", () => {
    expect(writeSpecParams(new URLSearchParams(), { voltage: "5", package: "TO-220" }).toString()).toBe("spec.package=TO-220&spec.voltage=5");
  });
  it("splits a value into a range or a list", () => {
    expect(splitSpecValue("1000..")).toEqual({ range: ["1000", ""] });
    expect(splitSpecValue("..4k7")).toEqual({ range: ["", "4k7"] });
    expect(splitSpecValue("0805, 0603,0805")).toEqual({ list: ["0805", "0603"] });
  });
  it("toggles a list item and writes a range", () => {
    expect(toggleListValue(undefined, "0805")).toBe("0805");
    expect(toggleListValue("0805,0603", "0805")).toBe("0603");
    expect(toggleListValue("1..5", "0805")).toBe("0805");
    expect(rangeValue(null, null)).toBeNull();
    expect(rangeValue(1000, null)).toBe("1000..");
    expect(rangeValue(1e-7, 1e-6)).toBe("1e-7..0.000001");
  });
});
