import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { decodeUpright } from "./decode";
import { KeypointIndex } from "./keypoint-index";
import { CATALOGUE_SIDE, catalogueKeypoints, loadKeypointExtractor, PHOTO_SIDE, photoKeypoints } from "./keypoint-extractor";
import { decodeKeypoints } from "./keypoints";

/** A product picture as the shop draws them: a board with parts and pins above a label tag. */
function productPicture(label: string, board: string, chips: number): Promise<Buffer> {
  const parts = Array.from({ length: chips }, (_, i) => `<rect x="${170 + i * 90}" y="200" width="60" height="60" rx="6" fill="#1f2937"/>`).join("");
  const pins = Array.from({ length: 14 }, (_, i) => `<circle cx="${160 + i * 24}" cy="150" r="6" fill="#d4a017"/>`).join("");
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640"><rect width="640" height="640" fill="#f4f2f6"/>` +
    `<rect x="130" y="120" width="380" height="220" rx="14" fill="${board}"/>${pins}${parts}` +
    `<rect x="170" y="470" width="300" height="100" rx="16" fill="#fff" stroke="#ccc"/>` +
    `<text x="320" y="540" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="52" text-anchor="middle" fill="#111">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer();
}

const products = [
  { label: "UNO R3", board: "#1d4ed8", chips: 2 },
  { label: "NANO", board: "#0f766e", chips: 1 },
  { label: "HC-SR04", board: "#15803d", chips: 3 },
  { label: "ESP32", board: "#111827", chips: 2 },
];

describe("ORB keypoints through OpenCV", () => {
  it("loads OpenCV without leaving its process-wide error handlers behind", async () => {
    const before = [process.listenerCount("uncaughtException"), process.listenerCount("unhandledRejection")];
    await loadKeypointExtractor();
    expect([process.listenerCount("uncaughtException"), process.listenerCount("unhandledRejection")]).toEqual(before);
  });

  it("a phone-like photo of a product (turned, smaller, on another ground) is verified against its own picture only", { timeout: 60_000 }, async () => {
    const pictures = await Promise.all(products.map((p) => productPicture(p.label, p.board, p.chips)));
    const records = await Promise.all(pictures.map(async (picture) => catalogueKeypoints(await decodeUpright(picture, CATALOGUE_SIDE))));
    const catalogue = records.map((r) => decodeKeypoints(r.buffer, r.byteOffset, r.byteLength));
    for (const k of catalogue) expect(k.count).toBeGreaterThan(100);
    const index = new KeypointIndex(catalogue);

    // the third at 45 % of a 1024 × 768 shot, turned 20°, on a dark grey table
    const turned = await sharp(pictures[2]!).resize(460).rotate(20, { background: "#3b3b3b" }).toBuffer();
    const shot = await sharp({ create: { width: 1024, height: 768, channels: 3, background: "#3b3b3b" } })
      .composite([{ input: turned, left: 420, top: 120 }])
      .jpeg({ quality: 80 })
      .toBuffer();
    const found = index.match(await photoKeypoints(await decodeUpright(shot, PHOTO_SIDE)));
    expect(found[0]!.picture).toBe(2);
    expect(found[0]!.inliers).toBeGreaterThan(60);
    expect(Math.max(0, ...found.slice(1).map((f) => f.inliers))).toBeLessThan(found[0]!.inliers / 4);
  });
});
