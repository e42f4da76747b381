import { describe, expect, it } from "vitest";
import { mulberry32 } from "@/lib/random";
import { KeypointIndex, MATCH_SETTINGS, similarityInliers } from "./keypoint-index";
import type { Keypoints } from "./keypoints";

const random = mulberry32(7);
const word = () => Math.floor(random() * 2 ** 32) >>> 0;

/** A catalogue picture: `count` keypoints at random places and angles with random descriptors. */
function picture(count: number): Keypoints {
  return {
    width: 640,
    height: 640,
    count,
    x: Float32Array.from({ length: count }, () => 20 + random() * 600),
    y: Float32Array.from({ length: count }, () => 20 + random() * 600),
    angle: Float32Array.from({ length: count }, () => random() * 360),
    descriptors: Uint32Array.from({ length: count * 8 }, word),
  };
}

interface Placement {
  scale: number;
  degrees: number;
  dx: number;
  dy: number;
}

/**
 * A photo of `of`: its keypoints where `placement` puts them (photo = scale · turn · picture + shift),
 * turned with it, each descriptor with `flips` random bits changed, plus `clutter` keypoints of
 * other things. `turnAngles` false leaves the keypoints' own orientation unturned.
 */
function photo(of: Keypoints, placement: Placement, { flips = 12, clutter = 400, turnAngles = true } = {}): Keypoints {
  const t = (placement.degrees * Math.PI) / 180;
  const [c, s] = [Math.cos(t) * placement.scale, Math.sin(t) * placement.scale];
  const count = of.count + clutter;
  const x = new Float32Array(count);
  const y = new Float32Array(count);
  const angle = new Float32Array(count);
  const descriptors = new Uint32Array(count * 8);
  for (let i = 0; i < of.count; i++) {
    x[i] = c * of.x[i]! - s * of.y[i]! + placement.dx;
    y[i] = s * of.x[i]! + c * of.y[i]! + placement.dy;
    angle[i] = (of.angle[i]! + (turnAngles ? placement.degrees : 0) + 360) % 360;
    descriptors.set(of.descriptors.subarray(i * 8, i * 8 + 8), i * 8);
    for (let f = 0; f < flips; f++) {
      const bit = Math.floor(random() * 256);
      descriptors[i * 8 + (bit >> 5)]! ^= 1 << (bit & 31);
    }
  }
  for (let i = of.count; i < count; i++) {
    x[i] = random() * 1024;
    y[i] = random() * 768;
    angle[i] = random() * 360;
    for (let w = 0; w < 8; w++) descriptors[i * 8 + w] = word();
  }
  return { width: 1024, height: 768, count, x, y, angle, descriptors };
}

describe("KeypointIndex", () => {
  const pictures = Array.from({ length: 60 }, () => picture(300));
  const index = new KeypointIndex(pictures);

  it("finds the picture a photo shows, turned, smaller and among clutter, by keypoints that agree on its placement", () => {
    const found = index.match(photo(pictures[17]!, { scale: 0.55, degrees: 25, dx: 500, dy: 80 }));
    expect(found[0]!.picture).toBe(17);
    expect(found[0]!.inliers).toBeGreaterThan(200);
    // no other picture has more than a handful of chance agreements
    expect(Math.max(0, ...found.slice(1).map((f) => f.inliers))).toBeLessThan(MATCH_SETTINGS.minMatches);
  });

  it("finds a picture cut by the frame from the part that shows", () => {
    const whole = photo(pictures[3]!, { scale: 1.4, degrees: -10, dx: -300, dy: -250 });
    const inFrame = Array.from({ length: whole.count }, (_, i) => i).filter(
      (i) => whole.x[i]! >= 0 && whole.x[i]! < 640 && whole.y[i]! >= 0 && whole.y[i]! < 480,
    );
    const cut: Keypoints = {
      width: 640,
      height: 480,
      count: inFrame.length,
      x: Float32Array.from(inFrame, (i) => whole.x[i]!),
      y: Float32Array.from(inFrame, (i) => whole.y[i]!),
      angle: Float32Array.from(inFrame, (i) => whole.angle[i]!),
      descriptors: Uint32Array.from(inFrame.flatMap((i) => Array.from(whole.descriptors.subarray(i * 8, i * 8 + 8)))),
    };
    const found = index.match(cut);
    expect(found[0]!.picture).toBe(3);
    expect(found[0]!.inliers).toBeGreaterThan(30);
  });

  it("does not verify matches whose keypoints did not turn with the placement", () => {
    const turned = photo(pictures[5]!, { scale: 1, degrees: 60, dx: 300, dy: -200 });
    const unturned = photo(pictures[5]!, { scale: 1, degrees: 60, dx: 300, dy: -200 }, { turnAngles: false });
    expect(index.match(turned)[0]!.inliers).toBeGreaterThan(200);
    expect(index.match(unturned)[0]?.inliers ?? 0).toBeLessThan(10);
  });

  it("answers nothing for a photo of nothing in the catalogue, or without keypoints", () => {
    const stranger = photo(picture(300), { scale: 1, degrees: 0, dx: 0, dy: 0 });
    expect(index.match(stranger).every((f) => f.inliers < 10)).toBe(true);
    expect(index.match({ ...stranger, count: 0 })).toEqual([]);
    expect(new KeypointIndex([]).match(stranger)).toEqual([]);
  });

  it("skips corners every picture shares instead of comparing with all of them", () => {
    // the same 50 keypoints (a logo) in each of 200 pictures, and a photo of only the logo
    const logo = picture(50);
    const withLogo = Array.from({ length: 200 }, () => {
      const own = picture(150);
      return {
        ...own,
        count: own.count + logo.count,
        x: Float32Array.of(...own.x, ...logo.x),
        y: Float32Array.of(...own.y, ...logo.y),
        angle: Float32Array.of(...own.angle, ...logo.angle),
        descriptors: Uint32Array.of(...own.descriptors, ...logo.descriptors),
      };
    });
    const found = new KeypointIndex(withLogo).match(photo(logo, { scale: 1, degrees: 0, dx: 10, dy: 10 }, { flips: 0, clutter: 0 }));
    expect(found).toEqual([]);
  });
});

describe("similarityInliers", () => {
  it("counts the matches one placement explains, not the stray ones", () => {
    const of = picture(40);
    const shot = photo(of, { scale: 2, degrees: 90, dx: 100, dy: 50 }, { clutter: 25 });
    const from = Array.from({ length: 65 }, (_, i) => i);
    // 40 true pairs, 25 photo keypoints paired with arbitrary picture keypoints
    const to = from.map((i) => (i < 40 ? i : (i * 7) % 40));
    expect(similarityInliers(shot, of, from, to)).toBe(40);
    expect(similarityInliers(shot, of, [0], [0])).toBe(0);
  });
});
