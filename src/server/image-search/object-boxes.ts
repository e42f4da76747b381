import type { RgbImage } from "./descriptor";

/** A square region of an image, in its pixels. */
export interface Box {
  left: number;
  top: number;
  size: number;
}

/** Quantisation of the colour histograms: BINS levels per channel. */
const BINS = 8;
/** The ring of the picture taken as "the ground the product lies on": this share of each side. */
const BORDER = 0.1;
/** A colour seen this rarely in the border ring (relative to its commonest colour) is foreground. */
const FOREGROUND_BELOW = 0.06;
/** Foreground regions smaller than this share of the picture are noise or clutter crumbs. */
const MIN_REGION = 0.01;
/** Room left around a found object, as a share of its size on each side. */
const MARGIN = 0.12;
/** Boxes overlapping more than this (intersection over union) are one proposal. */
const SAME_BOX = 0.7;

/**
 * Where the product probably is in a shopper's photo, best guess first, as squares to crop and
 * embed. A photo of a part on a desk, cloth or table shows it at a third of the frame among the
 * ground's texture; an encoder given the whole frame sees mostly ground. The ground is learned from
 * the picture's border ring (a colour histogram, so wood grain or a woven cloth is one ground of
 * several colours, not noise), every pixel whose colour is rare in the border is foreground, and
 * the foreground's connected regions give the boxes: the largest region, the two largest together,
 * and all foreground. `image` should be small (about 64 px on the long side): this is per pixel.
 */
export function proposeObjectBoxes(image: RgbImage, max = 3): Box[] {
  const { width, height } = image;
  if (width < 8 || height < 8) return [];
  const foreground = foregroundMask(image);
  const regions = connectedRegions(foreground, width, height);
  const kept = regions.filter((r) => r.area >= MIN_REGION * width * height).sort((a, b) => b.area - a.area);
  if (kept.length === 0) return [];

  const candidates: Bounds[][] = [[kept[0]!]];
  if (kept.length > 1) candidates.push([kept[0]!, kept[1]!]);
  candidates.push(kept);

  const boxes: Box[] = [];
  for (const parts of candidates) {
    const box = squareAround(parts.reduce(union), width, height);
    // a box that is nearly the whole picture is the whole picture, which is embedded anyway
    if (box.size >= 0.92 * Math.min(width, height) && box.size * box.size >= 0.85 * width * height) continue;
    if (boxes.some((b) => overlap(b, box) > SAME_BOX)) continue;
    boxes.push(box);
    if (boxes.length === max) break;
  }
  return boxes;
}

interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
  area: number;
}

function binOf(data: Uint8Array, i: number): number {
  const q = 256 / BINS;
  return Math.floor(data[i]! / q) * BINS * BINS + Math.floor(data[i + 1]! / q) * BINS + Math.floor(data[i + 2]! / q);
}

/**
 * The ground's colours: a test that is true for a colour common in the picture's border ring
 * (smoothed over neighbouring bins, so a colour just across a bin edge is the same ground).
 */
export function groundColours(image: RgbImage): (data: Uint8Array, offset: number) => boolean {
  const smooth = borderHistogram(image);
  let peak = 0;
  for (const v of smooth) peak = Math.max(peak, v);
  const limit = FOREGROUND_BELOW * peak;
  return (data, offset) => smooth[binOf(data, offset)]! >= limit;
}

function borderHistogram(image: RgbImage): Float32Array {
  const { width, height, data } = image;
  const histogram = new Float32Array(BINS * BINS * BINS);
  const bx = Math.max(1, Math.round(width * BORDER));
  const by = Math.max(1, Math.round(height * BORDER));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (x >= bx && x < width - bx && y >= by && y < height - by) continue;
      histogram[binOf(data, (y * width + x) * 3)]! += 1;
    }
  }
  // each bin also counts a share of its neighbours: a colour just across a bin edge is the same ground
  const smooth = new Float32Array(histogram.length);
  for (let r = 0; r < BINS; r++) {
    for (let g = 0; g < BINS; g++) {
      for (let b = 0; b < BINS; b++) {
        let sum = 0;
        for (let dr = -1; dr <= 1; dr++) {
          for (let dg = -1; dg <= 1; dg++) {
            for (let db = -1; db <= 1; db++) {
              const rr = r + dr;
              const gg = g + dg;
              const bb = b + db;
              if (rr < 0 || gg < 0 || bb < 0 || rr >= BINS || gg >= BINS || bb >= BINS) continue;
              const weight = dr === 0 && dg === 0 && db === 0 ? 1 : 0.25;
              sum += weight * histogram[rr * BINS * BINS + gg * BINS + bb]!;
            }
          }
        }
        smooth[r * BINS * BINS + g * BINS + b] = sum;
      }
    }
  }
  return smooth;
}

/** 1 where the pixel's colour is rare in the border ring. */
function foregroundMask(image: RgbImage): Uint8Array {
  const { width, height, data } = image;
  const isGround = groundColours(image);
  const mask = new Uint8Array(width * height);
  for (let p = 0; p < width * height; p++) mask[p] = isGround(data, p * 3) ? 0 : 1;
  return closeGaps(mask, width, height);
}

/** Morphological closing with a 3×3 square: joins an object's parts split by a thin line of ground colour. */
function closeGaps(mask: Uint8Array, width: number, height: number): Uint8Array {
  const dilated = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let on = 0;
      for (let dy = -1; dy <= 1 && !on; dy++) {
        for (let dx = -1; dx <= 1 && !on; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx >= 0 && yy >= 0 && xx < width && yy < height && mask[yy * width + xx]) on = 1;
        }
      }
      dilated[y * width + x] = on;
    }
  }
  const closed = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let all = 1;
      for (let dy = -1; dy <= 1 && all; dy++) {
        for (let dx = -1; dx <= 1 && all; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx >= 0 && yy >= 0 && xx < width && yy < height && !dilated[yy * width + xx]) all = 0;
        }
      }
      closed[y * width + x] = all;
    }
  }
  return closed;
}

/** 8-connected foreground regions with their bounding boxes and pixel counts. */
function connectedRegions(mask: Uint8Array, width: number, height: number): Bounds[] {
  const seen = new Uint8Array(mask.length);
  const regions: Bounds[] = [];
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    const region: Bounds = { left: width, top: height, right: -1, bottom: -1, area: 0 };
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % width;
      const y = (p - x) / width;
      region.area++;
      region.left = Math.min(region.left, x);
      region.right = Math.max(region.right, x);
      region.top = Math.min(region.top, y);
      region.bottom = Math.max(region.bottom, y);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          const q = yy * width + xx;
          if (mask[q] && !seen[q]) {
            seen[q] = 1;
            stack.push(q);
          }
        }
      }
    }
    regions.push(region);
  }
  return regions;
}

function union(a: Bounds, b: Bounds): Bounds {
  return {
    left: Math.min(a.left, b.left),
    top: Math.min(a.top, b.top),
    right: Math.max(a.right, b.right),
    bottom: Math.max(a.bottom, b.bottom),
    area: a.area + b.area,
  };
}

/** The square around `bounds` with a margin, moved (and if need be shrunk) to lie inside the image. */
function squareAround(bounds: Bounds, width: number, height: number): Box {
  const w = bounds.right - bounds.left + 1;
  const h = bounds.bottom - bounds.top + 1;
  const size = Math.min(Math.round(Math.max(w, h) * (1 + 2 * MARGIN)), width, height);
  const cx = (bounds.left + bounds.right + 1) / 2;
  const cy = (bounds.top + bounds.bottom + 1) / 2;
  const left = Math.min(Math.max(0, Math.round(cx - size / 2)), width - size);
  const top = Math.min(Math.max(0, Math.round(cy - size / 2)), height - size);
  return { left, top, size };
}

function overlap(a: Box, b: Box): number {
  const x = Math.max(0, Math.min(a.left + a.size, b.left + b.size) - Math.max(a.left, b.left));
  const y = Math.max(0, Math.min(a.top + a.size, b.top + b.size) - Math.max(a.top, b.top));
  const inter = x * y;
  return inter / (a.size * a.size + b.size * b.size - inter);
}
