import { describe, expect, it } from "vitest";
import { COMPARE_MAX, addToCompare, compareHref, compareRows, parseCompareIds, readStoredCompare } from "./compare";

describe("compare", () => {
  it("reads the address's ids strictly", () => {
    expect(parseCompareIds("1,2,3")).toEqual([1, 2, 3]);
    expect(parseCompareIds(" 4 , 4,7")).toEqual([4, 7]);
    expect(parseCompareIds("")).toEqual([]);
    expect(parseCompareIds(undefined)).toEqual([]);
    expect(parseCompareIds("1,x")).toBeNull();
    expect(parseCompareIds("0")).toBeNull();
    expect(parseCompareIds("-1")).toBeNull();
    expect(parseCompareIds("1,,2")).toBeNull();
    expect(parseCompareIds("1,2,3,4,5")).toBeNull();
    expect(parseCompareIds("12345678901")).toBeNull();
  });

  it("keeps at most four, in the order chosen", () => {
    const item = (id: number) => ({ id, name: `P${id}`, image: `/media/products/p${id}.webp` });
    let items: ReturnType<typeof readStoredCompare> = [];
    for (const id of [5, 3, 5, 9, 1]) items = addToCompare(items, item(id)).items;
    expect(items.map((i) => i.id)).toEqual([5, 3, 9, 1]);
    expect(addToCompare(items, item(2))).toEqual({ items, full: true });
    expect(items.length).toBe(COMPARE_MAX);
    expect(compareHref(items.map((i) => i.id))).toBe("/compare?ids=5,3,9,1");
    expect(compareHref([])).toBe("/compare");
  });

  it("reads a damaged stored list leniently", () => {
    const good = { id: 3, name: "ESP32", image: "/media/products/esp32.webp" };
    expect(readStoredCompare(JSON.stringify([good, good, { id: 4, name: "Uno", image: "javascript:x" }]))).toEqual([good, { id: 4, name: "Uno", image: "" }]);
    expect(readStoredCompare("nonsense")).toEqual([]);
    expect(readStoredCompare('{"a":1}')).toEqual([]);
    expect(readStoredCompare(JSON.stringify([1, null, { id: -1, name: "x", image: "/x" }, { id: 2 }]))).toEqual([]);
    expect(readStoredCompare(JSON.stringify([1, 2, 3, 4, 5, 6].map((id) => ({ ...good, id }))))).toHaveLength(COMPARE_MAX);
    expect(readStoredCompare(null)).toEqual([]);
  });

  it("lines up the union of specifications and marks the rows that differ", () => {
    const rows = compareRows([
      [
        { key: "core", label: "Core", display: "ESP32" },
        { key: "flash", label: "Flash", display: "4 MB" },
      ],
      [
        { key: "core", label: "Core", display: "ESP32" },
        { key: "flash", label: "Flash", display: "8 MB" },
        { key: "wifi", label: "Wi-Fi", display: "Yes" },
      ],
    ]);
    expect(rows).toEqual([
      { key: "core", label: "Core", values: ["ESP32", "ESP32"], differs: false },
      { key: "flash", label: "Flash", values: ["4 MB", "8 MB"], differs: true },
      { key: "wifi", label: "Wi-Fi", values: [null, "Yes"], differs: true },
    ]);
    // one product alone differs from nothing; values per option are joined
    expect(
      compareRows([
        [
          { key: "r", label: "R", display: "1 kΩ" },
          { key: "r", label: "R", display: "10 kΩ" },
        ],
      ]),
    ).toEqual([{ key: "r", label: "R", values: ["1 kΩ, 10 kΩ"], differs: false }]);
  });
});
