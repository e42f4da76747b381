import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAvifTwins } from "./avif-twins";
import { localMediaStore } from "./media-store";

let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "avif-twins-"));
  await fs.mkdir(path.join(dir, "products"));
  // a picture with some detail (a gradient and shapes), as our renditions have
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320"><defs><linearGradient id="g"><stop offset="0" stop-color="#0f766e"/>` +
    `<stop offset="1" stop-color="#f59e0b"/></linearGradient></defs><rect width="320" height="320" fill="url(#g)"/>` +
    `<circle cx="160" cy="150" r="90" fill="#fff" opacity=".8"/><text x="40" y="290" font-size="28">KE-0001</text></svg>`;
  await fs.writeFile(path.join(dir, "products", "x-320-abc.webp"), await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer());
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe("AVIF twins", () => {
  it("answers null at first and makes the twin in the background, smaller than the WebP; then answers it", async () => {
    const twins = createAvifTwins(localMediaStore(dir));
    expect(await twins.twinOf("products/x-320-abc.webp")).toBeNull();
    await twins.idle();
    const avif = path.join(dir, "products", "x-320-abc.avif");
    const [avifStat, webpStat] = await Promise.all([fs.stat(avif), fs.stat(path.join(dir, "products", "x-320-abc.webp"))]);
    expect(avifStat.size).toBeLessThan(webpStat.size);
    expect((await sharp(avif).metadata()).format).toBe("heif");
    expect(await twins.twinOf("products/x-320-abc.webp")).toBe("products/x-320-abc.avif");
    // another process (a restart) finds the twin on disk
    expect(await createAvifTwins(localMediaStore(dir)).twinOf("products/x-320-abc.webp")).toBe("products/x-320-abc.avif");
  });

  it("leaves no file behind for an image that does not exist, and does not try it again", async () => {
    const twins = createAvifTwins(localMediaStore(dir));
    expect(await twins.twinOf("products/missing-320-abc.webp")).toBeNull();
    await twins.idle();
    expect(await twins.twinOf("products/missing-320-abc.webp")).toBeNull();
    const files = await fs.readdir(path.join(dir, "products"));
    expect(files.filter((f) => f.startsWith("missing"))).toEqual([]);
  });
});
