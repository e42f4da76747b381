import { describe, expect, it } from "vitest";
import { checkLadder, packSizeFromName } from "@/lib/price-breaks";
import { buildSeedProducts } from "./index";
import { seedLadder } from "./price-breaks";

describe("the demo catalogue's prices by quantity", () => {
  const products = buildSeedProducts();

  it("gives parts bought by the dozen or hundred 10+ and 100+ breaks, rounded, each a valid ladder", () => {
    const resistors = products.find((p) => p.sku === "KE-PAS-0001")!; // 10k carbon film, pack of 100, TSh 3,000
    expect(seedLadder(resistors, resistors.price)).toEqual([
      { minQuantity: 10, price: 2_750 },
      { minQuantity: 100, price: 2_450 },
    ]);
    let laddered = 0;
    for (const p of products)
      for (const price of p.variants?.length ? p.variants.map((v) => v.price) : [p.price]) {
        const ladder = seedLadder(p, price);
        if (!ladder.length) continue;
        laddered++;
        expect(checkLadder(price, ladder).ok, p.sku).toBe(true);
        for (const b of ladder) expect(b.price % (price < 5_000 ? 50 : 100), p.sku).toBe(0);
      }
    expect(laddered).toBeGreaterThan(50);
  });

  it("leaves out kits, assortments, dear items and the categories bought one at a time", () => {
    const none = (sku: string) => {
      const p = products.find((x) => x.sku === sku)!;
      return seedLadder(p, p.price);
    };
    expect(none("KE-PAS-0010")).toEqual([]); // resistor kit
    expect(none("KE-SEM-0020")).toEqual([]); // IGBT module, TSh 420,000
    const board = products.find((p) => p.categorySlug === "microcontrollers-development-boards")!;
    expect(seedLadder(board, board.price)).toEqual([]);
  });

  it("reads pack sizes from the names", () => {
    const sizes = new Map(products.map((p) => [p.sku, packSizeFromName(p.name)]));
    expect(sizes.get("KE-PAS-0001")).toBe(100);
    expect(sizes.get("KE-SEM-0007")).toBe(50);
    expect(sizes.get("KE-PAS-0010")).toBe(1);
  });
});
