import { describe, expect, it } from "vitest";
import { normalizePackage } from "@/lib/specs/packages";
import { SPEC_UNITS, specNumbersEqual } from "@/lib/specs/units";
import { STANDARD_SPEC_KEYS } from "@/lib/specs/values";
import { bulkContext, bulkProduct } from "./bulk-catalog";
import { SEED_CATEGORIES, buildSeedProducts } from "./catalog";
import { SEED_SPEC_ATTRIBUTES, seedSpecRows, type SeedSpecRow } from "./catalog/spec-attributes";
import { SEED_PRODUCT_SPECS } from "./catalog/specs";

const products = buildSeedProducts();
const rowsByName = new Map<string, SeedSpecRow[]>();
for (const p of products) {
  const specs = SEED_PRODUCT_SPECS[p.categorySlug]?.[p.name];
  if (specs) rowsByName.set(p.name, seedSpecRows(p, SEED_SPEC_ATTRIBUTES[p.categorySlug] ?? [], specs));
}

const rowsOf = (name: string): SeedSpecRow[] => {
  const rows = rowsByName.get(name);
  if (!rows) throw new Error(`no specs for ${name}`);
  return rows;
};
const nums = (name: string, key: string): number[] => rowsOf(name).flatMap((r) => (r.key === key && r.num !== null ? [r.num] : []));
const texts = (name: string, key: string): string[] => rowsOf(name).flatMap((r) => (r.key === key && r.text !== null ? [r.text] : []));

describe("seed spec attributes", () => {
  it("defines attributes for every demo category and for nothing else", () => {
    expect(Object.keys(SEED_SPEC_ATTRIBUTES).sort()).toEqual(SEED_CATEGORIES.map((c) => c.slug).sort());
  });

  it("writes each definition as the schema takes it: keys, kinds, units, options, names, order", () => {
    for (const [slug, defs] of Object.entries(SEED_SPEC_ATTRIBUTES)) {
      expect(new Set(defs.map((d) => d.key)).size, slug).toBe(defs.length);
      expect(defs[0]?.key, slug).toBe("type");
      for (const def of defs) {
        const where = `${slug}.${def.key}`;
        expect(def.key, where).toMatch(/^[a-z][a-z0-9_]{0,39}$/);
        expect(def.nameEn.trim(), where).not.toBe("");
        expect(def.nameSw.trim(), where).not.toBe("");
        if (def.kind === "number") expect(def.unit !== null && Object.hasOwn(SPEC_UNITS, def.unit), where).toBe(true);
        else expect(def.unit, where).toBeNull();
        if (def.kind === "list") {
          expect(def.options.length, where).toBeGreaterThan(0);
          expect(new Set(def.options).size, where).toBe(def.options.length);
        } else expect(def.options, where).toEqual([]);
      }
      const orders = defs.map((d) => d.sortOrder);
      expect(orders, slug).toEqual([...orders].sort((a, b) => a - b));
    }
  });

  it("gives a key one kind and unit in every category, the standard keys theirs", () => {
    const seen = new Map<string, string>();
    for (const defs of Object.values(SEED_SPEC_ATTRIBUTES)) {
      for (const def of defs) {
        const shape = `${def.kind}:${def.unit}`;
        expect(seen.get(def.key) ?? shape, def.key).toBe(shape);
        seen.set(def.key, shape);
        const standard = STANDARD_SPEC_KEYS[def.key as keyof typeof STANDARD_SPEC_KEYS];
        if (standard) expect(shape, def.key).toBe(`${standard.kind}:${standard.unit}`);
      }
    }
  });

  it("spells packages by their canonical codes", () => {
    for (const defs of Object.values(SEED_SPEC_ATTRIBUTES)) {
      for (const option of defs.find((d) => d.key === "package")?.options ?? []) expect(normalizePackage(option) ?? option).toBe(option);
    }
  });
});

describe("seed product specs", () => {
  it("gives every one of the 414 demo products its specifications, its type first of all", () => {
    expect(products.length).toBe(414);
    const missing = products.filter((p) => !rowsByName.has(p.name)).map((p) => p.name);
    expect(missing).toEqual([]);
    for (const p of products) expect(texts(p.name, "type").length, p.name).toBeGreaterThan(0);
    expect(rowsByName.size).toBe(414);
  });

  it("names only products of the catalogue, in their own category", () => {
    for (const [slug, specs] of Object.entries(SEED_PRODUCT_SPECS)) {
      const names = new Set(products.filter((p) => p.categorySlug === slug).map((p) => p.name));
      for (const name of Object.keys(specs)) expect(names.has(name), `${slug}: ${name}`).toBe(true);
    }
  });

  it("gives most products more than their type", () => {
    const richer = products.filter((p) => rowsOf(p.name).some((r) => r.key !== "type")).length;
    expect(richer / products.length).toBeGreaterThan(0.85);
  });

  it("reads every value under its category's definition: known keys, list values among the options", () => {
    for (const p of products) {
      const defs = new Map((SEED_SPEC_ATTRIBUTES[p.categorySlug] ?? []).map((d) => [d.key, d]));
      for (const row of rowsOf(p.name)) {
        const def = defs.get(row.key);
        expect(def, `${p.name}: ${row.key}`).toBeDefined();
        if (def!.kind === "number") expect(Number.isFinite(row.num), `${p.name}: ${row.key}`).toBe(true);
        if (def!.kind === "list") expect(def!.options, `${p.name}: ${row.key}`).toContain(row.text);
        if (def!.kind === "boolean") expect(["true", "false"]).toContain(row.text);
      }
    }
  });

  it("gives options their own values where an option changes a spec", () => {
    const kit = products.find((p) => p.name === "Carbon Film Resistors 1/4W 5% (Choose Value)")!;
    const rows = rowsOf(kit.name).filter((r) => r.key === "resistance");
    expect(rows.every((r) => r.variantSku !== null)).toBe(true);
    expect(rows.length).toBe(kit.variants!.length);
    const tenK = kit.variants!.filter((v) => v.attributes.Resistance === "10k Ohm").map((v) => v.sku);
    expect(rows.filter((r) => tenK.includes(r.variantSku!)).every((r) => r.num === 10_000)).toBe(true);
    const skus = new Set(products.flatMap((p) => (p.variants ?? []).map((v) => v.sku)));
    for (const rows of rowsByName.values()) for (const r of rows) if (r.variantSku) expect(skus.has(r.variantSku)).toBe(true);
  });

  it("refuses a key the category does not define, a value that does not read and an option the product lacks", () => {
    const defs = SEED_SPEC_ATTRIBUTES["passive-components"]!;
    expect(() => seedSpecRows({ name: "x" }, defs, { flash: "4MB" })).toThrow(/not an attribute/);
    expect(() => seedSpecRows({ name: "x" }, defs, { resistance: "ten" })).toThrow(/resistance/);
    expect(() => seedSpecRows({ name: "x" }, defs, { package: "Blob" })).toThrow(/package/);
    expect(() => seedSpecRows({ name: "x" }, defs, { resistance: { option: "Resistance", values: { "1k Ohm": "1k" } } })).toThrow(/no option/);
  });

  it("matches the datasheets on the parts engineers look for", () => {
    const smd = "10k Ohm SMD Resistor 0805 1% (Pack of 100)";
    expect(nums(smd, "resistance")).toEqual([10_000]);
    expect(texts(smd, "package")).toEqual(["0805"]);
    expect(nums(smd, "tolerance")).toEqual([1]);
    expect(nums(smd, "power")).toEqual([0.125]);

    const esp = "ESP32-S3 DevKitC-1 N16R8 WiFi + BLE 5 Board";
    expect(nums(esp, "flash")).toEqual([16 * 2 ** 20]);
    expect(nums(esp, "ram")).toEqual([8 * 2 ** 20]);
    expect(nums("Seeed Studio XIAO ESP32-S3 WiFi + BLE Board", "flash")).toEqual([8 * 2 ** 20]);
    expect(texts(esp, "radios")).toEqual(["Wi-Fi", "Bluetooth LE"]);
    expect(nums("ESP32-WROOM-32 DevKit V1 WiFi + Bluetooth Board", "frequency")).toEqual([240e6]);

    const reg = "L7805CV 5V Voltage Regulator TO-220 (Pack of 5)";
    expect(texts(reg, "type")).toEqual(["Voltage regulator"]);
    expect(nums(reg, "voltage")).toEqual([5]);
    expect(texts(reg, "package")).toEqual(["TO-220"]);
    expect(nums(reg, "current")).toEqual([1.5]);

    const ceramic = products.find((p) => p.name === "Ceramic Disc Capacitors 50V (Choose Value)")!;
    const hundredNano = rowsOf(ceramic.name).filter((r) => r.key === "capacitance" && r.num !== null && specNumbersEqual(r.num, 1e-7));
    expect(hundredNano.length).toBeGreaterThan(0);
    expect(nums(ceramic.name, "voltage")).toEqual([50]);

    expect(nums("SG90 Micro Servo 9g", "torque")[0]).toBeCloseTo(0.1765, 3);
    expect([...new Set(nums("18650 Li-ion 3.7V Rechargeable Battery (Flat Top)", "capacity"))].sort()).toEqual([2, 2.6, 3]);
    expect(nums("0.96 inch OLED Display I2C SSD1306 (128x64)", "size")).toEqual([0.96]);
    expect(texts("UNI-T UT61E+ True RMS Digital Multimeter", "true_rms")).toEqual(["true"]);
  });

  it("lets a shopper narrow Passive Components to 10 kΩ 0805 resistors, with real counts on the way", () => {
    const passive = products.filter((p) => p.categorySlug === "passive-components");
    const has = (p: (typeof passive)[number], key: string, test: (r: SeedSpecRow) => boolean) => rowsOf(p.name).some((r) => r.key === key && test(r));
    const tenK = passive.filter((p) => has(p, "resistance", (r) => r.num === 10_000));
    const resistors = passive.filter((p) => has(p, "type", (r) => r.text === "Resistor"));
    expect(tenK.length).toBeGreaterThanOrEqual(5);
    expect(resistors.filter((p) => tenK.includes(p)).length).toBeGreaterThanOrEqual(3);
    expect(tenK.filter((p) => has(p, "package", (r) => r.text === "0805")).map((p) => p.name)).toEqual(["10k Ohm SMD Resistor 0805 1% (Pack of 100)"]);
  });
});

describe("bulk catalogue specs", () => {
  const ctx = bulkContext([{ categorySlug: "x", name: "x", image: "x" }], Date.UTC(2026, 0, 1));
  const bulk = Array.from({ length: 20_000 }, (_, i) => bulkProduct(i + 1, ctx));
  const bulkRows = bulk.map((p) => seedSpecRows(p, SEED_SPEC_ATTRIBUTES[p.categorySlug] ?? [], p.specs));
  const value = (i: number, key: string) => bulkRows[i]!.find((r) => r.key === key);

  it("gives every generated product specifications that read under its category's definitions, its type first of all", () => {
    bulkRows.forEach((rows, i) => {
      expect(
        rows.some((r) => r.key === "type"),
        bulk[i]!.name,
      ).toBe(true);
      expect(rows.every((r) => r.variantSku === null)).toBe(true);
    });
    expect(bulkRows.reduce((n, rows) => n + rows.length, 0) / bulk.length).toBeGreaterThan(3.5);
  });

  it("agrees with the names: a chip resistor's value, size and tolerance, an MLCC's value and voltage", () => {
    const resistors = bulk.flatMap((p, i) => (p.family === "smd-resistor" ? [i] : []));
    expect(resistors.length).toBeGreaterThan(1000);
    for (const i of resistors) {
      const name = bulk[i]!.name;
      const size = value(i, "package")!.text!;
      expect(name).toContain(` ${size} `);
      expect(name).toContain(` ${value(i, "tolerance")!.num}% `);
      const ohms = value(i, "resistance")!.num!;
      const written = /(\d+(?:\.\d+)?)(k|M)? Ohm SMD/.exec(name)!;
      expect(specNumbersEqual(ohms, Number(written[1]) * (written[2] === "k" ? 1e3 : written[2] === "M" ? 1e6 : 1))).toBe(true);
    }
    for (const [i, p] of bulk.entries()) {
      if (p.family !== "mlcc") continue;
      expect(p.name).toContain(`${value(i, "voltage")!.num}V`);
      expect(p.name).toContain(` ${value(i, "package")!.text} SMD`);
    }
  });

  it("skews values as real catalogues are: 0805 and 0603 and the E6 values common, exotic ones rare", () => {
    const count = (family: string, key: string, test: (r: SeedSpecRow) => boolean) =>
      bulk.filter((p, i) => p.family === family && bulkRows[i]!.some((r) => r.key === key && test(r))).length;
    const chips = (size: string) => count("smd-resistor", "package", (r) => r.text === size);
    expect(chips("0805") + chips("0603")).toBeGreaterThan(5 * chips("2512"));
    expect(chips("0805")).toBeGreaterThan(chips("1206"));
    const ohms = (n: number) => count("smd-resistor", "resistance", (r) => r.num === n);
    expect(ohms(10_000)).toBeGreaterThan(5 * ohms(4.7));
    expect(ohms(10_000)).toBeGreaterThan(ohms(6_800));
    // a shopper narrowing to 10 kΩ 0805 finds plenty
    expect(
      bulk.filter((p, i) => p.family === "smd-resistor" && value(i, "resistance")!.num === 10_000 && value(i, "package")!.text === "0805").length,
    ).toBeGreaterThan(30);
  });
});
