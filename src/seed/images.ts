/**
 * Offline artwork for the demo catalogue: product "photos" and promotional banners.
 *
 * Every image is an SVG string composed from the pieces in art/ (svg: colours, text and shapes;
 * parts: chips, headers and terminals; drawings: one object per category; banner: the ad motifs)
 * and rasterised by sharp (librsvg), so nothing is fetched and nothing random happens: the look
 * of a product follows only from a hash of its SKU and name. Each category has its own
 * illustrated object (a dev board, a sensor module, a solar panel, …); within a category the
 * palette, pin counts, part positions and a small tilt vary, and the product's short label is
 * always printed large on a tag under the object, so two products of one category tell apart at
 * a glance.
 */
import sharp from "sharp";
import { fnv1a } from "@/lib/random";
import { COMMON_DEFS, hsl, luminance, mix, parseHex, r1, rect, Rng, shade, textWidth, txt } from "./art/svg";
import { type Ctx, drawerFor, makePalette, type Palette } from "./art/drawings";
import { motifSvg, wrapText } from "./art/banner";

export interface ProductImageInput {
  name: string;
  categorySlug: string;
  brand: string;
  sku: string;
  /** short text printed large on the image, e.g. "UNO R3", "10kΩ" */
  label: string;
}

export interface AdBannerInput {
  title: string;
  subtitle: string;
  /** hex colour, e.g. "#0f766e" */
  accent: string;
  /** "boards" | "solar" | "tools" | "pcb"; anything else draws a generic chip */
  motif: string;
}

/** `${sku}-${size}-${hash10}.webp`, content-hashed so the file can be served as immutable. */
export function imageFileName(sku: string, size: number, contentHash: string): string {
  return `${sku.toLowerCase()}-${size}-${contentHash.slice(0, 10)}.webp`;
}

// ---------------------------------------------------------------------------------------------
// product image

/** the big label tag under the object: label large and dark on white, brand small above it */
function labelTag(label: string, brand: string, pal: Palette): string {
  let text = label.trim() || "—";
  let size = 60;
  const maxW = 500;
  while (size > 30 && textWidth(text, size) > maxW) size -= 2;
  while (text.length > 1 && textWidth(text, size) > maxW) text = `${text.slice(0, -2)}…`;
  const w = Math.max(240, textWidth(text, size) + 80);
  const h = 112;
  const x = 320 - w / 2;
  const y = 494;
  let s = rect(x + 3, y + 6, w, h, "#0b1320", `rx="18" opacity=".12"`);
  s += rect(x, y, w, h, "#ffffff", `rx="18"`);
  s += rect(x, y, 10, h, pal.accent, `clip-path="url(#tagclip)"`);
  const b = brand.trim().toUpperCase();
  if (b) {
    let bt = b;
    while (bt.length > 1 && textWidth(bt, 18) + bt.length * 2.5 > w - 60) bt = bt.slice(0, -1);
    s += txt(320, y + 31, bt === b ? bt : `${bt}…`, { size: 18, fill: pal.accent, spacing: 2.5 });
  }
  s += txt(320, y + (b ? 92 : 76), text, { size, fill: "#111827" });
  return `<clipPath id="tagclip"><rect x="${r1(x)}" y="${y}" width="${r1(w)}" height="${h}" rx="18"/></clipPath>${s}`;
}

function productSvg(input: ProductImageInput, size: number): string {
  const seed = fnv1a(`${input.sku}\u0000${input.name}`);
  const rng = new Rng(seed);
  const pal = makePalette(seed);
  const ctx: Ctx = { rng, pal, name: input.name.toLowerCase(), brand: input.brand, sku: input.sku, label: input.label, defs: [] };
  const drawing = drawerFor(input.categorySlug)(ctx);
  const tilt = drawing.noTilt ? 0 : r1(rng.range(-4, 4));
  const sh = { cx: 320, cy: 440, rx: 210, ry: 22, ...drawing.shadow };
  const defs =
    COMMON_DEFS +
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${pal.bgTop}"/><stop offset="1" stop-color="${pal.bgBottom}"/></linearGradient>` +
    `<radialGradient id="halo" cx=".5" cy=".4" r=".5"><stop offset="0" stop-color="#ffffff" stop-opacity=".9"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>` +
    ctx.defs.join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 640 640">` +
    `<defs>${defs}</defs>` +
    `<rect width="640" height="640" fill="url(#bg)"/>` +
    `<rect x="20" y="0" width="600" height="520" fill="url(#halo)"/>` +
    `<g transform="translate(320 250) scale(${drawing.scale ?? 1.1}) translate(-320 -250)">` +
    `<ellipse cx="${r1(sh.cx)}" cy="${r1(sh.cy)}" rx="${r1(sh.rx)}" ry="${r1(sh.ry)}" fill="url(#shadow)"/>` +
    `<g transform="rotate(${tilt} 320 260)">${drawing.body}</g></g>` +
    labelTag(input.label, input.brand, pal) +
    `</svg>`
  );
}

/** A square WebP "product photo" of the item, size × size pixels. */
export async function renderProductImage(input: ProductImageInput, size = 640): Promise<Buffer> {
  const svg = productSvg(input, size);
  return sharp(Buffer.from(svg)).webp({ quality: 80, effort: 4 }).toBuffer();
}

// ---------------------------------------------------------------------------------------------
// ad banner

/** A WebP promotional banner: title, subtitle, "Shop now" pill and a motif on the right. */
export async function renderAdBanner(input: AdBannerInput, width = 1200, height = 400): Promise<Buffer> {
  const accent = parseHex(input.accent) ? input.accent.trim() : hsl(fnv1a(input.accent) % 360, 65, 38);
  const W = width;
  const H = height;
  const dark = "#0b1620";
  const pad = Math.round(W * 0.06);
  const textW = W * 0.56;
  let titleSize = Math.round(H * 0.13);
  let title = wrapText(input.title, titleSize, textW, 2, true);
  while (titleSize > 20 && title.some((l) => textWidth(l, titleSize) > textW)) {
    titleSize -= 2;
    title = wrapText(input.title, titleSize, textW, 2, true);
  }
  const subSize = Math.round(H * 0.056);
  const sub = wrapText(input.subtitle, subSize, textW, 2, false);
  const ctaSize = Math.round(H * 0.05);
  const ctaText = "Shop now →";
  const ctaW = textWidth(ctaText, ctaSize) + ctaSize * 2.4;
  const ctaH = ctaSize * 2.3;
  const blockH = title.length * titleSize * 1.12 + (sub.length ? subSize * 0.8 + sub.length * subSize * 1.35 : 0) + subSize * 1.2 + ctaH;
  let y = (H - blockH) / 2 + titleSize * 0.9;
  let text = "";
  text += rect(pad, y - titleSize * 1.25, 56, 6, accent, `rx="3"`);
  for (const line of title) {
    text += txt(pad, y, line, { size: titleSize, fill: "#ffffff", anchor: "start" });
    y += titleSize * 1.12;
  }
  y += subSize * 0.55;
  for (const line of sub) {
    text += txt(pad, y, line, { size: subSize, fill: "#c9d5e1", anchor: "start", weight: "normal" });
    y += subSize * 1.35;
  }
  y += subSize * 0.4;
  // whichever of white or near-black contrasts more with the accent (the crossover is at L ≈ 0.18)
  const ctaFg = luminance(accent) > 0.18 ? "#0b1620" : "#ffffff";
  text += rect(pad, y, ctaW, ctaH, accent, `rx="${r1(ctaH / 2)}"`);
  text += txt(pad + ctaW / 2, y + ctaH / 2 + ctaSize * 0.36, ctaText, { size: ctaSize, fill: ctaFg });

  const box = { x: W * 0.62, y: H * 0.1, w: W * 0.35, h: H * 0.8 };
  const scale = Math.min(box.w / 400, box.h / 300);
  const mx = box.x + (box.w - 400 * scale) / 2;
  const my = box.y + (box.h - 300 * scale) / 2;

  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs>${COMMON_DEFS}` +
    `<linearGradient id="bbg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset=".55" stop-color="${mix(dark, accent, 0.35)}"/><stop offset="1" stop-color="${mix(dark, accent, 0.7)}"/></linearGradient>` +
    `<radialGradient id="bglow"><stop offset="0" stop-color="${accent}" stop-opacity=".55"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>` +
    `<pattern id="dots" width="24" height="24" patternUnits="userSpaceOnUse"><circle cx="12" cy="12" r="1.6" fill="#ffffff" opacity=".09"/></pattern>` +
    `</defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bbg)"/>` +
    `<rect x="${r1(W * 0.5)}" width="${r1(W * 0.5)}" height="${H}" fill="url(#dots)"/>` +
    `<circle cx="${r1(W * 0.8)}" cy="${r1(H * 0.5)}" r="${r1(H * 0.75)}" fill="url(#bglow)"/>` +
    `<path d="M${r1(W * 0.55)} ${r1(H * 0.92)}h${r1(W * 0.08)}l${r1(H * 0.1)} ${r1(-H * 0.1)}h${r1(W * 0.12)}M${r1(W * 0.6)} ${r1(H * 0.08)}h${r1(W * 0.06)}l${r1(H * 0.08)} ${r1(H * 0.08)}" stroke="${shade(accent, 0.4)}" stroke-width="2" fill="none" opacity=".35"/>` +
    `<g transform="translate(${r1(mx)} ${r1(my)}) scale(${r1(scale * 100) / 100})">${motifSvg(input.motif, accent)}</g>` +
    text +
    `</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 85, effort: 4 }).toBuffer();
}
