import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { IMPORT_MAX_ROWS, XLSX_MAX_UNPACKED_BYTES } from "@/lib/catalog-import";
import { xlsxWorkbook } from "../../../../tests/fixtures/xlsx";
import { readSheetFile } from "./sheet-file";
import { readXlsxSheet } from "./xlsx";

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";

/** A workbook of one sheet whose XML is given as written (no shared strings unless given). */
function rawBook(sheetXml: string, sharedStrings?: string): Uint8Array {
  const files: Record<string, Uint8Array> = {
    "xl/workbook.xml": strToU8(`<workbook xmlns="${MAIN}" xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    "xl/_rels/workbook.xml.rels": strToU8(
      `<Relationships><Relationship Id="rId1" Type="x/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="x/sharedStrings" Target="/xl/sharedStrings.xml"/></Relationships>`,
    ),
    "xl/worksheets/sheet1.xml": strToU8(`<worksheet xmlns="${MAIN}"><sheetData>${sheetXml}</sheetData></worksheet>`),
  };
  if (sharedStrings) files["xl/sharedStrings.xml"] = strToU8(`<sst xmlns="${MAIN}">${sharedStrings}</sst>`);
  return zipSync(files);
}

describe("reading the first sheet of an XLSX workbook", () => {
  it("reads the workbook's first sheet (not the first file), with text, numbers and yes/no as a spreadsheet shows them", () => {
    const book = xlsxWorkbook([
      ["SKU ", "Name", "Price", "Free_Delivery"],
      ["A-1", "Ohm & <more>", 2600, true],
      [null, null, null, null],
      ["A-2", "Plain", 0.0000047, false],
    ]);
    const read = readSheetFile(book);
    expect(read).toEqual({
      ok: true,
      sheet: {
        columns: ["sku", "name", "price", "free_delivery"],
        rows: [
          { line: 2, cells: { sku: "A-1", name: "Ohm & <more>", price: "2600", free_delivery: "true" } },
          { line: 4, cells: { sku: "A-2", name: "Plain", price: "0.0000047", free_delivery: "false" } },
        ],
      },
    });
  });

  it("reads rich text, inline strings, character references, Office escapes, prefixed tags and cells without references", () => {
    const strings = `<si><r><t>Res</t></r><r><rPr><b/></rPr><t xml:space="preserve">istor </t></r><rPh><t>x</t></rPh></si><si><t>sku</t></si><si/>`;
    const sheet = [
      `<row r="3"><c r="A3" t="s"><v>1</v></c><c r="C3" t="inlineStr"><is><t>name</t></is></c></row>`,
      `<x:row r="7" xmlns:x="${MAIN}"><x:c r="A7" t="str"><x:v>K&#x2D;1</x:v></x:c><x:c r="C7" t="s"><x:v>0</x:v></x:c></x:row>`,
      `<row><c t="inlineStr"><is><t>K_x002D_2</t></is></c><c t="e"><v>#N/A</v></c><c t="inlineStr"><is><t>two</t></is></c></row>`,
    ].join("");
    const read = readXlsxSheet(rawBook(sheet, strings));
    expect(read).toEqual({
      ok: true,
      sheet: {
        columns: ["sku", "name"],
        rows: [
          { line: 7, cells: { sku: "K-1", name: "Resistor " } },
          { line: 8, cells: { sku: "K-2", name: "two" } },
        ],
      },
    });
  });

  it("stops reading past the lines an import takes, so the import can say the file is too long", () => {
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 50 }, (_, i) => `<row r="${i + 2}"><c r="A${i + 2}"><v>${i}</v></c></row>`).join("");
    const read = readXlsxSheet(rawBook(`<row r="1"><c r="A1" t="inlineStr"><is><t>sku</t></is></c></row>${rows}`));
    expect(read.ok && read.sheet.rows.length).toBe(IMPORT_MAX_ROWS + 1);
  });

  it("refuses what is not a workbook, and a sheet that inflates past the limit, without inflating it all", () => {
    expect(readXlsxSheet(strToU8("PK\u0003\u0004 not really"))).toMatchObject({ ok: false, message: expect.stringMatching(/not an XLSX workbook/) });
    expect(readXlsxSheet(zipSync({ "a.txt": strToU8("hello") }))).toMatchObject({ ok: false, message: expect.stringMatching(/not an XLSX workbook/) });
    // one empty row, repeated: compresses to almost nothing, unpacks past the limit
    const row = "<row/>";
    const sheet = row.repeat(Math.ceil((XLSX_MAX_UNPACKED_BYTES + 1024 * 1024) / row.length));
    const started = Date.now();
    expect(readXlsxSheet(rawBook(sheet))).toMatchObject({ ok: false, message: expect.stringMatching(/unpacks to more than/) });
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it("reads CSV text too, and refuses text that is not UTF-8", () => {
    expect(readSheetFile(strToU8("SKU,Price\nA,1\n\nB,2\n"))).toEqual({
      ok: true,
      sheet: {
        columns: ["sku", "price"],
        rows: [
          { line: 2, cells: { sku: "A", price: "1" } },
          { line: 4, cells: { sku: "B", price: "2" } },
        ],
      },
    });
    expect(readSheetFile(new Uint8Array([0xff, 0xfe, 0x41]))).toMatchObject({ ok: false, message: expect.stringMatching(/not UTF-8/) });
  });
});
