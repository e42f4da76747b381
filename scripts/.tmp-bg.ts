import fs from "node:fs";
import { buildSeedProducts } from "@/server/seed/catalog-data";
import { decodeUpright } from "@/server/image-search/decode";
import { contentBox } from "@/server/image-search/descriptor";
import { ALTERATIONS } from "../tests/fixtures/image-alterations";
const products = buildSeedProducts();
let fails = 0;
for (let i = 0; i < products.length; i++) {
  const img = fs.readFileSync(`/tmp/gallery/${i}.webp`);
  const q = await ALTERATIONS["on another background with margins"]!(img, i);
  const d = await decodeUpright(q);
  const box = contentBox(d);
  const exp = { l: Math.round(256 * 0.12 * 1.2 / (1 + 0.12 * 2.2)), w: Math.round(256 / (1 + 0.12 * 2.2)) };
  const ok = box && Math.abs(box.width - exp.w) < 6 && Math.abs(box.left - exp.l) < 6;
  if (!ok) { fails++; if (fails < 12) console.log(i, i % 8, products[i]!.name.slice(0, 30), JSON.stringify(box), exp); }
}
console.log("bad boxes", fails);
const g = await decodeUpright(fs.readFileSync(`/tmp/gallery/0.webp`));
console.log("original box", contentBox(g));
