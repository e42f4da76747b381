import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { GERBER_MAX_UNPACKED_BYTES, checkGerberZip, isGerberName, isUnsafeName } from "./gerber-zip";

const TOP = strToU8("G04 KiCad*\n%FSLAX46Y46*%\n%MOMM*%\nM02*\n");

describe("Gerber ZIP check", () => {
  it("knows the layer and drill names CAD tools write", () => {
    for (const name of ["board-F_Cu.gtl", "out/board.GBL", "board.gm1", "board.GKO", "drill/board-PTH.drl", "board.xln", "NC Drill/drill.txt", "board.gbr"])
      expect(isGerberName(name), name).toBe(true);
    for (const name of ["readme.txt", "board.pdf", "board.kicad_pcb", "gtl", "notes"]) expect(isGerberName(name), name).toBe(false);
  });

  it("treats names that could climb out of a folder as unsafe", () => {
    for (const name of ["../a.gtl", "a/../../b.gtl", "/etc/a.gtl", "C:/a.gtl", "a\\..\\b.gtl", "a\u0000.gtl", ""]) expect(isUnsafeName(name), name).toBe(true);
    for (const name of ["a.gtl", "gerbers/a.gtl", "a..b.gtl"]) expect(isUnsafeName(name), name).toBe(false);
  });

  it("accepts a ZIP with a real Gerber layer and counts what it unpacks to", () => {
    const result = checkGerberZip(zipSync({ "board.gtl": TOP, "readme.txt": strToU8("hello") }));
    expect(result).toMatchObject({ ok: true, gerberFiles: ["board.gtl"], entries: 2 });
  });

  it("refuses what is not a ZIP, a damaged one, and one whose directory promises more than the cap", () => {
    expect(checkGerberZip(strToU8("just text, not an archive"))).toEqual({ ok: false, problem: "not-a-zip" });
    const zip = zipSync({ "board.gtl": TOP });
    expect(checkGerberZip(zip.subarray(0, zip.length - 10))).toEqual({ ok: false, problem: "not-a-zip" });
    // a stored (uncompressed) entry of just over the cap is refused from its declared size alone, before anything is read
    const big = new Uint8Array(GERBER_MAX_UNPACKED_BYTES + 1);
    const stored = zipSync({ "board.gtl": TOP, "big.gbr": [big, { level: 0 }] });
    expect(checkGerberZip(stored)).toEqual({ ok: false, problem: "too-large-unpacked" });
  });
});
