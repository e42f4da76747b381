import { describe, expect, it } from "vitest";
import { fromSpreadsheetCell, spreadsheetSafe } from "./spreadsheet-safe";

describe("spreadsheetSafe", () => {
  it("keeps formula characters at the start from running in a spreadsheet", () => {
    expect(spreadsheetSafe('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(spreadsheetSafe("+255 712 345 678")).toBe("'+255 712 345 678");
    expect(spreadsheetSafe("-1")).toBe("'-1");
    expect(spreadsheetSafe("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(spreadsheetSafe("\t=1")).toBe("'\t=1");
  });

  it("leaves ordinary text alone", () => {
    expect(spreadsheetSafe("asha@example.tz")).toBe("asha@example.tz");
    expect(spreadsheetSafe("Mozilla/5.0 = fine in the middle")).toBe("Mozilla/5.0 = fine in the middle");
    expect(spreadsheetSafe("")).toBe("");
  });
});

describe("fromSpreadsheetCell", () => {
  it("reads back what spreadsheetSafe wrote, and leaves other apostrophes alone", () => {
    for (const value of ["=1+1", "-5 V regulator", "@home", "plain", "'quoted'"]) expect(fromSpreadsheetCell(spreadsheetSafe(value))).toBe(value);
    expect(fromSpreadsheetCell("'tis")).toBe("'tis");
  });
});
