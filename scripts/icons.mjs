// Draws the web app's PNG icons from src/app/icon.svg (the one source of the mark) into
// public/icons/: "any" icons at 192 and 512 px, and a maskable 512 px one whose mark sits inside
// the safe zone on the brand colour (launchers crop maskable icons to their own shape).
// Run after changing the SVG: node scripts/icons.mjs
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const svg = await readFile(path.join(root, "src/app/icon.svg"));
const out = path.join(root, "public/icons");
await mkdir(out, { recursive: true });
const brand = /<rect[^>]*fill="(#[0-9a-fA-F]{6})"/.exec(svg.toString())?.[1] ?? "#0f766e";

for (const size of [192, 512]) {
  await sharp(svg, { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, `icon-${size}.png`));
}
// the safe zone of a maskable icon is the central circle of 80 % of its width
const inner = Math.round(512 * 0.72);
const mark = await sharp(svg, { density: (72 * inner) / 64 })
  .resize(inner, inner)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: brand } })
  .composite([{ input: mark, gravity: "center" }])
  .png({ compressionLevel: 9 })
  .toFile(path.join(out, "maskable-512.png"));
console.log(`icons written to ${path.relative(root, out)}`);
