import { describe, expect, it } from "vitest";
import {
  breaksFor,
  checkLadder,
  formatLadder,
  nextBreak,
  packSizeFromName,
  parseLadder,
  percentOffPrice,
  priceLadder,
  stepAt,
  tierBreaks,
  unitPriceAt,
  usableBreaks,
} from "./price-breaks";

const OWN = [
  { minQuantity: 10, price: 2_600 },
  { minQuantity: 100, price: 2_200 },
];
const SHOP = [
  { minQuantity: 10, percentOff: 3 },
  { minQuantity: 50, percentOff: 5 },
  { minQuantity: 100, percentOff: 8 },
];

describe("priceLadder and unitPriceAt", () => {
  it("prices each unit at the break the quantity reaches", () => {
    const ladder = priceLadder(3_000, OWN, SHOP);
    expect(ladder).toEqual({ source: "product", steps: [{ minQuantity: 1, price: 3_000 }, ...OWN] });
    expect(unitPriceAt(ladder, 1)).toBe(3_000);
    expect(unitPriceAt(ladder, 9)).toBe(3_000);
    expect(unitPriceAt(ladder, 10)).toBe(2_600);
    expect(unitPriceAt(ladder, 99)).toBe(2_600);
    expect(unitPriceAt(ladder, 100)).toBe(2_200);
    expect(unitPriceAt(ladder, 999)).toBe(2_200);
    expect(stepAt(ladder, 9)).toBe(0);
    expect(stepAt(ladder, 10)).toBe(1);
    expect(stepAt(ladder, 150)).toBe(2);
  });

  it("never stacks: a product's own breaks replace the shop's tiers, which apply only without them", () => {
    expect(priceLadder(3_000, OWN, SHOP).source).toBe("product");
    const shop = priceLadder(3_000, [], SHOP);
    expect(shop).toEqual({
      source: "shop",
      steps: [
        { minQuantity: 1, price: 3_000 },
        { minQuantity: 10, price: 2_910 },
        { minQuantity: 50, price: 2_850 },
        { minQuantity: 100, price: 2_760 },
      ],
    });
    // at 100 the shop's 8 % would be 2,760; the product's own 2,200 is what applies, not both
    expect(unitPriceAt(priceLadder(3_000, OWN, SHOP), 100)).toBe(2_200);
    expect(priceLadder(3_000, [], [])).toEqual({ source: "none", steps: [{ minQuantity: 1, price: 3_000 }] });
  });

  it("keeps the product's source even when none of its breaks can lower today's price (the shop's tiers stay off)", () => {
    const ladder = priceLadder(2_000, OWN, SHOP);
    expect(ladder).toEqual({ source: "product", steps: [{ minQuantity: 1, price: 2_000 }] });
    expect(unitPriceAt(ladder, 500)).toBe(2_000);
  });
});

describe("usableBreaks", () => {
  it("skips breaks that would not lower the price, so a break never raises one", () => {
    expect(usableBreaks(2_500, OWN)).toEqual([{ minQuantity: 100, price: 2_200 }]);
    expect(
      usableBreaks(3_000, [
        { minQuantity: 100, price: 2_700 },
        { minQuantity: 10, price: 2_600 },
      ]),
    ).toEqual([{ minQuantity: 10, price: 2_600 }]);
    expect(usableBreaks(3_000, [{ minQuantity: 1, price: 100 }])).toEqual([]);
  });
});

describe("shop tiers", () => {
  it("are percents off in whole shillings, two decimals exact", () => {
    expect(percentOffPrice(3_000, 3)).toBe(2_910);
    expect(percentOffPrice(1_999, 7.5)).toBe(1_849); // 1,849.075
    expect(percentOffPrice(150, 5)).toBe(143); // 142.5 rounds up
    expect(percentOffPrice(1_000, 0)).toBe(1_000);
  });

  it("leave out tiers that save nothing at a small price", () => {
    // at TSh 10, 3 % and 5 % round back to 10; only 8 % (9.2) saves a shilling
    expect(tierBreaks(10, SHOP)).toEqual([{ minQuantity: 100, price: 9 }]);
    expect(tierBreaks(1_000, [{ minQuantity: 10, percentOff: 0 }])).toEqual([]);
  });
});

describe("nextBreak", () => {
  it("says how many more reach the next cheaper step, and its price", () => {
    const ladder = priceLadder(3_000, OWN, SHOP);
    expect(nextBreak(ladder, 7)).toEqual({ more: 3, minQuantity: 10, price: 2_600 });
    expect(nextBreak(ladder, 10)).toEqual({ more: 90, minQuantity: 100, price: 2_200 });
    expect(nextBreak(ladder, 100)).toBeNull();
    expect(nextBreak(priceLadder(3_000, [], []), 5)).toBeNull();
  });
});

describe("breaksFor", () => {
  const rows = [
    { variantId: null, minQuantity: 100, price: 2_200 },
    { variantId: null, minQuantity: 10, price: 2_600 },
    { variantId: 7, minQuantity: 5, price: 900 },
  ];
  it("takes an option's own breaks, else the product's shared ones, by quantity", () => {
    expect(breaksFor(rows, 7)).toEqual([{ minQuantity: 5, price: 900 }]);
    expect(breaksFor(rows, 8)).toEqual(OWN);
    expect(breaksFor(rows, null)).toEqual(OWN);
    expect(breaksFor([], 8)).toEqual([]);
  });
});

describe("checkLadder", () => {
  it("accepts breaks in any order and answers them by quantity", () => {
    expect(checkLadder(3_000, [...OWN].reverse())).toEqual({ ok: true, breaks: OWN });
    expect(checkLadder(3_000, [])).toEqual({ ok: true, breaks: [] });
  });

  it("refuses a bad ladder, naming the break", () => {
    expect(checkLadder(3_000, [{ minQuantity: 1, price: 2_000 }])).toEqual({ ok: false, problem: "quantity", index: 0 });
    expect(checkLadder(3_000, [{ minQuantity: 2.5, price: 2_000 }])).toMatchObject({ problem: "quantity" });
    expect(checkLadder(3_000, [{ minQuantity: 10, price: 2_599.5 }])).toMatchObject({ problem: "price" });
    expect(checkLadder(3_000, [{ minQuantity: 10, price: 0 }])).toMatchObject({ problem: "price" });
    expect(checkLadder(3_000, [{ minQuantity: 10, price: 3_000 }])).toMatchObject({ problem: "notBelowUnitPrice", index: 0 });
    expect(
      checkLadder(3_000, [
        { minQuantity: 10, price: 2_600 },
        { minQuantity: 100, price: 2_600 },
      ]),
    ).toEqual({ ok: false, problem: "notDecreasing", index: 1 });
    expect(
      checkLadder(3_000, [
        { minQuantity: 100, price: 2_700 },
        { minQuantity: 10, price: 2_600 },
      ]),
    ).toEqual({ ok: false, problem: "notDecreasing", index: 0 });
    expect(
      checkLadder(3_000, [
        { minQuantity: 10, price: 2_600 },
        { minQuantity: 10, price: 2_500 },
      ]),
    ).toEqual({ ok: false, problem: "duplicate", index: 1 });
    const many = Array.from({ length: 11 }, (_, i) => ({ minQuantity: 10 * (i + 1), price: 2_900 - i * 10 }));
    expect(checkLadder(3_000, many)).toMatchObject({ ok: false, problem: "tooMany" });
  });
});

describe("the CSV cell", () => {
  it("round-trips", () => {
    expect(formatLadder([...OWN].reverse())).toBe("10:2600;100:2200");
    expect(parseLadder("10:2600;100:2200")).toEqual(OWN);
    expect(formatLadder([])).toBe("");
    expect(parseLadder("")).toEqual([]);
  });

  it("reads the usual ways people type it, and refuses what it cannot read", () => {
    expect(parseLadder(" 10 : 2600 ; 100:2,200; ")).toEqual(OWN);
    expect(parseLadder("10+=2600")).toEqual([{ minQuantity: 10, price: 2_600 }]);
    expect(parseLadder("10:26.5")).toBeNull();
    expect(parseLadder("ten:2600")).toBeNull();
    expect(parseLadder("10-2600")).toBeNull();
  });
});

describe("packSizeFromName", () => {
  it("reads the pieces one unit holds", () => {
    expect(packSizeFromName("10kΩ Resistor 1/4W (Pack of 100)")).toBe(100);
    expect(packSizeFromName("Jumper wires 40pcs")).toBe(40);
    expect(packSizeFromName("LED 5mm red, bag of 50")).toBe(50);
    expect(packSizeFromName("Resistor assortment kit 600pcs")).toBe(1);
    expect(packSizeFromName("Arduino Uno R3")).toBe(1);
    expect(packSizeFromName("Banana Plug to Crocodile Clip Test Leads (Pair)")).toBe(2);
    expect(packSizeFromName("XT60 Connector Pair Male/Female (Pack of 5)")).toBe(5);
  });
});
