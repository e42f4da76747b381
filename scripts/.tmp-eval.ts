import sharp from "sharp";
import { buildSeedProducts } from "@/server/seed/catalog-data";
import { renderProductImage } from "@/server/seed/images";
import { descriptorEmbedder } from "@/server/image-search/descriptor-embedder";
import { ALTERATIONS } from "../tests/fixtures/image-alterations";
import fs from "node:fs";

const products = buildSeedProducts();
const dir = "/tmp/gallery";
fs.mkdirSync(dir, { recursive: true });
const images: Buffer[] = [];
for (const [i, p] of products.entries()) {
  const f = `${dir}/${i}.webp`;
  if (!fs.existsSync(f)) fs.writeFileSync(f, await renderProductImage({ name: p.name, categorySlug: p.categorySlug, brand: p.brand, sku: p.sku, label: p.imageLabel }, 640));
  images.push(fs.readFileSync(f));
}
let t = performance.now();
const gallery = await Promise.all(images.map((im) => descriptorEmbedder.embed(im)));
console.log("gallery", products.length, "ms/img", ((performance.now() - t) / products.length).toFixed(1));
const only = process.argv[2];
for (const [name, alter] of Object.entries(ALTERATIONS)) {
  if (only && !name.includes(only)) continue;
  let top1 = 0, top5 = 0;
  const fails: string[] = [];
  for (let i = 0; i < images.length; i++) {
    const q = await descriptorEmbedder.embed(await alter(images[i]!, i));
    const sims = gallery.map((g, j) => { let s = 0; for (let k = 0; k < g.length; k++) s += g[k]! * q[k]!; return [s, j] as const; }).sort((a, b) => b[0] - a[0]);
    const rank = sims.findIndex(([, j]) => j === i);
    if (rank === 0) top1++; else if (fails.length < 4) fails.push(`${products[i]!.categorySlug}/${products[i]!.name}→${products[sims[0]![1]]!.name}`);
    if (rank < 5) top5++;
  }
  console.log(name.padEnd(40), "top1", (top1 / images.length).toFixed(3), "r@5", (top5 / images.length).toFixed(3), fails.join(" | "));
}
