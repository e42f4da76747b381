/**
 * A global image descriptor made for "which of our product photos is this?": pure arithmetic on
 * the decoded pixels, so it runs anywhere sharp runs and needs no model weights.
 *
 * The picture is first framed the same way whatever happened to it: a plain border added around
 * it (a photo on a desk, a screenshot with margins) is trimmed, and brightness is normalised so a
 * darker or lighter shot of the same thing looks alike. Then four views, each scaled to unit
 * length and weighted:
 * - colour: a soft histogram over OKLab lightness × hue × chroma (what colours, in what amounts);
 * - colour layout: mean OKLab colour of each cell of a coarse grid (where the colours are);
 * - shape: histograms of edge orientation per cell of a grid (HOG-like: outlines, pins, text);
 * - luminance thumbnail: a tiny zero-mean picture (the overall composition).
 * Soft binning (every sample shares its weight between neighbouring bins and cells) keeps small
 * shifts, crops and rescales from moving weight across hard bin edges.
 */

/** Side of the square working image the features are computed on. */
export const WORK_SIZE = 64;

const L_BINS = 4;
const HUE_BINS = 12;
const CHROMA_BINS = 2;
/** per lightness bin: one achromatic bin, then hue × chroma */
const COLOUR_PER_L = 1 + HUE_BINS * CHROMA_BINS;
const LAYOUT_GRID = 4;
const EDGE_GRID = 4;
const EDGE_BINS = 8;
const THUMB = 8;

const BLOCKS = {
  colour: { length: L_BINS * COLOUR_PER_L, weight: 1.3 },
  layout: { length: LAYOUT_GRID * LAYOUT_GRID * 3, weight: 1.0 },
  edges: { length: EDGE_GRID * EDGE_GRID * EDGE_BINS, weight: 0.8 },
  thumb: { length: THUMB * THUMB, weight: 0.5 },
} as const;

export const DESCRIPTOR_DIMENSIONS = Object.values(BLOCKS).reduce((n, b) => n + b.length, 0);

export interface RgbImage {
  /** interleaved 8-bit RGB, row-major */
  data: Uint8Array;
  width: number;
  height: number;
}

// ------------------------------------------------------------------------------------------------
// framing

const SRGB_TO_LINEAR = new Float32Array(256).map((_, i) => {
  const c = i / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

/**
 * The box inside a plain border: when nearly all of the outermost pixels share one colour, the
 * bounding box of everything that differs from it. Null when there is no such border.
 */
export function contentBox(image: RgbImage): { left: number; top: number; width: number; height: number } | null {
  const { data, width, height } = image;
  const frame: number[] = [];
  const at = (x: number, y: number) => (y * width + x) * 3;
  for (let x = 0; x < width; x++) frame.push(at(x, 0), at(x, height - 1));
  for (let y = 1; y < height - 1; y++) frame.push(at(0, y), at(width - 1, y));
  const median = [0, 1, 2].map((c) => {
    const values = frame.map((i) => data[i + c]!).sort((a, b) => a - b);
    return values[values.length >> 1]!;
  }) as [number, number, number];
  const distance = (i: number) => Math.max(Math.abs(data[i]! - median[0]), Math.abs(data[i + 1]! - median[1]), Math.abs(data[i + 2]! - median[2]));
  const uniform = frame.filter((i) => distance(i) <= 10).length / frame.length;
  if (uniform < 0.9) return null;

  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (distance(at(x, y)) > 14) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
    }
  }
  if (right < 0) return null;
  const box = { left, top, width: right - left + 1, height: bottom - top + 1 };
  // A tiny object on a plain ground is more likely a logo on a page than a framed photo.
  if (box.width * box.height < 0.15 * width * height) return null;
  if (box.width > 0.97 * width && box.height > 0.97 * height) return null;
  return box;
}

/** Area-averaged resample of a region to size × size, as linear-light RGB floats. */
function resampleLinear(image: RgbImage, box: { left: number; top: number; width: number; height: number }, size: number): Float32Array {
  const out = new Float32Array(size * size * 3);
  const sx = box.width / size;
  const sy = box.height / size;
  for (let oy = 0; oy < size; oy++) {
    const y0 = box.top + oy * sy;
    const y1 = y0 + sy;
    for (let ox = 0; ox < size; ox++) {
      const x0 = box.left + ox * sx;
      const x1 = x0 + sx;
      let r = 0;
      let g = 0;
      let b = 0;
      let w = 0;
      for (let y = Math.floor(y0); y < Math.ceil(y1); y++) {
        const wy = Math.min(y + 1, y1) - Math.max(y, y0);
        if (wy <= 0) continue;
        for (let x = Math.floor(x0); x < Math.ceil(x1); x++) {
          const wx = Math.min(x + 1, x1) - Math.max(x, x0);
          if (wx <= 0) continue;
          const i = (Math.min(y, image.height - 1) * image.width + Math.min(x, image.width - 1)) * 3;
          const ww = wx * wy;
          r += SRGB_TO_LINEAR[image.data[i]!]! * ww;
          g += SRGB_TO_LINEAR[image.data[i + 1]!]! * ww;
          b += SRGB_TO_LINEAR[image.data[i + 2]!]! * ww;
          w += ww;
        }
      }
      const o = (oy * size + ox) * 3;
      out[o] = r / w;
      out[o + 1] = g / w;
      out[o + 2] = b / w;
    }
  }
  return out;
}

/** Scales linear RGB so the bright end (96th percentile of luminance) sits at a fixed level. */
function normaliseExposure(rgb: Float32Array): void {
  const n = rgb.length / 3;
  const lum = new Float32Array(n);
  for (let i = 0; i < n; i++) lum[i] = 0.2126 * rgb[i * 3]! + 0.7152 * rgb[i * 3 + 1]! + 0.0722 * rgb[i * 3 + 2]!;
  lum.sort();
  const bright = lum[Math.floor(n * 0.96)]!;
  if (bright <= 1e-4) return;
  const scale = 0.8 / bright;
  for (let i = 0; i < rgb.length; i++) rgb[i] = Math.min(1, rgb[i]! * scale);
}

/** Linear sRGB → OKLab (Björn Ottosson's matrices), in place, as L, a, b triples. */
function toOklab(rgb: Float32Array): Float32Array {
  const lab = new Float32Array(rgb.length);
  for (let i = 0; i < rgb.length; i += 3) {
    const r = rgb[i]!;
    const g = rgb[i + 1]!;
    const b = rgb[i + 2]!;
    const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
    const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
    const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
    lab[i] = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
    lab[i + 1] = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
    lab[i + 2] = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  }
  return lab;
}

// ------------------------------------------------------------------------------------------------
// features

/** Adds `weight` to the two bins nearest `position` (in bin units) along one axis. */
function soft(position: number, bins: number, wrap: boolean): [number, number, number, number] {
  const p = position - 0.5;
  let lo = Math.floor(p);
  const t = p - lo;
  let hi = lo + 1;
  if (wrap) {
    lo = ((lo % bins) + bins) % bins;
    hi = ((hi % bins) + bins) % bins;
    return [lo, 1 - t, hi, t];
  }
  if (lo < 0) return [0, 1, 0, 0];
  if (hi >= bins) return [bins - 1, 1, bins - 1, 0];
  return [lo, 1 - t, hi, t];
}

function colourHistogram(lab: Float32Array, out: Float32Array): void {
  const n = lab.length / 3;
  for (let i = 0; i < n; i++) {
    const L = lab[i * 3]!;
    const a = lab[i * 3 + 1]!;
    const b = lab[i * 3 + 2]!;
    const chroma = Math.hypot(a, b);
    const [l0, lw0, l1, lw1] = soft(Math.min(0.9999, Math.max(0, L)) * L_BINS, L_BINS, false);
    // 0.03 is barely tinted grey; beyond ~0.06 a hue is clearly seen
    const colourful = Math.min(1, Math.max(0, (chroma - 0.03) / 0.04));
    const grey = 1 - colourful;
    const hue = ((Math.atan2(b, a) / (2 * Math.PI) + 1) % 1) * HUE_BINS;
    const [h0, hw0, h1, hw1] = soft(hue, HUE_BINS, true);
    const [c0, cw0, c1, cw1] = soft(Math.min(0.9999, chroma / 0.25) * CHROMA_BINS, CHROMA_BINS, false);
    for (const [lb, lw] of [
      [l0, lw0],
      [l1, lw1],
    ] as const) {
      if (lw === 0) continue;
      const base = lb * COLOUR_PER_L;
      out[base] = out[base]! + lw * grey;
      if (colourful === 0) continue;
      for (const [hb, hw] of [
        [h0, hw0],
        [h1, hw1],
      ] as const) {
        for (const [cb, cw] of [
          [c0, cw0],
          [c1, cw1],
        ] as const) {
          const k = base + 1 + hb * CHROMA_BINS + cb;
          out[k] = out[k]! + lw * colourful * hw * cw;
        }
      }
    }
  }
  for (let i = 0; i < out.length; i++) out[i] = Math.sqrt(out[i]! / n);
}

/** Bilinear share of a pixel among the grid cells around its position. */
function cellShares(x: number, y: number, size: number, grid: number): [number, number, number][] {
  const [x0, xw0, x1, xw1] = soft(((x + 0.5) / size) * grid, grid, false);
  const [y0, yw0, y1, yw1] = soft(((y + 0.5) / size) * grid, grid, false);
  return [
    [y0 * grid + x0, xw0 * yw0, 0],
    [y0 * grid + x1, xw1 * yw0, 0],
    [y1 * grid + x0, xw0 * yw1, 0],
    [y1 * grid + x1, xw1 * yw1, 0],
  ];
}

function colourLayout(lab: Float32Array, size: number, out: Float32Array): void {
  const weights = new Float32Array(LAYOUT_GRID * LAYOUT_GRID);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 3;
      for (const [cell, w] of cellShares(x, y, size, LAYOUT_GRID)) {
        if (w === 0) continue;
        weights[cell] = weights[cell]! + w;
        out[cell * 3] = out[cell * 3]! + w * lab[i]!;
        // chroma axes span about half the range of lightness: double them to weigh alike
        out[cell * 3 + 1] = out[cell * 3 + 1]! + w * 2 * lab[i + 1]!;
        out[cell * 3 + 2] = out[cell * 3 + 2]! + w * 2 * lab[i + 2]!;
      }
    }
  }
  for (let c = 0; c < weights.length; c++) for (let k = 0; k < 3; k++) out[c * 3 + k] = out[c * 3 + k]! / Math.max(1e-6, weights[c]!);
  // Where colours sit relative to the picture's average (the average itself is in the histogram).
  for (let k = 0; k < 3; k++) {
    let mean = 0;
    for (let c = 0; c < weights.length; c++) mean += out[c * 3 + k]!;
    mean /= weights.length;
    for (let c = 0; c < weights.length; c++) out[c * 3 + k] = out[c * 3 + k]! - mean;
  }
}

function edgeHistograms(lab: Float32Array, size: number, out: Float32Array): void {
  const L = (x: number, y: number) => lab[(Math.min(size - 1, Math.max(0, y)) * size + Math.min(size - 1, Math.max(0, x))) * 3]!;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      // Sobel
      const gx = L(x + 1, y - 1) + 2 * L(x + 1, y) + L(x + 1, y + 1) - L(x - 1, y - 1) - 2 * L(x - 1, y) - L(x - 1, y + 1);
      const gy = L(x - 1, y + 1) + 2 * L(x, y + 1) + L(x + 1, y + 1) - L(x - 1, y - 1) - 2 * L(x, y - 1) - L(x + 1, y - 1);
      const magnitude = Math.hypot(gx, gy);
      if (magnitude < 1e-3) continue;
      // unsigned orientation: an outline reads the same on a dark or a light ground
      const angle = ((Math.atan2(gy, gx) + Math.PI) % Math.PI) / Math.PI;
      const [o0, ow0, o1, ow1] = soft(angle * EDGE_BINS, EDGE_BINS, true);
      for (const [cell, w] of cellShares(x, y, size, EDGE_GRID)) {
        if (w === 0) continue;
        const base = cell * EDGE_BINS;
        out[base + o0] = out[base + o0]! + w * ow0 * magnitude;
        out[base + o1] = out[base + o1]! + w * ow1 * magnitude;
      }
    }
  }
  // Per-cell L2 normalisation (as in HOG), then a square root to damp the strongest edges.
  for (let c = 0; c < EDGE_GRID * EDGE_GRID; c++) {
    let sum = 0;
    for (let k = 0; k < EDGE_BINS; k++) sum += out[c * EDGE_BINS + k]! ** 2;
    const norm = Math.sqrt(sum) + 1e-3;
    for (let k = 0; k < EDGE_BINS; k++) out[c * EDGE_BINS + k] = Math.sqrt(out[c * EDGE_BINS + k]! / norm);
  }
}

function luminanceThumbnail(lab: Float32Array, size: number, out: Float32Array): void {
  const step = size / THUMB;
  for (let ty = 0; ty < THUMB; ty++) {
    for (let tx = 0; tx < THUMB; tx++) {
      let sum = 0;
      for (let y = ty * step; y < (ty + 1) * step; y++) for (let x = tx * step; x < (tx + 1) * step; x++) sum += lab[(y * size + x) * 3]!;
      out[ty * THUMB + tx] = sum / (step * step);
    }
  }
  let mean = 0;
  for (const v of out) mean += v;
  mean /= out.length;
  for (let i = 0; i < out.length; i++) out[i] = out[i]! - mean;
}

function unit(block: Float32Array, weight: number): void {
  let sum = 0;
  for (const v of block) sum += v * v;
  const scale = sum > 0 ? weight / Math.sqrt(sum) : 0;
  for (let i = 0; i < block.length; i++) block[i] = block[i]! * scale;
}

/** The descriptor of an (already oriented) RGB image: DESCRIPTOR_DIMENSIONS floats, unit length. */
export function describeImage(image: RgbImage): Float32Array {
  const box = contentBox(image) ?? { left: 0, top: 0, width: image.width, height: image.height };
  const rgb = resampleLinear(image, box, WORK_SIZE);
  normaliseExposure(rgb);
  const lab = toOklab(rgb);

  const vector = new Float32Array(DESCRIPTOR_DIMENSIONS);
  let offset = 0;
  const block = (name: keyof typeof BLOCKS) => {
    const view = vector.subarray(offset, offset + BLOCKS[name].length);
    offset += BLOCKS[name].length;
    return view;
  };
  const colour = block("colour");
  colourHistogram(lab, colour);
  const layout = block("layout");
  colourLayout(lab, WORK_SIZE, layout);
  const edges = block("edges");
  edgeHistograms(lab, WORK_SIZE, edges);
  const thumb = block("thumb");
  luminanceThumbnail(lab, WORK_SIZE, thumb);

  unit(colour, BLOCKS.colour.weight);
  unit(layout, BLOCKS.layout.weight);
  unit(edges, BLOCKS.edges.weight);
  unit(thumb, BLOCKS.thumb.weight);
  let total = 0;
  for (const v of vector) total += v * v;
  const norm = Math.sqrt(total);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] = vector[i]! / norm;
  return vector;
}
