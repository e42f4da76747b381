import { describe, expect, it } from "vitest";
import { rankImages, RANKING } from "./ranking";

describe("rankImages", () => {
  const similarity = new Map([
    ["a.webp", 0.9],
    ["b.webp", 0.8],
    ["c.webp", 0.7],
  ]);

  it("orders by the vectors' similarity when no keypoints verify anything", () => {
    expect(rankImages(similarity, []).map((r) => [r.image, r.verified])).toEqual([
      ["a.webp", false],
      ["b.webp", false],
      ["c.webp", false],
    ]);
  });

  it("puts every verified picture above the look-alikes, also one no vector had among its nearest", () => {
    const ranked = rankImages(similarity, [
      { image: "c.webp", inliers: 80 },
      { image: "z.webp", inliers: 60 },
    ]);
    expect(ranked.map((r) => r.image)).toEqual(["c.webp", "z.webp", "a.webp", "b.webp"]);
    expect(ranked[0]!.score).toBeCloseTo(0.7 + 1 + 80 * RANKING.perInlier, 9);
    expect(ranked[1]!.score).toBeCloseTo(1 + 60 * RANKING.perInlier, 9);
  });

  it("takes a few agreeing keypoints, or far fewer than the best picture's, as no proof", () => {
    const ranked = rankImages(similarity, [
      { image: "b.webp", inliers: 100 },
      { image: "c.webp", inliers: Math.floor(100 * RANKING.ofBest) - 1 },
    ]);
    expect(ranked.map((r) => [r.image, r.verified])).toEqual([
      ["b.webp", true],
      ["a.webp", false],
      ["c.webp", false],
    ]);
    expect(rankImages(similarity, [{ image: "c.webp", inliers: RANKING.minInliers - 1 }])[0]!.image).toBe("a.webp");
  });

  it("among verified look-alikes with as many agreeing keypoints, the closer vector wins", () => {
    const ranked = rankImages(similarity, [
      { image: "b.webp", inliers: 90 },
      { image: "a.webp", inliers: 90 },
    ]);
    expect(ranked.map((r) => r.image)).toEqual(["a.webp", "b.webp", "c.webp"]);
  });
});
