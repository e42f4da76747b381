import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { decodeUpright } from "./decode";
import { DESCRIPTOR_DIMENSIONS, contentBox, describeImage } from "./descriptor";

/** A 200 × 200 test "product": a gradient ground with a coloured board and a dark label. */
async function productPhoto(board: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e8eef5"/><stop offset="1" stop-color="#b9c9da"/></linearGradient></defs>
    <rect width="200" height="200" fill="url(#g)"/><rect x="40" y="50" width="120" height="80" rx="8" fill="${board}"/>
    <rect x="60" y="145" width="80" height="25" fill="#222"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, v, i) => sum + v * b[i]!, 0);
const describe_ = async (image: Buffer) => describeImage(await decodeUpright(image));

describe("image descriptor", () => {
  it("is a unit vector of the stated length", async () => {
    const v = await describe_(await productPhoto("#1565c0"));
    expect(v.length).toBe(DESCRIPTOR_DIMENSIONS);
    expect(Math.sqrt(dot(v, v))).toBeCloseTo(1, 5);
  });

  it("finds the picture inside a plain added border, and none in a picture without one", async () => {
    const photo = await productPhoto("#1565c0");
    const framed = await sharp(photo).extend({ top: 40, bottom: 60, left: 50, right: 30, background: "#7a5c3e" }).png().toBuffer();
    const box = contentBox(await decodeUpright(framed, 300)); // 280 × 300: decoded at its own size
    expect(box).toEqual({ left: 50, top: 40, width: 200, height: 200 });
    expect(contentBox(await decodeUpright(photo, 200))).toBeNull();
  });

  it("stays close under darkening, margins and recompression, and tells colours apart", async () => {
    const blue = await productPhoto("#1565c0");
    const red = await productPhoto("#c62828");
    const v = await describe_(blue);
    const darker = await describe_(await sharp(blue).linear(0.7, 0).png().toBuffer());
    const framed = await describe_(
      await sharp(blue).extend({ top: 30, bottom: 30, left: 30, right: 30, background: "#333333" }).jpeg({ quality: 40 }).toBuffer(),
    );
    const other = await describe_(red);
    expect(dot(v, darker)).toBeGreaterThan(0.97);
    expect(dot(v, framed)).toBeGreaterThan(0.95);
    expect(dot(v, other)).toBeLessThan(dot(v, framed) - 0.05);
  });
});
