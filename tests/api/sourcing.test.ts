import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseBom, splitCsvLine } from "../../src/lib/bom";
import type { BomMatchResponse } from "../../src/lib/api-contract";
import { setupApi } from "./harness";

const api = setupApi();

/**
 * A 30-line BOM in real notations: 23 lines name parts the demo catalogue sells (the SKU it must
 * find is the file's last column), 7 name parts it does not (an STM32H7, an LM3886, a 2N3055, an
 * 0805 capacitor, an 0603 resistor, an LDO, a USB bridge chip), which must stay unmatched.
 */
const FIXTURE = fs.readFileSync(path.join(__dirname, "../fixtures/sample-bom.csv"), "utf8");
const expected = FIXTURE.trim()
  .split(/\r?\n/)
  .slice(1)
  .map((row) => splitCsvLine(row, ",").at(-1) ?? "");

/** A distinct client address per call, so this file never meets another's per-address limit. */
let client = 0;
async function match(lines: unknown, ip = `10.77.${Math.floor(client / 250)}.${(client++ % 250) + 1}`) {
  const res = await api.app.inject({
    method: "POST",
    url: "/api/bom/match",
    headers: { "content-type": "application/json" },
    remoteAddress: ip,
    payload: JSON.stringify({ lines }),
  });
  return { status: res.statusCode, body: res.json() as BomMatchResponse & { code?: string } };
}

describe("POST /api/bom/match", () => {
  it("matches ≥ 90 % of the sample BOM's catalogue lines to the right product, and none of the others", async () => {
    const { lines } = parseBom(FIXTURE);
    expect(lines).toHaveLength(30);
    expect(expected).toHaveLength(30);
    const res = await match(lines);
    expect(res.status).toBe(200);
    expect(res.body.lines).toHaveLength(30);

    const report: string[] = [];
    let stocked = 0;
    let right = 0;
    for (const [i, line] of res.body.lines.entries()) {
      const sku = expected[i]!;
      const got = line.status === "matched" ? line.best!.product.sku : "-";
      report.push(`${line.text} → ${got} (want ${sku || "none"})`);
      if (sku) {
        stocked++;
        if (got === sku) right++;
      } else {
        // a part the catalogue does not have is never matched
        expect(line.status, line.text).toBe("unmatched");
        expect(line.best).toBeNull();
      }
    }
    expect(stocked).toBe(23);
    console.log(`BOM sample: ${right} of ${stocked} catalogue lines matched right\n${report.join("\n")}`);
    expect(right / stocked, report.join("\n")).toBeGreaterThanOrEqual(0.9);
  });

  it("gives each matched line its price, stock, option and the units that cover the quantity, with alternatives", async () => {
    const res = await match([
      { text: "100nF ceramic capacitor", quantity: 50 },
      { text: "10k resistor 1/4W", quantity: 10 },
      { text: "esp32 wroom 32", quantity: 1 },
    ]);
    expect(res.status).toBe(200);
    const [cap, res10k] = res.body.lines;
    expect(cap!.status).toBe("matched");
    expect(cap!.best!.reason).toBe("value");
    // the option with the value, and whole packs: 50 pieces from packs of 20 or 100
    expect(cap!.best!.options.map((o) => o.value).join(" ")).toMatch(/100nF/);
    expect(cap!.best!.units * cap!.best!.packSize).toBeGreaterThanOrEqual(50);
    expect(cap!.best!.variant).not.toBeNull();
    expect(res10k!.status).toBe("matched");
    expect(res10k!.best!.name).toMatch(/10k/i);
    expect(res10k!.best!.units).toBe(1); // a pack of 100 covers 10
    expect(res10k!.best!.price).toBeGreaterThan(0);
    expect(res10k!.alternatives.length).toBeGreaterThan(0);
    expect(res10k!.alternatives.length).toBeLessThanOrEqual(3);
    expect(res10k!.best!.product.description).toBe("");
  });

  it("refuses malformed BOMs with 400 and control characters in a line", async () => {
    expect((await match([])).status).toBe(400);
    expect((await match([{ text: "NE555", quantity: 0 }])).status).toBe(400);
    expect((await match([{ text: "NE555\u0000", quantity: 1 }])).status).toBe(400);
    expect((await match(Array.from({ length: 201 }, () => ({ text: "NE555", quantity: 1 })))).status).toBe(400);
    expect((await match([{ text: "x".repeat(201), quantity: 1 }])).status).toBe(400);
  });

  it("limits matching per client address", async () => {
    const ip = "10.78.0.1";
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await match([{ text: "NE555", quantity: 1 }], ip)).status;
    expect(last).toBe(429);
    expect((await match([{ text: "NE555", quantity: 1 }], "10.78.0.2")).status).toBe(200);
  });
});

describe("discovery shelves", () => {
  it("shows as deals only products with a real earlier price, and new arrivals newest first", async () => {
    const shelves = await api.services.discovery.load();
    expect(shelves.deals.length).toBeGreaterThan(0);
    for (const product of shelves.deals) expect(product.original_price).toBeGreaterThan(product.price);
    const created = shelves.newArrivals.map((p) => Date.parse(p.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const sales = shelves.bestSellers.map((p) => p.sales_count);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
    expect(shelves.byCategory.length).toBeGreaterThan(5);
    for (const group of shelves.byCategory) for (const product of group.products) expect(product.category_slug).toBe(group.category.slug);
  });
});
