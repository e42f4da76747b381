import { describe, expect, it } from "vitest";
import type { RgbImage } from "./descriptor";
import { proposeObjectBoxes } from "./object-boxes";

/** A 64 × 48 "desk": brown planks with darker grain lines. */
function woodenDesk(): RgbImage {
  const width = 64;
  const height = 48;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const grain = (y + Math.round(2 * Math.sin(x / 5))) % 6 === 0;
      const plank = Math.floor(y / 16) % 2 === 0;
      const i = (y * width + x) * 3;
      data[i] = grain ? 110 : plank ? 160 : 145;
      data[i + 1] = grain ? 70 : plank ? 105 : 95;
      data[i + 2] = grain ? 40 : plank ? 60 : 52;
    }
  }
  return { data, width, height };
}

function paint(image: RgbImage, left: number, top: number, w: number, h: number, rgb: [number, number, number]): void {
  for (let y = top; y < top + h; y++) {
    for (let x = left; x < left + w; x++) image.data.set(rgb, (y * image.width + x) * 3);
  }
}

const contains = (box: { left: number; top: number; size: number }, left: number, top: number, w: number, h: number) =>
  box.left <= left && box.top <= top && box.left + box.size >= left + w && box.top + box.size >= top + h;

describe("proposeObjectBoxes", () => {
  it("finds a part lying off-centre on a textured desk, as a square with a margin", () => {
    const photo = woodenDesk();
    paint(photo, 34, 8, 20, 14, [20, 110, 80]); // a green board
    paint(photo, 38, 24, 12, 6, [245, 245, 245]); // its white label below
    const [first] = proposeObjectBoxes(photo);
    expect(first).toBeDefined();
    expect(contains(first!, 34, 8, 20, 22)).toBe(true);
    // about the object's size with a margin, not the whole desk
    expect(first!.size).toBeLessThan(36);
    expect(first!.left + first!.size).toBeLessThanOrEqual(64);
    expect(first!.top + first!.size).toBeLessThanOrEqual(48);
  });

  it("offers the largest object first and the objects together next", () => {
    const photo = woodenDesk();
    paint(photo, 30, 10, 24, 24, [30, 60, 200]); // the product
    paint(photo, 6, 30, 8, 8, [220, 40, 40]); // a smaller thing beside it
    const boxes = proposeObjectBoxes(photo);
    expect(boxes.length).toBeGreaterThanOrEqual(2);
    expect(contains(boxes[0]!, 30, 10, 24, 24)).toBe(true);
    expect(contains(boxes[0]!, 6, 30, 8, 8)).toBe(false);
    expect(boxes.slice(1).some((b) => contains(b, 6, 10, 48, 28))).toBe(true);
  });

  it("proposes nothing for a plain picture with nothing on it, or one whose object fills the frame", () => {
    const plain: RgbImage = { data: new Uint8Array(64 * 64 * 3).fill(240), width: 64, height: 64 };
    expect(proposeObjectBoxes(plain)).toEqual([]);
    const filled = { ...plain, data: new Uint8Array(plain.data) };
    paint(filled, 4, 4, 56, 56, [20, 110, 80]);
    expect(proposeObjectBoxes(filled)).toEqual([]);
  });
});
