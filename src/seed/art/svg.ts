/** SVG building blocks for the generated product art: a seeded chooser, colours, text and shapes. */
import { mulberry32 } from "@/lib/random";

export const SANS = "DejaVu Sans, sans-serif";
export const MONO = "DejaVu Sans Mono, monospace";

/** Deterministic choices for one image, from mulberry32 seeded by a hash. */
export class Rng {
  private readonly random: () => number;
  constructor(seed: number) {
    this.random = mulberry32(seed);
  }
  next(): number {
    return this.random();
  }
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }
  /** integer in [min, max] */
  int(min: number, max: number): number {
    return Math.min(max, Math.floor(this.range(min, max + 1)));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }
}

/** Escapes XML special characters and drops characters XML cannot hold. */
export function esc(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** one decimal is plenty for a 640 px canvas and keeps the SVG short */
export function r1(v: number): number {
  return Math.round(v * 10) / 10;
}

export function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = s / 100;
  const lig = l / 100;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (n: number) => {
    const k = (n + hue / 30) % 12;
    return lig - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return toHex([f(0) * 255, f(8) * 255, f(4) * 255]);
}

export function toHex(rgb: readonly number[]): string {
  return `#${rgb
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

export function parseHex(color: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m || !m[1]) return null;
  let hex = m[1];
  if (hex.length === 3) hex = hex.replace(/./g, (ch) => ch + ch);
  return [parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4, 6), 16)];
}

export function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a) ?? [128, 128, 128];
  const cb = parseHex(b) ?? [128, 128, 128];
  return toHex(ca.map((v, i) => v + ((cb[i] ?? 0) - v) * t));
}

/** amount > 0 lightens towards white, < 0 darkens towards black */
export function shade(color: string, amount: number): string {
  return amount >= 0 ? mix(color, "#ffffff", amount) : mix(color, "#000000", -amount);
}

export function luminance(color: string): number {
  const [r, g, b] = (parseHex(color) ?? [128, 128, 128]).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** rough advance widths of DejaVu Sans (Bold), in em, good enough to fit and centre text */
export function textWidth(text: string, size: number, bold = true): number {
  let em = 0;
  for (const ch of text) {
    if ("iIlj.,:;'|!".includes(ch)) em += 0.37;
    else if ("ftr()[]-".includes(ch)) em += 0.48;
    else if (ch === " ") em += 0.35;
    else if ("mM".includes(ch)) em += 1.04;
    else if ("wW".includes(ch)) em += 1.02;
    else if (/[0-9]/.test(ch)) em += 0.7;
    else if (/[a-z]/.test(ch)) em += 0.68;
    else if (/[A-Z]/.test(ch)) em += 0.78;
    else em += 0.82;
  }
  return em * size * (bold ? 1 : 0.9);
}

export interface TextOptions {
  size: number;
  fill: string;
  weight?: "bold" | "normal";
  anchor?: "start" | "middle" | "end";
  family?: string;
  spacing?: number;
  extra?: string;
  /** shrink the font so the text fits this width */
  maxWidth?: number;
}

export function txt(x: number, y: number, text: string, o: TextOptions): string {
  if (o.maxWidth && text) {
    const bold = (o.weight ?? "bold") === "bold";
    const per = textWidth(text, 1, bold) + ((o.spacing ?? 0) * [...text].length) / 10;
    o = { ...o, size: Math.min(o.size, o.maxWidth / per) };
  }
  return (
    `<text x="${r1(x)}" y="${r1(y)}" font-family="${o.family ?? SANS}" font-size="${r1(o.size)}" ` +
    `font-weight="${o.weight ?? "bold"}" fill="${o.fill}" text-anchor="${o.anchor ?? "middle"}"` +
    `${o.spacing ? ` letter-spacing="${o.spacing}"` : ""}${o.extra ? ` ${o.extra}` : ""}>${esc(text)}</text>`
  );
}

export function rect(x: number, y: number, w: number, h: number, fill: string, extra = ""): string {
  return `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, extra = ""): string {
  return `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
}

export function linGrad(id: string, stops: readonly (readonly [number, string, number?])[], vertical = true): string {
  const dir = vertical ? `x1="0" y1="0" x2="0" y2="1"` : `x1="0" y1="0" x2="1" y2="0"`;
  const s = stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${a}"`}/>`).join("");
  return `<linearGradient id="${id}" ${dir}>${s}</linearGradient>`;
}

/** gradients shared by every drawing */
export const COMMON_DEFS =
  linGrad("metal", [
    [0, "#f4f6f8"],
    [0.45, "#b9bfc6"],
    [0.6, "#e3e6ea"],
    [1, "#8a9098"],
  ]) +
  linGrad(
    "metalH",
    [
      [0, "#8a9098"],
      [0.35, "#eef1f4"],
      [0.55, "#c3c8ce"],
      [1, "#7d838b"],
    ],
    false,
  ) +
  linGrad("gold", [
    [0, "#fbe7a1"],
    [0.5, "#d8b24a"],
    [1, "#a8841f"],
  ]) +
  linGrad("gloss", [
    [0, "#ffffff", 0.38],
    [0.5, "#ffffff", 0.06],
    [1, "#ffffff", 0],
  ]) +
  linGrad("darkBody", [
    [0, "#3a3d42"],
    [1, "#17181b"],
  ]) +
  `<radialGradient id="shadow"><stop offset="0" stop-color="#0b1320" stop-opacity=".34"/>` +
  `<stop offset=".55" stop-color="#0b1320" stop-opacity=".14"/><stop offset="1" stop-color="#0b1320" stop-opacity="0"/></radialGradient>`;
