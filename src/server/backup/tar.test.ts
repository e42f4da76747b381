import { describe, expect, it } from "vitest";
import { readTar, writeTar } from "./tar";

describe("backup archive (ustar)", () => {
  it("reads back what it wrote: names, long paths, empty and odd-sized files", () => {
    const long = `media/${"products/".repeat(14)}photo.webp`;
    const entries = [
      { name: "backup.json", data: Buffer.from('{"format":1}') },
      { name: "empty", data: Buffer.alloc(0) },
      { name: long, data: Buffer.alloc(1500, 7) },
      { name: "media/ads/banner-ü.webp", data: Buffer.from([1, 2, 3]) },
    ];
    const back = readTar(writeTar(entries));
    expect(back.map((e) => e.name)).toEqual(entries.map((e) => e.name));
    back.forEach((entry, i) => expect(Buffer.compare(Buffer.from(entry.data), entries[i]!.data)).toBe(0));
  });

  it("refuses unsafe names and damaged archives", () => {
    expect(() => writeTar([{ name: "../etc/passwd", data: Buffer.alloc(1) }])).toThrow(/unsafe/);
    expect(() => writeTar([{ name: "/abs", data: Buffer.alloc(1) }])).toThrow(/unsafe/);
    const archive = writeTar([{ name: "a", data: Buffer.from("hello") }]);
    const damaged = Buffer.from(archive);
    damaged[0] = "b".charCodeAt(0);
    expect(() => readTar(damaged)).toThrow(/checksum/);
    expect(() => readTar(archive.subarray(0, 600))).toThrow(/truncated|end marker/);
  });
});
