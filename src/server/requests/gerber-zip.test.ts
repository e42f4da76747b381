import zlib from "node:zlib";
import { Zip, ZipDeflate, strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { GERBER_LAYER, lyingZerosZip, rawZip } from "../../../tests/fixtures/zip-files";
import { GERBER_MAX_UNPACKED_BYTES, checkGerberZip, isGerberName, isUnsafeName } from "./gerber-zip";

const TOP = strToU8("G04 KiCad*\n%FSLAX46Y46*%\n%MOMM*%\nM02*\n");
const MiB = 1024 * 1024;

/** A copper layer of `lines` drawing commands: Gerber text that compresses like a real one. */
function copperLayer(lines: number): Uint8Array {
  const out = ["G04 Copper*", "%FSLAX46Y46*%", "%MOMM*%", "%ADD10C,0.250000*%", "D10*"];
  let seed = 7;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
  for (let i = 0; i < lines; i++) out.push(`X${next() % 100_000_000}Y${next() % 100_000_000}D0${1 + (i % 2)}*`);
  out.push("M02*");
  return strToU8(out.join("\n"));
}

/** What fflate's streaming writer makes: every entry's sizes in a data descriptor after its data. */
function streamedZip(files: Record<string, Uint8Array>): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const [name, content] of Object.entries(files)) {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(content, true);
  }
  zip.end();
  return Buffer.concat(chunks);
}

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
    expect(result).toMatchObject({ ok: true, gerberFiles: ["board.gtl"], entries: 2, unpackedBytes: TOP.length + 5 });
  });

  it("inflates a board of several megabytes step by step to exactly its size, stored or deflated, with or without data descriptors", () => {
    const copper = copperLayer(200_000);
    const drill = strToU8("M48\nMETRIC,TZ\nT1C0.800\n%\nT1\nX10.0Y10.0\nM30\n");
    expect(copper.length).toBeGreaterThan(4 * MiB);
    const files = { "gerbers/board-F_Cu.gtl": copper, "gerbers/board-B_Cu.gbl": copper.slice(0, 3 * MiB), "board.drl": drill, "gerbers/": new Uint8Array(0) };
    const total = copper.length + 3 * MiB + drill.length;
    for (const zip of [zipSync(files, { level: 9 }), zipSync(files, { level: 0 }), streamedZip(files)]) {
      expect(checkGerberZip(zip)).toEqual({
        ok: true,
        gerberFiles: ["gerbers/board-F_Cu.gtl", "gerbers/board-B_Cu.gbl", "board.drl"],
        entries: 4,
        unpackedBytes: total,
      });
    }
  });

  it("refuses what is not a ZIP, a damaged one, and one whose directory promises more than the cap", () => {
    expect(checkGerberZip(strToU8("just text, not an archive"))).toMatchObject({ ok: false, problem: "not-a-zip" });
    const zip = zipSync({ "board.gtl": TOP });
    expect(checkGerberZip(zip.subarray(0, zip.length - 10))).toMatchObject({ ok: false, problem: "not-a-zip" });
    // a stored (uncompressed) entry of just over the cap is refused from its declared size alone, before anything is read
    const big = new Uint8Array(GERBER_MAX_UNPACKED_BYTES + 1);
    const stored = zipSync({ "board.gtl": TOP, "big.gbr": [big, { level: 0 }] });
    expect(checkGerberZip(stored)).toEqual({ ok: false, problem: "too-large-unpacked", unpackedBytes: 0 });
    // deflated data cut short, and a compression method no CAD tool writes
    const layer = Buffer.from(GERBER_LAYER);
    const deflated = zlib.deflateRawSync(layer);
    expect(checkGerberZip(rawZip([{ name: "a.gtl", data: deflated.subarray(0, 20), size: layer.length }]))).toMatchObject({ problem: "damaged" });
    const bzip2 = rawZip([{ name: "a.gtl", data: deflated, size: layer.length }]);
    bzip2.writeUInt16LE(12, 8);
    bzip2.writeUInt16LE(12, bzip2.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 10);
    expect(checkGerberZip(bzip2)).toMatchObject({ problem: "damaged" });
  });

  it("stops at the first step past the size an entry's headers claim: 64 MB of zeros that say 4 KB inflate no further than one step", async () => {
    const zip = await lyingZerosZip(64 * MiB, 4096);
    expect(zip.length).toBeLessThan(100_000);
    const result = checkGerberZip(zip);
    expect(result).toMatchObject({ ok: false, problem: "too-large-unpacked" });
    // one step of 16 KB compressed is at most ~17 MB inflated
    expect(result.unpackedBytes).toBeLessThan(20 * MiB);
  });

  it("applies the ratio and the claimed size to an entry whose local header carries no sizes (a data descriptor)", async () => {
    // 99 MB of zeros in about 100 KB: the directory claiming nothing, a little, or the truth
    for (const claimed of [0, 4096, 99 * MiB]) {
      const zip = await lyingZerosZip(99 * MiB, claimed, { dataDescriptor: true });
      expect(zip.length).toBeLessThan(110_000);
      const result = checkGerberZip(zip);
      expect(result, `claims ${claimed}`).toMatchObject({ ok: false, problem: "too-large-unpacked" });
      expect(result.unpackedBytes).toBeLessThan(20 * MiB);
    }
  });

  it("refuses an archive whose local headers and directory disagree, so no unpacker sees other files than the check", () => {
    const layer = Buffer.from(GERBER_LAYER);
    const good = { name: "board.gtl", data: zlib.deflateRawSync(layer), size: layer.length };
    expect(checkGerberZip(rawZip([good]))).toMatchObject({ ok: true });
    const zeros = { name: "fill.gbr", data: zlib.deflateRawSync(Buffer.alloc(4 * MiB)), size: 4 * MiB };
    // an entry between two others that the directory does not list (an unpacker reading local headers would unpack it)
    expect(checkGerberZip(rawZip([good, { ...zeros, hidden: true }, { ...good, name: "board.gbl" }]))).toMatchObject({ problem: "damaged" });
    // the same data listed twice (overlapping entries multiply what one compressed stream unpacks to)
    expect(checkGerberZip(rawZip([{ ...good, listedTwice: true }]))).toMatchObject({ problem: "damaged" });
    // another name in the directory than in the local header
    expect(checkGerberZip(rawZip([{ ...good, centralName: "other.gtl" }]))).toMatchObject({ problem: "damaged" });
    // a local header whose sizes are not the directory's
    const local = rawZip([good]);
    local.writeUInt32LE(layer.length + 1, 22);
    expect(checkGerberZip(local)).toMatchObject({ problem: "damaged" });
    // a stored entry whose headers claim less than its bytes
    expect(checkGerberZip(rawZip([{ name: "a.gtl", data: layer, method: 0, size: 10 }]))).toMatchObject({ problem: "too-large-unpacked" });
  });

  it("refuses an Info-ZIP Unicode path (which unpackers use instead of the name) that climbs out of a folder", () => {
    const layer = Buffer.from(GERBER_LAYER);
    const path = Buffer.concat([Buffer.from([1, 0, 0, 0, 0]), Buffer.from("../../evil.gtl")]);
    const zip = rawZip([{ name: "board.gtl", data: zlib.deflateRawSync(layer), size: layer.length, extra: { id: 0x7075, data: path } }]);
    expect(checkGerberZip(zip)).toMatchObject({ ok: false, problem: "unsafe-name" });
  });
});
