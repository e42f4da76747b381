import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import { pdfText, renderSpecSheet } from "./spec-sheet";

async function textOf(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, " ");
  } finally {
    await parser.destroy();
  }
}

describe("spec sheet", () => {
  it("writes what the standard fonts cannot draw as engineers do", () => {
    expect(pdfText("10 kΩ ±1%")).toBe("10 kOhm ±1%");
    expect(pdfText("4.7 μF, 4.7 µF")).toBe("4.7 µF, 4.7 µF");
    expect(pdfText("V ≤ 5 — ok")).toBe("V <= 5 — ok");
    expect(pdfText("Ŝ ✓")).toBe("S ?");
    expect(pdfText("Kiswahili: ndiyo")).toBe("Kiswahili: ndiyo");
  });

  it("says in both languages that the shop made it and that it is not the manufacturer's datasheet", async () => {
    const pdf = await renderSpecSheet({
      name: "LM7805 voltage regulator",
      sku: "REG-7805",
      brand: "ST",
      category: { en: "Power", sw: "Nishati" },
      description: "5 V linear regulator.",
      packSize: 1,
      specs: [
        { label: { en: "Output voltage", sw: "Volteji ya kutoa" }, value: { en: "5 V", sw: "5 V" }, byOption: false },
        { label: { en: "Package", sw: "Kifurushi" }, value: { en: "TO-220", sw: "TO-220" }, byOption: false },
      ],
      shopName: "Kilima Electronics",
      generatedAt: new Date("2026-11-01T10:00:00Z"),
    });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.length).toBeLessThan(20_000);
    const text = await textOf(pdf);
    expect(text).toContain("LM7805 voltage regulator");
    expect(text).toContain("This is not the manufacturer's datasheet");
    expect(text).toContain("Hii si karatasi ya data ya mtengenezaji");
    expect(text).toContain("Output voltage / Volteji ya kutoa 5 V");
    expect(text).toContain("Package / Kifurushi TO-220");
  });
});
