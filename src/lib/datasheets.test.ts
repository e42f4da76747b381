import { describe, expect, it } from "vitest";
import { DATASHEET_MAX_BYTES, datasheetFileName, formatFileSize, isPdf, manufacturerUrlProblem } from "./datasheets";

describe("datasheets", () => {
  it("knows a PDF by its first bytes, not its name", () => {
    expect(isPdf(Buffer.from("%PDF-1.7\n%âãÏÓ\n"))).toBe(true);
    expect(isPdf(Buffer.from("%PDF-"))).toBe(false);
    expect(isPdf(Buffer.from("<html>%PDF-1.4"))).toBe(false);
    expect(isPdf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBe(false);
    expect(isPdf(new Uint8Array())).toBe(false);
  });

  it("names the download after the SKU, with safe characters only", () => {
    expect(datasheetFileName("ARD-UNO-R3")).toBe("ARD-UNO-R3-datasheet.pdf");
    expect(datasheetFileName('a"b/c\\d e')).toBe("a-b-c-d-e-datasheet.pdf");
    expect(datasheetFileName("../..")).toBe("product-datasheet.pdf");
  });

  it("takes a manufacturer's https page only", () => {
    expect(manufacturerUrlProblem("https://www.ti.com/lit/ds/symlink/lm7805.pdf")).toBeNull();
    expect(manufacturerUrlProblem("  https://st.com/x  ")).toBeNull();
    expect(manufacturerUrlProblem("http://www.ti.com/x.pdf")).toBe("notHttps");
    expect(manufacturerUrlProblem("javascript:alert(1)")).toBe("notHttps");
    expect(manufacturerUrlProblem("www.ti.com")).toBe("notUrl");
    expect(manufacturerUrlProblem("https://user:pw@evil.example/x")).toBe("notUrl");
    expect(manufacturerUrlProblem("https://localhost/x")).toBe("notUrl");
    expect(manufacturerUrlProblem(`https://x.com/${"a".repeat(2000)}`)).toBe("tooLong");
  });

  it("reads sizes in decimal units", () => {
    expect(formatFileSize(512, "en")).toBe("512 byte");
    expect(formatFileSize(84_300, "en")).toBe("84 kB");
    expect(formatFileSize(2_400_000, "en")).toBe("2.4 MB");
    expect(formatFileSize(84_300, "sw")).toContain("84");
    expect(DATASHEET_MAX_BYTES).toBe(20 * 1024 * 1024);
  });
});
