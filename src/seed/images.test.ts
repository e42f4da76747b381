import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { imageFileName, renderAdBanner, renderProductImage } from "./images";

const base = { name: "Arduino Uno R3", categorySlug: "microcontrollers-development-boards", brand: "Arduino", sku: "ARD-UNO-R3", label: "UNO R3" };

async function meanAbsDiff(a: Buffer, b: Buffer): Promise<number> {
  const [ra, rb] = await Promise.all([sharp(a).raw().toBuffer(), sharp(b).raw().toBuffer()]);
  expect(ra.length).toBe(rb.length);
  let sum = 0;
  for (let i = 0; i < ra.length; i++) sum += Math.abs((ra[i] ?? 0) - (rb[i] ?? 0));
  return sum / ra.length;
}

describe("renderProductImage", () => {
  it("returns a square WebP of the requested size, under 60 KB at 640", async () => {
    const buf = await renderProductImage(base, 640);
    const meta = await sharp(buf).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(640);
    expect(meta.height).toBe(640);
    expect(buf.length).toBeLessThan(60 * 1024);

    const small = await sharp(await renderProductImage(base, 320)).metadata();
    expect([small.format, small.width, small.height]).toEqual(["webp", 320, 320]);
  });

  it("is deterministic: the same input gives identical bytes", async () => {
    const [a, b] = await Promise.all([renderProductImage(base), renderProductImage({ ...base })]);
    expect(a.equals(b)).toBe(true);
  });

  it("gives two products of one category clearly different images", async () => {
    const a = await renderProductImage(base);
    const b = await renderProductImage({ ...base, name: "ESP32 DevKit V1", brand: "Espressif", sku: "ESP-32-DK", label: "ESP32" });
    expect(await meanAbsDiff(a, b)).toBeGreaterThan(3);
  });

  const slugs = [
    "microcontrollers-development-boards",
    "sensors-modules",
    "passive-components",
    "power-batteries",
    "displays",
    "motors-drivers",
    "tools-test-equipment",
    "cables-connectors",
    "3d-printing",
    "robotics-kits",
    "iot-networking-modules",
    "pcb-prototyping-supplies",
    "semiconductors",
    "solar-energy",
    "stem-education-kits",
    "something-unknown",
  ];

  it.each(slugs)("renders category %s", async (categorySlug) => {
    const buf = await renderProductImage({ name: `Test item for ${categorySlug}`, categorySlug, brand: "Generic", sku: `T-${categorySlug}`, label: "TEST 1" });
    const meta = await sharp(buf).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 640, 640]);
    expect(buf.length).toBeLessThan(60 * 1024);
  });

  it("renders text with XML special characters", async () => {
    const buf = await renderProductImage({
      name: `Q&A <"probe"> 'kit'`,
      categorySlug: "tools-test-equipment",
      brand: `A&B <"Co">`,
      sku: "X&<>\"'",
      label: `&<>"'`,
    });
    expect((await sharp(buf).metadata()).format).toBe("webp");
  });

  it("copes with long and empty labels and brands", async () => {
    const buf = await renderProductImage({ ...base, label: "A VERY LONG LABEL INDEED 1234567890", brand: "" });
    expect((await sharp(buf).metadata()).width).toBe(640);
    const empty = await renderProductImage({ ...base, label: "", brand: "   " });
    expect((await sharp(empty).metadata()).width).toBe(640);
  });
});

describe("renderAdBanner", () => {
  it("gives a 1200×400 WebP by default", async () => {
    for (const motif of ["boards", "solar", "tools", "pcb", "anything"]) {
      const buf = await renderAdBanner({
        title: "Development boards in stock",
        subtitle: "Arduino · ESP32 · Raspberry Pi — same-day delivery in Dar es Salaam",
        accent: "#0f766e",
        motif,
      });
      const meta = await sharp(buf).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1200, 400]);
    }
  });

  it("accepts other sizes, a non-hex accent and special characters", async () => {
    const buf = await renderAdBanner({ title: `Tools & <parts>`, subtitle: `"quoted" & 'single'`, accent: "tomato", motif: "tools" }, 800, 300);
    const meta = await sharp(buf).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 800, 300]);
  });
});

describe("imageFileName", () => {
  it("is the lower-case SKU, the size and the first 10 characters of the hash", () => {
    expect(imageFileName("ARD-UNO-R3", 640, "0123456789abcdef")).toBe("ard-uno-r3-640-0123456789.webp");
    expect(imageFileName("Esp32", 320, "ffffffffffffffffff")).toBe("esp32-320-ffffffffff.webp");
  });
});
