import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../src/server/db";
import { SEARCH_PHRASES } from "../../src/server/search/synonyms";
import { getJson, setupApi } from "./harness";

// Judged queries: what a buyer types, and the demo catalogue's products a good answer shows. Each
// was judged by reading the catalogue (src/seed/catalog); together they keep part numbers, Kiswahili
// kinds and values from slipping back to "no results" or to the wrong product first.
const api = setupApi();

interface Answer {
  products: { name: string }[];
  pagination: { total: number };
  understood?: { key: string; value?: unknown; min?: number; max?: number; display: string }[];
  remaining?: string;
}

interface Judgement {
  query: string;
  /** the first product's name */
  first?: RegExp;
  /** names that must each be among the first `within` (default 5) */
  shows?: RegExp[];
  within?: number;
  /** every one of the first `all` (default 3) products matches this */
  all?: RegExp;
  top?: number;
  /** names that must not come first */
  notFirst?: RegExp[];
  /** names that must not be in the answer at all */
  never?: RegExp[];
  /** names that must not be among the first 5 */
  notTop?: RegExp[];
}

const search = async (q: string, extra = "") => (await getJson<Answer>(api.app, `/api/products?search=${encodeURIComponent(q)}&limit=20${extra}`)).body;

function judge(j: Judgement, body: Answer) {
  const names = body.products.map((p) => p.name);
  expect(names.length, `${j.query}: no results`).toBeGreaterThan(0);
  if (j.first) expect(names[0], `${j.query}: first`).toMatch(j.first);
  for (const wanted of j.shows ?? [])
    expect(
      names.slice(0, j.within ?? 5).some((n) => wanted.test(n)),
      `${j.query}: ${wanted} in ${names.slice(0, j.within ?? 5).join(" | ")}`,
    ).toBe(true);
  if (j.all) for (const name of names.slice(0, j.top ?? 3)) expect(name, `${j.query}: every one of the first`).toMatch(j.all);
  for (const unwanted of j.notFirst ?? []) expect(names[0], `${j.query}: not first`).not.toMatch(unwanted);
  for (const unwanted of j.never ?? [])
    expect(
      names.filter((n) => unwanted.test(n)),
      `${j.query}: never ${unwanted}`,
    ).toEqual([]);
  for (const unwanted of j.notTop ?? [])
    expect(
      names.slice(0, 5).filter((n) => unwanted.test(n)),
      `${j.query}: not in the first 5`,
    ).toEqual([]);
}

/** Part numbers with or without their hyphens and spaces, and by their stems. */
const PART_NUMBERS: Judgement[] = [
  { query: "mq-2", first: /^MQ-2 Gas & Smoke Sensor/, never: [/MQ-135/, /LED Driver/] },
  { query: "mq2", first: /^MQ-2 Gas & Smoke Sensor/, never: [/MQ-135/] },
  { query: "MQ 2", first: /^MQ-2 Gas & Smoke Sensor/ },
  { query: "mq2 sensor", first: /^MQ-2 Gas & Smoke Sensor/ },
  { query: "mq135", first: /^MQ-135 Air Quality/ },
  { query: "hcsr04", first: /^HC-SR04 Ultrasonic/ },
  { query: "hc-sr04", first: /^HC-SR04 Ultrasonic/ },
  { query: "HC SR04", first: /^HC-SR04 Ultrasonic/ },
  { query: "sr04", first: /^HC-SR04 Ultrasonic/ },
  { query: "hc05", first: /^HC-05 Bluetooth Serial Module/, shows: [/Bluetooth RC Car Kit with HC-05/] },
  { query: "hc-05", first: /^HC-05 Bluetooth Serial Module/, never: [/HC-12/] },
  { query: "nema17", first: /^NEMA 17 Stepper Motor/, never: [/NEMA 23/] },
  { query: "nema 17", first: /^NEMA 17 Stepper Motor/, never: [/NEMA 23/] },
  { query: "lm7805", first: /^L7805CV 5V Voltage Regulator/ },
  { query: "7805", first: /^L7805CV 5V Voltage Regulator/ },
  { query: "l7805", first: /^L7805CV 5V Voltage Regulator/ },
  { query: "L7805CV", first: /^L7805CV 5V Voltage Regulator/ },
  { query: "lm-7805", first: /^L7805CV 5V Voltage Regulator/ },
  { query: "lm358n", first: /^LM358 Dual Op-Amp/ },
  { query: "595", first: /^74HC595 Shift Register/ },
  { query: "mpu6050", first: /MPU-6050/, shows: [/^MPU-6050 6-Axis/] },
  { query: "328p", shows: [/^ATmega328P-PU/], within: 10, all: /ATmega328P/i, top: 5 },
  { query: "esp32", all: /ESP32/i, top: 5 },
  { query: "esp32s3", all: /ESP32-S3/, top: 3 },
  { query: "esp32-s3", all: /ESP32-S3/, top: 3 },
  { query: "esp32 s3", all: /ESP32-S3/, top: 3 },
  { query: "arduino uno", first: /^Arduino Uno R[34]\b/, all: /Arduino Uno|Uno R3/i },
  { query: "pi 5", first: /^Raspberry Pi 5\b/, all: /Raspberry Pi 5\b/, never: [/Pi 4 Model B/] },
  { query: "dht 22", first: /^DHT22 Temperature/ },
  { query: "ds18b20", first: /^DS18B20 Waterproof Temperature Probe/ },
];

/** Kinds of things by their Kiswahili names (and multi-word phrases before single words). */
const KISWAHILI: Judgement[] = [
  { query: "kipima joto", all: /temperature|thermal|thermistor/i, top: 5, shows: [/DS18B20|DHT22|DHT11/], never: [/Arduino/], notTop: [/Soldering Iron/] },
  { query: "kipimajoto", all: /temperature|thermal|thermistor/i, top: 5 },
  { query: "sensa ya joto", all: /temperature|thermistor/i, top: 5, shows: [/^DHT22/, /^DS18B20/], notTop: [/Soldering Iron/] },
  { query: "kihisi cha joto", all: /temperature|thermistor/i, top: 5 },
  { query: "unyevu", all: /humidity|moisture/i, top: 5, shows: [/^DHT22/, /^Soil Moisture Sensor/] },
  { query: "sensa ya unyevu", all: /humidity|moisture/i, top: 5 },
  { query: "unyevu wa udongo", first: /^Soil Moisture Sensor/ },
  { query: "kipima umeme", all: /multimeter|clamp meter/i, top: 5 },
  { query: "multimita", all: /multimeter/i, top: 5 },
  { query: "sensa ya gesi", shows: [/^MQ-2 Gas/, /^MQ-135/] },
];

describe("search finds parts the way engineers type them", () => {
  it.each(PART_NUMBERS.map((j) => [j.query, j] as const))("%s", async (_, j) => judge(j, await search(j.query)));
});

describe("search finds kinds of things by their Kiswahili names", () => {
  it.each(KISWAHILI.map((j) => [j.query, j] as const))("%s", async (_, j) => judge(j, await search(j.query)));

  it("has catalogue words for every phrase's meanings", async () => {
    const meanings = [...new Set(Object.values(SEARCH_PHRASES).flatMap((groups) => groups.flat()))];
    const rows = rowsOf<{ word: string }>(
      await api.handle.db.execute(sql`select m.word from unnest(${sql.raw(`array[${meanings.map((m) => `'${m}'`).join(",")}]`)}::text[]) as m(word)
        where not exists (select 1 from search_lexicon l where l.word like m.word || '%')`),
    );
    expect(rows.map((r) => r.word)).toEqual([]);
  });
});

/**
 * Names of demo products whose exact name does not find them: a value in the name is read as a
 * spec filter the product does not carry ("27W" of a kit with a 27 W power supply, "200°C" of a
 * wire, "100m" of a cable's length). Empty this list when the search keeps them.
 */
const NAMES_LOST_TO_FILTERS = [
  "Raspberry Pi 5 Starter Kit (Case, 27W PSU, microSD)",
  "Silicone Stranded Wire (Flexible, 200°C)",
  "Twin & Earth Cable 2.5mm² 100m (Flat, 6242Y)",
];

describe("search by a product's own name", () => {
  it("finds every demo product first by its exact name", { timeout: 180_000 }, async () => {
    const rows = rowsOf<{ id: number; name: string }>(
      await api.handle.db.execute(sql`select id, name from products where archived_at is null and sku like 'KE-%' order by id`),
    );
    expect(rows.length).toBeGreaterThan(400);
    const lost: string[] = [];
    const notFirst: string[] = [];
    for (const row of rows) {
      const body = await search(row.name);
      const at = body.products.findIndex((p) => p.name === row.name);
      if (at < 0) lost.push(row.name);
      else if (at > 0) notFirst.push(`${row.name} (at ${at + 1}, after ${body.products[0]!.name})`);
    }
    expect(notFirst).toEqual([]);
    expect(lost.sort()).toEqual([...NAMES_LOST_TO_FILTERS].sort());
  });
});

describe("search keeps a hyphenated part number whole", () => {
  it("does not read 'mq-2' as every product with a 2", async () => {
    const body = await search("mq-2");
    expect(body.pagination.total).toBeLessThanOrEqual(3);
    for (const p of body.products) expect(p.name).toMatch(/MQ-2|MQ2/);
  });

  it("suggests the part by any of its typed forms", async () => {
    for (const q of ["mq2", "hcsr04", "lm7805", "nema17"]) {
      const { body } = await getJson<{ suggestions: string[] }>(api.app, `/api/search-suggestions?q=${q}`);
      expect(body.suggestions.length, q).toBeGreaterThan(0);
    }
  });
});

// Values in every usual notation become spec filters (src/lib/specs/understand.ts, wired into the
// search by the listing): these judge the answer through that reading.
interface ValueJudgement extends Judgement {
  understood: { key: string; value: number };
  /** what the demo catalogue's specifications do not hold yet: the test expects it to fail, and fails once it passes */
  waiting?: string;
}

const VALUES: ValueJudgement[] = [
  {
    query: "220r",
    understood: { key: "resistance", value: 220 },
    shows: [/^220 Ohm Carbon Film Resistor/, /^Carbon Film Resistors 1\/4W 5% \(Choose Value\)/],
  },
  { query: "22pf", understood: { key: "capacitance", value: 22e-12 }, shows: [/^Ceramic Disc Capacitors 50V/] },
  {
    query: "100 ohm resistor",
    understood: { key: "resistance", value: 100 },
    shows: [/^Carbon Film Resistors 1\/4W 5% \(Choose Value\)/],
    notFirst: [/^10k/],
    never: [/^10k Ohm/, /^1k Ohm/, /^220 Ohm/],
  },
  { query: "10k 0805", understood: { key: "resistance", value: 10_000 }, first: /^10k Ohm SMD Resistor 0805/ },
  { query: "100nF 50V", understood: { key: "capacitance", value: 100e-9 }, first: /^Ceramic Disc Capacitors 50V/ },
  { query: "4k7", understood: { key: "resistance", value: 4_700 }, shows: [/^Carbon Film Resistors 1\/4W 5% \(Choose Value\)/] },
  ...["1uF", "1µF"].map((query) => ({
    query,
    understood: { key: "capacitance", value: 1e-6 },
    shows: [/^Electrolytic Capacitor Kit 0\.1µF–1000µF/],
    waiting: "the electrolytic kit's values (0.1 µF to 1000 µF, 1 µF among them) as capacitance specs",
  })),
];

function judgeValue(j: ValueJudgement, body: Answer) {
  const read = (body.understood ?? []).find((u) => u.key === j.understood.key);
  expect(read, `${j.query}: understood ${JSON.stringify(body.understood)}`).toBeDefined();
  expect(Number(read!.value)).toBeCloseTo(j.understood.value, 15);
  judge(j, body);
}

describe("search reads values in every usual notation", () => {
  const ready = VALUES.filter((j) => !j.waiting);
  it.each(ready.map((j) => [j.query, j] as const))("%s", async (_, j) => judgeValue(j, await search(j.query)));
  // expected to fail until the catalogue holds what `waiting` names: then remove `waiting`
  for (const j of VALUES.filter((v) => v.waiting)) it.fails(`${j.query} (waiting for ${j.waiting})`, async () => judgeValue(j, await search(j.query)));

  it("answers 1uF and 1µF alike", async () => {
    const [ascii, micro] = await Promise.all([search("1uF"), search("1µF")]);
    expect(micro.products.map((p) => p.name)).toEqual(ascii.products.map((p) => p.name));
  });

  it("does not answer a value the catalogue lacks with unrelated products", async () => {
    // "1µF" read as the words "1" and "f" found filament dryers and relays
    const body = await search("1µF");
    for (const p of body.products) expect(p.name).not.toMatch(/Filament|Relay/);
  });
});
